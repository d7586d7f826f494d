import KioskCore
import MetroMap
import Overlay
import Physics
import Raster
import Testing
@testable import Platform

/// The journey card handed to the scanout as a layer gives the same scanout bytes, frame after frame, as today's
/// path: the card composed into the map's buffer (saved under, restored) and the frame copied. Two kiosks side by
/// side, driven alike: pans, the card sliding in and dragged, its words changing, a control crossing it (which
/// puts the card back into the map's buffer), with and without the route's full-screen veil, on every rotation
/// and both scanout formats.
struct ScanoutLayerTests {
    static let demo = try! BundledMap.loadDemo()
    static let screen = IntRect(x: 0, y: 0, width: 72, height: 120)

    /// One kiosk's picture chain: a map buffer, the overlay over it, and its scanout buffer.
    final class Kiosk {
        let map = PixelBuffer(width: ScanoutLayerTests.screen.width, height: ScanoutLayerTests.screen.height)
        let pool = RenderPool(threads: 2)
        lazy var layer = OverlayLayer(pool: pool)
        let card = JourneyCardElement(settings: CardSettings(), fonts: nil, screen: ScanoutLayerTests.screen)
        let control = Square(Rect(x: 50, y: 4, width: 16, height: 12))
        let route = RouteHighlightElement(screen: ScanoutLayerTests.screen)
        let scanout: UnsafeMutableRawPointer
        let pitch: Int
        let rotation: OutputRotation
        let format: ScanoutPixelFormat
        let layered: Bool

        init(rotation: OutputRotation, format: ScanoutPixelFormat, layered: Bool, withRoute: Bool) {
            self.rotation = rotation
            self.format = format
            self.layered = layered
            let size = rotation.scanoutSize(uprightWidth: map.width, uprightHeight: map.height)
            pitch = size.width * format.bytesPerPixel + 8
            scanout = .allocate(byteCount: pitch * size.height, alignment: 64)
            scanout.initializeMemory(as: UInt8.self, repeating: 0, count: pitch * size.height)
            if withRoute { layer.add(route) }
            layer.add(card)
            layer.add(control)
        }

        deinit { scanout.deallocate() }

        /// Draws the map anew (a pan) when `seed` is given, and presents a frame at `time`. Returns the layers used.
        @discardableResult
        func frame(at time: Int64, mapSeed seed: UInt32?) -> Int {
            if let seed {
                layer.restoreMap()
                ScanoutLayerTests.paint(map, seed: seed)
            }
            layer.advance(to: time, map: MapProjection { ScreenPoint(x: $0.x * 0.2, y: $0.y * 0.2) })
            let mapDamage = seed == nil ? nil : map.bounds
            if layered {
                let (frame, damage) = layer.composeLayered(over: map, mapDamage: mapDamage)
                if let damage {
                    DamageCopy.copy(frame, damage: damage, to: scanout, pitchBytes: pitch, format: format,
                                    rotation: rotation, pool: pool)
                }
                return frame.layers.count
            }
            let (frame, damage) = layer.compose(over: map, mapDamage: mapDamage)
            if let damage {
                let shadow = ShadowFrame(pixels: UnsafePointer(frame.pixels), width: frame.width, height: frame.height,
                                         stridePixels: frame.stridePixels)
                DamageCopy.copy(from: shadow, damage: damage, to: scanout, pitchBytes: pitch, format: format,
                                rotation: rotation, pool: pool)
            }
            return 0
        }

        var bytes: [UInt8] {
            let size = rotation.scanoutSize(uprightWidth: map.width, uprightHeight: map.height)
            return [UInt8](UnsafeRawBufferPointer(start: scanout, count: pitch * size.height))
        }
    }

    /// A map picture that differs in every pixel with `seed`.
    static func paint(_ buffer: PixelBuffer, seed: UInt32) {
        for y in 0..<buffer.height {
            for x in 0..<buffer.width { buffer.setPixel(x: x, y: y, (UInt32(x) &* 7 &+ UInt32(y) &* 131 &+ seed &* 40_503) & 0xFF_FFFF) }
        }
    }

    static func content(_ destination: String) throws -> JourneyCardContent {
        try #require(JourneyCardContent(map: demo, destination: destination, origin: "north-gate",
                                        graph: StationGraph(map: demo), language: nil))
    }

    @Test(arguments: OutputRotation.allCases)
    func theCardAsALayerScansOutTheBytesOfTheCardComposedIntoTheMap(rotation: OutputRotation) throws {
        let first = try Self.content("museum"), second = try Self.content("seaside")
        for format in ScanoutPixelFormat.allCases {
            for withRoute in [false, true] {
                let kiosks = [false, true].map { Kiosk(rotation: rotation, format: format, layered: $0, withRoute: withRoute) }
                var step = 0, layerFrames = 0
                func frame(_ time: Int64, seed: UInt32?, _ what: String) {
                    step += 1
                    let layers = kiosks.map { $0.frame(at: time, mapSeed: seed) }
                    layerFrames += layers[1] > 0 ? 1 : 0
                    #expect(kiosks[0].bytes == kiosks[1].bytes,
                            "\(rotation) \(format) route \(withRoute), frame \(step) (\(what)): the scanouts differ")
                }
                frame(0, seed: 1, "map alone")
                for kiosk in kiosks {
                    kiosk.card.show(first, at: 0)
                    kiosk.card.open(to: .half, at: 0)
                    if withRoute { kiosk.route.show(first.routeStationIDs, on: Self.demo) }
                }
                for time in stride(from: Int64(20_000), through: 300_000, by: 40_000) { frame(time, seed: nil, "card slides in") }
                frame(2_000_000, seed: nil, "card at rest")
                for (k, seed) in [UInt32(2), 3, 4].enumerated() { frame(2_000_000 + Int64(k) * 16_667, seed: seed, "pan") }
                for kiosk in kiosks { kiosk.card.update(second) }
                frame(2_100_000, seed: nil, "card's words change")
                frame(2_116_667, seed: 5, "pan after the change")
                // A finger drags the sheet down by 23 px: it follows at whole and fractional rows.
                for kiosk in kiosks {
                    let top = Double(Self.screen.y1) - kiosk.card.extent + 10
                    _ = kiosk.card.touchDown(at: ScreenPoint(x: 30, y: top), timeMicroseconds: 2_200_000)
                    kiosk.card.touchMoved(to: ScreenPoint(x: 30, y: top + 23.4), timeMicroseconds: 2_210_000)
                }
                frame(2_216_667, seed: nil, "card dragged")
                frame(2_233_334, seed: 6, "pan under the dragged card")
                for kiosk in kiosks { kiosk.control.rect = Rect(x: 40, y: 70, width: 16, height: 12) }
                frame(2_250_000, seed: nil, "a control over the card")
                frame(2_266_667, seed: 7, "pan, the card under a control")
                for kiosk in kiosks { kiosk.control.rect = Rect(x: 50, y: 4, width: 16, height: 12) }
                frame(2_283_334, seed: nil, "the control off the card")
                frame(2_300_000, seed: 8, "pan, the card alone again")
                #expect(layerFrames >= 10, "\(rotation) \(format): the card went out as a layer in \(layerFrames) frames")
            }
        }
    }

    /// With the card a layer, a pan draws nothing of it into the map's buffer: the rows under it are the map's.
    @Test func aPanWithTheCardALayerLeavesTheMapsBufferClean() throws {
        let kiosk = Kiosk(rotation: .none, format: .xrgb8888, layered: true, withRoute: false)
        kiosk.card.show(try Self.content("museum"), at: 0)
        kiosk.card.open(to: .half, at: 0)
        kiosk.frame(at: 0, mapSeed: 1)
        #expect(kiosk.frame(at: 2_000_000, mapSeed: 2) == 1)
        let clean = PixelBuffer(width: kiosk.map.width, height: kiosk.map.height)
        Self.paint(clean, seed: 2)
        let differing = (0..<clean.height).filter { y in
            (0..<clean.width).contains { kiosk.map.pixel(x: $0, y: y) != clean.pixel(x: $0, y: y) }
        }
        // Only the control, drawn onto the map, differs.
        #expect(differing.allSatisfy { $0 < 20 }, "rows \(differing) of the map's buffer hold more than the control")
    }
}

/// A small opaque-looking control that is not an `OpaqueOverlayElement`: drawn onto the map as today.
final class Square: OverlayElement {
    var rect: Rect { didSet { changed = true } }
    private var changed = true

    init(_ rect: Rect) { self.rect = rect }

    var frame: ScreenRect? { ScreenRect(minX: Double(rect.minX), minY: Double(rect.minY), maxX: Double(rect.maxX), maxY: Double(rect.maxY)) }
    func advance(to timeMicroseconds: Int64, map: MapProjection) {}
    var needsRedraw: Bool { changed }
    func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { false }
    func draw(on canvas: Canvas) { canvas.fillRect(rect, color: Color(rgb: 0x2060C0, alpha: 200)) }
    func didPresent() { changed = false }
}
