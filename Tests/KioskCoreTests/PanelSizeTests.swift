import Foundation
import MetroMap
import Physics
import Raster
import Testing
import TouchInput
@testable import KioskCore

/// Millimetres on the glass: `[input] panel_size_mm` over the DRM connector's physical size over 96 dpi, one value
/// for the map's look, the controls and the touch slop.
struct PanelSizeTests {
    /// A 10.1" 1280×800 panel as its EDID reports it: 5.9 px/mm where 96 dpi would say 3.78.
    static let tenInch = MillimetreSize(width: 217, height: 136)
    static let demo = try! BundledMap.loadDemo()

    @Test func theConfiguredSizeBeatsTheConnectorWhichBeats96Dpi() {
        let configured = PanelSize.resolve(configured: MillimetreSize(width: 476, height: 268), connector: Self.tenInch, outputWidth: 1280, outputHeight: 800)
        #expect(configured == PanelSize(widthMillimetres: 476, heightMillimetres: 268, source: .configured))
        let connector = PanelSize.resolve(configured: nil, connector: Self.tenInch, outputWidth: 1280, outputHeight: 800)
        #expect(connector == PanelSize(widthMillimetres: 217, heightMillimetres: 136, source: .connector))
        let assumed = PanelSize.resolve(configured: nil, connector: nil, outputWidth: 1920, outputHeight: 1080)
        #expect(assumed.source == .assumed)
        #expect(abs(assumed.widthMillimetres - 508) < 1e-9 && abs(assumed.heightMillimetres - 285.75) < 1e-9)
        #expect(configured.description == "476x268 mm from [input] panel_size_mm")
        #expect(connector.description == "217x136 mm from the DRM connector")
        #expect(assumed.description == "508x285.8 mm, assumed 96 dpi")
    }

    /// What a connector reports is used only when it is a panel's size for the mode; a quarter turn swaps it.
    @Test func theConnectorsSizeIsCheckedAndTurnedWithThePicture() {
        func size(_ w: Int, _ h: Int, mode: (Int, Int) = (1920, 1080), _ rotation: OutputRotation = .none) -> [Double]? {
            PanelSize.connectorMillimetres(width: w, height: h, scanoutWidth: mode.0, scanoutHeight: mode.1, rotation: rotation)
                .map { [$0.width, $0.height] }
        }
        #expect(size(477, 268) == [477, 268])
        #expect(size(0, 0) == nil, "no EDID, or one without a size")
        #expect(size(477, 0) == nil)
        #expect(size(16, 9) == nil, "an aspect ratio in the size fields: 3048 dpi")
        #expect(size(48, 27) == nil, "centimetres in the size fields: 1016 dpi")
        #expect(size(3000, 1700) == nil, "a 3 m wall at 1080p is 16 dpi: no kiosk panel")
        #expect(size(1600, 900, mode: (1024, 768)) == nil)
        #expect(size(217, 136, mode: (1280, 800)) == [217, 136])
        // Mounted a quarter turn either way: the upright picture is as wide as the connector is tall.
        #expect(size(477, 268, .clockwise90) == [268, 477])
        #expect(size(477, 268, .clockwise270) == [268, 477])
        #expect(size(477, 268, .upsideDown180) == [477, 268])
    }

    /// The label cap height and the line/marker floors come from the connector's size when the config has none.
    @Test func aTenInchPanelReportedByTheConnectorGetsBiggerLabelsThan96Dpi() throws {
        let config = try KioskConfigLoader.parse(text: "[text]\nmin_cap_height_mm = 3\n", fileName: "kiosk.toml")
        let assumed = config.mapStyle(outputWidth: 1280, outputHeight: 800)
        let panel = config.mapStyle(outputWidth: 1280, outputHeight: 800, connectorMillimetres: Self.tenInch)
        let perMillimetre = (1280 / 217.0 + 800 / 136.0) / 2
        #expect(abs(config.pixelsPerMillimetre(outputWidth: 1280, outputHeight: 800, connectorMillimetres: Self.tenInch)
                    - perMillimetre) < 1e-9)
        #expect(abs(panel.minimumCapHeightPixels - 3 * perMillimetre) < 1e-6)
        #expect(abs(assumed.minimumCapHeightPixels - 3 * 96 / 25.4) < 1e-6)
        #expect(panel.labelPixels() > assumed.labelPixels() * 1.5, "\(panel.labelPixels()) px vs \(assumed.labelPixels()) px")
        #expect(panel.minimumLineWidthPixels > assumed.minimumLineWidthPixels)
        #expect(panel.minimumStationRadiusPixels > assumed.minimumStationRadiusPixels)
    }

    @Test func panelSizeMmOverridesTheConnector() throws {
        let config = try KioskConfigLoader.parse(text: "[input]\npanel_size_mm = [476.0, 268.0]\n", fileName: "kiosk.toml")
        let withConnector = config.mapStyle(outputWidth: 1280, outputHeight: 800, connectorMillimetres: Self.tenInch)
        let configuredOnly = config.mapStyle(outputWidth: 1280, outputHeight: 800)
        #expect(withConnector.labelPixels() == configuredOnly.labelPixels())
        #expect(withConnector.minimumCapHeightPixels == configuredOnly.minimumCapHeightPixels)
        #expect(config.panelSize(width: 1280, height: 800, connectorMillimetres: Self.tenInch).source == .configured)
    }

    @Test func aConnectorReporting0x0FallsBackTo96Dpi() {
        let config = KioskConfig()
        let reported = PanelSize.connectorMillimetres(width: 0, height: 0, scanoutWidth: 1280, scanoutHeight: 800, rotation: .none)
        #expect(reported == nil)
        let style = config.mapStyle(outputWidth: 1280, outputHeight: 800, connectorMillimetres: reported)
        #expect(abs(style.minimumCapHeightPixels - 3 * 96 / 25.4) < 1e-6)
        #expect(config.panelSize(width: 1280, height: 800, connectorMillimetres: reported).source == .assumed)
    }

    /// Portrait: a 1080×1920 upright picture on a landscape panel turned 90°; the connector's 477×268 mm becomes
    /// 268×477, so both axes agree on 4.03 px/mm (unswapped they would say 2.26 and 7.16).
    @Test func aQuarterTurnKeepsTheAxesConsistent() {
        let upright = PanelSize.connectorMillimetres(width: 477, height: 268, scanoutWidth: 1920, scanoutHeight: 1080,
                                                     rotation: .clockwise90)
        let geometry = KioskConfig().panelGeometry(width: 1080, height: 1920, connectorMillimetres: upright)
        #expect(abs(Double(geometry.outputSize.width) / geometry.widthMillimetres
                    - Double(geometry.outputSize.height) / geometry.heightMillimetres) < 0.01)
        #expect(abs(geometry.pixelsPerMillimetre - 1920 / 477.0) < 0.01)
    }

    /// The loop takes the size from its output: the touch slop, the map's look and the controls all follow it. An
    /// output reporting a 10" panel gets controls sized for 5.9 px/mm, not 3.78.
    @Test func theLoopUsesItsOutputsPhysicalSize() throws {
        let config = try KioskConfigLoader.parse(text: "[controls]\n", fileName: "kiosk.toml")
        func loop(_ millimetres: MillimetreSize?) throws -> KioskLoop {
            let clock = SimulatedClock(startMicroseconds: 0)
            return try KioskLoop(map: Self.demo, config: config, fonts: nil, input: TraceInput(frames: []),
                                 output: PanelOutput(physicalSizeMillimetres: millimetres), clock: clock)
        }
        let panel = try loop(Self.tenInch), assumed = try loop(nil)
        #expect(panel.panel == PanelSize(widthMillimetres: 217, heightMillimetres: 136, source: .connector))
        #expect(assumed.panel.source == .assumed)
        let big = try #require(panel.controls?.buttons.first?.rect.width)
        let small = try #require(assumed.controls?.buttons.first?.rect.width)
        let button = config.controls?.placement.buttonMillimetres ?? 0
        #expect(abs(Double(big) - button * 800 / 136) < 0.5, "\(big) px for \(button) mm")
        #expect(abs(Double(small) - button * 96 / 25.4) < 0.5, "\(small) px for \(button) mm")
    }
}

/// An output that knows its glass, as a DRM output whose connector reports a size does.
private final class PanelOutput: KioskOutput {
    let width = 1280, height = 800, refreshMillihertz = 60_000
    let physicalSizeMillimetres: MillimetreSize?

    init(physicalSizeMillimetres: MillimetreSize?) {
        self.physicalSizeMillimetres = physicalSizeMillimetres
    }

    func present(_ frame: PixelBuffer, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64 { predictedMicroseconds }
}
