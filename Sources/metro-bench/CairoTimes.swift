import ArgumentParser
import Raster

/// Cairo's times, measured once per scene and size: cairo draws on one thread whatever our thread count is, so
/// every row of a scene compares with the same figure.
final class CairoTimes {
    private let timer: FrameTimer
    private let fonts: CairoFontFaces
    private var drawn: [String: (Double, PixelBuffer)] = [:]
    private var scaledTimes: [String: Double] = [:]

    init(timer: FrameTimer, fonts: CairoFontFaces) {
        self.timer = timer
        self.fonts = fonts
    }

    func draw(_ bench: BenchmarkScene, key: String) throws -> (Double, PixelBuffer) {
        if let known = drawn[key] { return known }
        let peer = PixelBuffer(width: bench.width, height: bench.height)
        guard let cairo = CairoSceneRenderer(buffer: peer, fonts: fonts) else {
            throw ValidationError("cairo cannot draw into a \(bench.sizeName) XRGB8888 buffer")
        }
        let result = (timer.medianMilliseconds { cairo.draw(bench.scene) }, peer)
        drawn[key] = result
        return result
    }

    /// A bilinear scale of `source` by `zoom` about its centre.
    func scaled(_ source: PixelBuffer, zoom: Double, key: String) -> Double? {
        if let known = scaledTimes[key] { return known }
        let peer = PixelBuffer(width: source.width, height: source.height)
        let time = CairoSceneRenderer(buffer: peer, fonts: fonts).map { cairo in
            timer.medianMilliseconds {
                cairo.drawScaled(source, zoom: zoom, about: Point(Float(source.width) / 2, Float(source.height) / 2))
            }
        }
        scaledTimes[key] = time
        return time
    }
}
