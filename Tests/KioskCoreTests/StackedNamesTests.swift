import Foundation
import MetroMap
import Raster
import Testing
@testable import Cartography
@testable import KioskCore

/// Stations that share one interchange's mark can have their names set as one block, one under the other, as the
/// official Moscow diagram sets "Новослободская / Менделеевская" (issue 29). At twice Moscow's fitted 1080p view
/// Сретенский бульвар, which shares its mark with Тургеневская and Чистые пруды, had no place of its own: every place
/// free of the lines was another hub's name; "Тургеневская / Сретенский бульвар" now sits where Пушкинская and Цветной
/// бульвар were, which join their own marks' blocks ("Чеховская / Пушкинская", "Цветной бульвар / Трубная").
@Suite(.serialized)
struct StackedNamesTests {
    @Test func aSharedMarksNamesAreOneDrawnBlockAtTwice() throws {
        let (audit, builder, camera) = try InterchangesAtTwiceTests.twice(city: "pmetro-moscow")
        let drawing = builder.drawing
        let member = try #require(drawing.labels.firstIndex { $0.text == "Сретенский бульвар" })
        let placed = builder.placedLabels(scale: camera.scale) ?? []
        #expect(!placed.contains { $0.labelIndex == member }, "its own box as well as the block")
        let block = try #require(placed.first { $0.members.contains(member) }, "no block holds Сретенский бульвар")
        let lead = drawing.labels[block.labelIndex].text
        #expect(["Тургеневская", "Чистые пруды"].contains(lead))
        // Both names, each whole on its lines (the member's may be wrapped), in one box.
        let texts = block.lines.map(\.text)
        #expect(texts.contains(lead))
        #expect(texts.filter { $0 != lead }.joined(separator: " ") == "Сретенский бульвар", "\(texts)")
        let box = block.textBounds
        for line in block.lines {
            #expect(line.origin.x >= box.minX - 0.01 && line.origin.y > box.minY && line.origin.y < box.maxY, "\(line.text)")
        }
        #expect(audit.interchanges.first { $0.name == "Сретенский бульвар" }?.labelled == true)
        // Drawn: a text command at each of its lines.
        let offsetX = Int(camera.offset.x.rounded()), offsetY = Int(camera.offset.y.rounded())
        let scene = builder.scene(offsetX: offsetX, offsetY: offsetY, scale: camera.scale,
                                  visible: IntRect(x0: 0, y0: 0, x1: 1920, y1: 1080))
        let origins = scene.commands.compactMap { command -> Raster.Point? in
            if case .text(let text) = command { return text.origin }
            return nil
        }
        for line in block.lines {
            let x = line.origin.x - Float(offsetX), y = line.origin.y - Float(offsetY)
            #expect(origins.contains { abs($0.x - x) < 0.01 && abs($0.y - y) < 0.01 }, "\(line.text) not drawn")
        }
    }
}
