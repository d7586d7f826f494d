import MetroMap
import Overlay
import Physics
import Raster
import Testing
@testable import Cartography
@testable import KioskCore

/// The live-service strip across the top is a fixed region: the control column and the overview inset placed at the
/// top edge move below it while it shows, in landscape and portrait, with or without a card, and go back when it
/// goes.
struct ControlsBelowStripTests {
    static let demo = try! BundledMap.loadDemo()

    static func controls(corner: ControlCorner, width: Int, height: Int) throws -> KioskControls {
        var config = KioskConfig()
        config.map.youAreHere = "North Gate"
        config.map.languages = ["en", "ru"]
        var settings = KioskConfig.ControlsSettings()
        settings.placement.corner = corner
        config.controls = settings
        return try #require(KioskControls(config: config, map: demo, fonts: nil, width: width, height: height))
    }

    @Test(arguments: [(1280, 800), (800, 1280)])
    func noControlIsUnderTheStrip(width: Int, height: Int) throws {
        let strip = ServiceStatusStripElement(screen: IntRect(x: 0, y: 0, width: width, height: height), fonts: nil)
        strip.show(["Montgomery St closed"], warning: true)
        let band = try #require(strip.band)
        let screen = ScreenRect(x: 0, y: 0, width: Double(width), height: Double(height))
        // No card, a bottom sheet, a side sheet.
        let sheets: [ScreenRect?] = [nil, ScreenRect(x: 0, y: screen.height * 0.6, width: screen.width, height: screen.height * 0.4),
                                     ScreenRect(x: 0, y: 0, width: screen.width * 0.4, height: screen.height)]
        for corner in ControlCorner.allCases {
            let controls = try Self.controls(corner: corner, width: width, height: height)
            let home = controls.buttons.map(\.rect)
            if corner.isTop { #expect(home.contains { OverlayLayout.overlaps($0, band) }, "\(corner): the strip covers the column's home") }
            controls.band = band
            for sheet in sheets {
                controls.layOut(clearOf: sheet)
                for button in controls.buttons where !button.isFolded {
                    #expect(!OverlayLayout.overlaps(button.rect, band), "\(width)×\(height) \(corner) sheet \(String(describing: sheet)): \(button.kind) \(button.rect) under \(band)")
                    #expect(button.rect.minY >= 0 && button.rect.maxY <= screen.maxY)
                }
                for region in controls.regions(clearOf: sheet) + controls.labelRegions(clearOf: sheet) {
                    #expect(!OverlayLayout.overlaps(region, band), "\(width)×\(height) \(corner): \(region) under the strip")
                }
                if let inset = controls.inset, let rect = inset.rect(in: inset.corner) {
                    #expect(!OverlayLayout.overlaps(rect, band), "\(width)×\(height) \(corner): the inset under the strip")
                }
            }
            // The strip gone, the column is back where the config puts it.
            controls.band = nil
            controls.layOut(clearOf: nil)
            #expect(controls.buttons.map(\.rect) == home)
        }
    }

    /// The line legend in a top corner goes below the strip too; in a bottom corner it stays.
    @Test func aLegendAtTheTopGoesBelowTheStrip() throws {
        let fonts = FontStack(fonts: [try Font.loadDefault()])
        let screen = IntRect(x: 0, y: 0, width: 1280, height: 800)
        let strip = ServiceStatusStripElement(screen: screen, fonts: nil)
        strip.show(["Red Line: delays"], warning: true)
        let band = try #require(strip.band)
        for corner in LineLegendElement.Corner.allCases {
            let legend = LineLegendElement(entries: LineBadges.legendEntries(of: Self.demo), corner: corner, screen: screen,
                                           capHeightPixels: 10, fonts: fonts)
            let home = try #require(legend.frame)
            legend.topInset = Float(band.maxY)
            let shown = try #require(legend.frame)
            #expect(!OverlayLayout.overlaps(shown, band), "\(corner): \(shown) under the strip")
            let isTop = corner == .topLeft || corner == .topRight
            #expect(shown.minY == home.minY + (isTop ? band.maxY : 0))
        }
    }
}
