import Cartography
import KioskCore
import MetroMap
import Overlay
import Platform
import Raster

/// A pan frame with the journey card open over it, beside a plain pan frame timed in the same run, each as the kiosk
/// makes a frame: the elements come off the map's buffer, the map renderer serves the pan from its previous frame,
/// the overlay composes as the kiosk's loop does (the card alone onto the map's buffer; card and veil over a copy of
/// the map), and the damage is copied to a scanout buffer as DRMOutput does. The card's picture is drawn once when
/// it is shown; each frame only copies its visible rows. `route` adds the route drawn over a veil (a full-screen
/// blend). `layered`: the card goes to the scanout copy as a layer of its own picture (as the kiosk does on a DRM
/// display); without, it is composed into the map's buffer with save and restore (the "flat" rows, for comparison).
/// Layered, the map is not drawn under the card (`render(..., hidden:)`), as in the kiosk's loop; the row names the
/// map pixels drawn per frame. The scanout copy turns the frame as the panel is mounted (a portrait size turned 90°
/// unless given `@0`).
enum CardPanRow {
    static func run(_ real: MapBenchmark, _ panel: Panel, pool: RenderPool, timer: FrameTimer, route: Bool,
                    layered: Bool = true) -> [BenchmarkRow] {
        let (width, height) = (panel.width, panel.height)
        let start = real.views(width: width, height: height)[1].view
        let geometry = real.geometry(width: width, height: height)
        let pitch = (width * 4 + 63) / 64 * 64
        let scanout = UnsafeMutableRawPointer.allocate(byteCount: pitch * height, alignment: 64)
        defer { scanout.deallocate() }
        var drawnPixels = 0, frames = 0
        func panFrames(_ overlay: OverlayLayer?) -> Double {
            drawnPixels = 0
            frames = 0
            let renderer = MapFrameRenderer(width: width, height: height, builder: real.builder(), pool: pool)
            let picture = overlay.map { MapUnderOverlay(renderer: renderer, overlay: $0) }
            func present(_ buffer: PixelBuffer, _ damage: IntRect?) {
                guard let damage else { return }
                let frame = ShadowFrame(pixels: UnsafePointer(buffer.pixels), width: width, height: height,
                                        stridePixels: buffer.stridePixels)
                DamageCopy.copy(from: frame, damage: damage, to: scanout, pitchBytes: pitch, format: .xrgb8888,
                                rotation: panel.rotation, pool: pool)
            }
            renderer.render(start, scaleSettled: true)
            var step = 0
            return timer.medianMilliseconds {
                step += 1
                let (dx, dy) = step % 2 == 0 ? (0, 0) : (7, -4)
                let view = MapFrameRenderer.View(offsetX: start.offsetX + dx, offsetY: start.offsetY + dy, scale: start.scale)
                // As the kiosk loop does: the overlay advances, the map is not drawn under what goes out as a layer,
                // and map and overlay share the buffer through `MapUnderOverlay`.
                let camera = Camera(offset: .init(x: Double(view.offsetX), y: Double(view.offsetY)), scale: view.scale)
                overlay?.advance(to: 10_000_000, map: MapProjection { geometry.screenPoint(ofScheme: $0, camera: camera) })
                let hidden = layered ? overlay?.opaqueLayerPixels(bounds: renderer.buffer.bounds) ?? [] : []
                let frame = picture?.render(view, scaleSettled: true, hidden: hidden)
                    ?? renderer.render(view, scaleSettled: true, hidden: hidden)
                drawnPixels += frame.drawnPixels
                frames += 1
                guard let picture else {
                    present(renderer.buffer, frame.damage)
                    return
                }
                let composed = picture.compose(mapDamage: frame.damage, layered: layered)
                guard let damage = composed.damage else { return }
                DamageCopy.copy(composed.frame, damage: damage, to: scanout, pitchBytes: pitch, format: .xrgb8888,
                                rotation: panel.rotation, pool: pool)
            }
        }
        let plain = panFrames(nil)
        let plainDrawn = drawnPixels / max(1, frames)
        let overlay = OverlayLayer(pool: pool)
        let screen = IntRect(x: 0, y: 0, width: width, height: height)
        let card = JourneyCardElement(settings: CardSettings(), fonts: FontStack(fonts: [real.font]), screen: screen)
        // The longest of a few routes through the middle of the scheme, so the card has steps and stops to copy.
        let graph = StationGraph(map: real.map)
        let ids = real.map.stations.map(\.id)
        let content = (1..<6).compactMap { index in
            JourneyCardContent(map: real.map, destination: ids[ids.count * index / 6], origin: ids[0], graph: graph, language: nil)
        }.max { $0.routeStationIDs.count < $1.routeStationIDs.count }
        let highlight = RouteHighlightElement(screen: screen)
        if route { overlay.add(highlight) }
        overlay.add(card)
        if let content {
            card.show(content, at: 0)
            card.open(to: .half, at: 0)
            if route { highlight.show(content.routeStationIDs, on: real.map) }
        }
        let withCard = panFrames(overlay)
        let cardDrawn = drawnPixels / max(1, frames)
        let suffix = "\(panel.sizeName)\(panel.rotationNote) t\(pool.threadCount)"
        let label = (route ? "pan+card+route" : "pan+card") + (layered ? "" : " flat")
        return [BenchmarkRow(name: "\(label) \(suffix) (\(String(format3: withCard / plain))× pan frame \(String(format3: plain)) ms; "
                                 + "map drawn \(cardDrawn) px/frame, \(plainDrawn) without the card)",
                             oursMilliseconds: withCard, peerMilliseconds: nil, sizeName: panel.sizeName)]
    }
}
