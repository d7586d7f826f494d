import MetroMap
import Overlay
import Physics
import Raster
import TestSupport
import Testing
@testable import Cartography
@testable import KioskCore

/// No two parts of the overlay share any of the screen: the journey card, the control column, the overview inset,
/// the line legend and the live-service strip, on every screen shape, legend corner, column corner and card state
/// enumerated here (Singapore, a city no layout was tuned to). The legend keeps its corner unless the card or the
/// column covers it; the inset keeps out of the legend wherever it is.
struct OverlayPartsApartTests {
    static let singapore = try! PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-singapore").path).map
    static let fonts = FontStack(fonts: [try! Font.loadDefault()])

    /// The regions each part rests in after the layout pass, named for the failure message; folded parts have none.
    static func parts(controls: KioskControls, legend: LineLegendElement, card: ScreenRect?, band: ScreenRect?) -> [(String, ScreenRect)] {
        var parts: [(String, ScreenRect)] = []
        if let card { parts.append(("card", card)) }
        if let band { parts.append(("strip", band)) }
        let column = controls.buttons.filter { !$0.isFolded }.map(\.rect)
        if let union = OverlayLayout.union(column) { parts.append(("column", union)) }
        if let frame = legend.frame { parts.append(("legend \(legend.corner.rawValue)", frame)) }
        if let inset = controls.inset, !inset.isFolded, let rect = inset.rect(in: inset.corner) { parts.append(("inset \(inset.corner.rawValue)", rect)) }
        return parts
    }

    @Test(arguments: [(1920, 1080), (1080, 1920), (1280, 800), (800, 1280)])
    func noTwoPartsOverlap(width: Int, height: Int) throws {
        let screen = IntRect(x: 0, y: 0, width: width, height: height)
        var config = KioskConfig()
        config.map.youAreHere = "City Hall"
        let card = JourneyCardElement(settings: config.cardSettings(), fonts: nil, screen: screen)
        let strip = ServiceStatusStripElement(screen: screen, fonts: nil)
        strip.show(["North South Line: delays"], warning: true)
        // The legend at the labels' cap height on this screen, as the kiosk sets it.
        let capHeight = config.mapStyle(outputWidth: width, outputHeight: height).labelPixels() * Float(MapStyle.capHeightRatio)
        let sheets: [ScreenRect?] = [nil] + CardAnchor.allCases.map { card.region(at: $0) }
        var layouts = 0
        for controlsCorner in ControlCorner.allCases {
            var settings = KioskConfig.ControlsSettings()
            settings.placement.corner = controlsCorner
            config.controls = settings
            for legendCorner in LineLegendElement.Corner.allCases {
                let controls = try #require(KioskControls(config: config, map: Self.singapore, fonts: nil, width: width, height: height))
                let legend = LineLegendElement(entries: LineBadges.legendEntries(of: Self.singapore), corner: legendCorner,
                                               screen: screen, capHeightPixels: capHeight, fonts: Self.fonts)
                #expect(legend.frame != nil, "the legend fits \(width)×\(height)")
                controls.legend = legend
                for band in [nil, strip.band] {
                    controls.band = band
                    legend.topInset = Float(band?.maxY ?? 0)
                    for sheet in sheets {
                        controls.layOut(clearOf: sheet)
                        let parts = Self.parts(controls: controls, legend: legend, card: sheet, band: band)
                        for (i, a) in parts.enumerated() {
                            for b in parts[(i + 1)...] {
                                #expect(!OverlayLayout.overlaps(a.1, b.1),
                                        "\(width)×\(height) column \(controlsCorner.rawValue), legend \(legendCorner.rawValue), card \(String(describing: sheet)), strip \(band != nil): \(a.0) \(a.1) meets \(b.0) \(b.1)")
                            }
                        }
                        // What the camera and the labels keep clear of is where the parts rest.
                        let regions = controls.regions(clearOf: sheet)
                        if let frame = legend.frame { #expect(regions.contains(frame), "the camera keeps out of the legend") }
                        layouts += 1
                    }
                }
                // No card and no strip: the legend is back in its own corner.
                controls.band = nil
                legend.topInset = 0
                controls.layOut(clearOf: nil)
                #expect(legend.corner == legendCorner || controls.buttons.contains { OverlayLayout.overlaps($0.rect, legend.rect(in: legendCorner)!) })
            }
        }
        #expect(layouts == 4 * 4 * 2 * sheets.count)
    }
}
