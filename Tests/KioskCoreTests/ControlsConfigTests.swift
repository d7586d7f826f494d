import Foundation
import Overlay
import Raster
import TestSupport
import Testing
@testable import Cartography
@testable import KioskCore

/// `[controls]`: optional, every key read, and a column that cannot fit reported at the key to change.
struct ControlsConfigTests {
    func problems(_ text: String) -> [String] {
        do {
            _ = try KioskConfigLoader.parse(text: text, fileName: "controls.toml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func withoutTheSectionThereAreNoControlsAndAnEmptySectionGivesTheDefaults() throws {
        #expect(try KioskConfigLoader.parse(text: "", fileName: "none.toml").controls == nil)
        #expect(try KioskConfigLoader.parse(text: "[controls]\n", fileName: "on.toml").controls == KioskConfig.ControlsSettings())
        #expect(KioskConfig.ControlsSettings().buttons(languages: ["en", "ru"]).first == .search, "search heads the column")
    }

    /// The commented section of `configs/kiosk.toml`, uncommented, is the defaults (bar the example height range).
    @Test func theDocumentedSectionUncommentedIsTheDefaults() throws {
        let text = try String(contentsOf: RepositoryPaths.file("configs/kiosk.toml"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "# [controls]\n").last)
        let keys = section.split(separator: "\n").filter { $0.range(of: #"^# [a-z_]+ = "#, options: .regularExpression) != nil }
            .map { $0.dropFirst(2) }
        #expect(keys.count == 14, "every key of [controls]")
        let config = try KioskConfigLoader.parse(text: "[input]\npanel_size_mm = [600, 1000]\n[controls]\n" + keys.joined(separator: "\n"),
                                                 fileName: "documented.toml")
        var expected = KioskConfig.ControlsSettings()
        expected.placement.heightMillimetres = 100...800
        #expect(config.controls == expected)
    }

    @Test func everyKeyIsRead() throws {
        let config = try KioskConfigLoader.parse(text: """
            [input]
            panel_size_mm = [400, 700]
            [controls]
            corner = "top-left"
            button_mm = 20
            gap_mm = 5
            margin_mm = 12
            height_mm = [380, 600]
            inset_mm = 60
            zoom = true
            home = false
            language = false
            accessible = true
            inset = false
            search = false
            idle_warning_s = 15
            """, fileName: "all.toml")
        let controls = try #require(config.controls)
        #expect(controls.placement.corner == .topLeft && controls.placement.buttonMillimetres == 20)
        #expect(controls.placement.gapMillimetres == 5 && controls.placement.marginMillimetres == 12)
        #expect(controls.placement.heightMillimetres == 380...600 && controls.placement.insetMillimetres == 60)
        #expect(!controls.home && !controls.language && controls.accessible && !controls.inset && !controls.search
                && controls.idleWarningSeconds == 15)
        #expect(controls.buttons(languages: ["en", "ru"]) == [.zoomIn, .zoomOut, .accessible])
    }

    @Test func badValuesAreLocatedErrors() {
        let found = problems("""
            [controls]
            corner = "middle"
            button_mm = 5
            height_mm = [600, 400]
            flashing = true
            """)
        #expect(found.contains { $0.hasPrefix("controls.toml:2:1: [controls]: 'corner' must be one of \"top-left\"") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("controls.toml:3:1: [controls]: 'button_mm' must be at least 12") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("controls.toml:4:1: [controls]: 'height_mm' must be [lowest, highest]") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("controls.toml:5:") && $0.contains("flashing") }, "\(found)")
    }

    @Test func overlappingOrUnreachableControlsAreLocatedAtTheKeyToChange() {
        // Six 18 mm buttons (search heads the column) need 128 mm; 380–450 mm above the bottom edge leaves 70.
        let crowded = problems("""
            [input]
            panel_size_mm = [300, 1000]
            [map]
            languages = ["en", "ru"]
            [controls]
            height_mm = [380, 450]
            """)
        #expect(crowded.count == 1 && crowded[0].hasPrefix("controls.toml:6:1: [controls]: the 6 buttons need 128 mm"), "\(crowded)")
        let tooHigh = problems("[input]\npanel_size_mm = [300, 500]\n[controls]\nheight_mm = [380, 1220]\n")
        #expect(tooHigh.contains { $0.hasPrefix("controls.toml:4:1: [controls]: height_mm reaches 1220 mm but the panel is only 500 mm tall") },
                "\(tooHigh)")
        let wideInset = problems("[input]\npanel_size_mm = [150, 300]\n[controls]\ninset_mm = 130\n")
        #expect(wideInset.count == 1 && wideInset[0].hasPrefix("controls.toml:4:1: [controls]: a 130 mm inset overlaps the buttons"),
                "\(wideInset)")
        let lateWarning = problems("[kiosk]\nidle_timeout_s = 8\n[controls]\nidle_warning_s = 10\n")
        #expect(lateWarning.contains { $0.hasPrefix("controls.toml:4:1: [controls]: idle_warning_s 10 must be less than") }, "\(lateWarning)")
        // Without a known panel size the layout waits for the display; the keys themselves were fine.
        #expect(problems("[controls]\ninset_mm = 200\n").isEmpty)
    }

    /// WCAG 1.4.6 for the map's labels in accessible mode, 1.4.3 in the everyday style; 5 mm cap height.
    @Test func accessibleModeLabelsContrastAtLeastSevenToOneAndStandFiveMillimetresTall() {
        for pair in AccessibleMapStyle.textPairs(of: MapStyle()) {
            #expect(ContrastRatio.between(pair.text, pair.background) >= 4.5, "\(pair.name)")
        }
        let accessible = AccessibleMapStyle.make(from: MapStyle(), pixelsPerMillimetre: 4)
        for pair in AccessibleMapStyle.textPairs(of: accessible) {
            #expect(ContrastRatio.between(pair.text, pair.background) >= 7, "\(pair.name)")
        }
        // Labels have one size at every zoom now: its cap height is at least 5 mm (20 px at 4 px/mm), 1.5× the everyday.
        let normal = Double(MapStyle().labelPixels())
        let larger = Double(accessible.labelPixels())
        #expect(larger * MapStyle.capHeightRatio >= 20 - 1e-6, "\(larger) px")
        #expect(larger >= normal * 1.5 - 1e-6, "at least 1.5× the everyday size")
        for scale in [0.01, 0.3, 1.0, 5.0] {
            #expect(accessible.lineWidthPixels(scale: scale) >= MapStyle().lineWidthPixels(scale: scale) * 1.5 - 1e-4)
        }
    }
}
