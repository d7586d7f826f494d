import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import KioskCore
import Raster
import TouchInput

@main
struct MetroBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metro-bench",
        abstract: "Renders metro scenes with our rasterizer and with cairo in the same run and prints ms per frame.")

    @Flag(name: .long, help: "Print one JSON object per row instead of a table.")
    var json = false

    @Option(name: .long, help: "Write each case's frame from both renderers as PNGs into this directory.")
    var pngDir: String?

    @Flag(name: .long, help: "Also time each kind of command alone (lines, stations, labels), and the scene without stamps.")
    var breakdown = false

    @Option(name: .customLong("case"), help: "Run only the cases whose name contains this text.")
    var caseFilter: String?

    @Option(name: .long, help: "Seconds to spend timing each renderer per case (at least 10 frames).")
    var seconds: Double = 1.0

    @Option(name: .long, help: "A pMetro city folder to render (default: ../shared/data/maps/pmetro-moscow when present).")
    var pmetro: String?

    @Flag(name: .long, help: "Also run the synthetic metro-like scene.")
    var synthetic = false

    @Option(name: .long, help: "A folder of evemu recordings for the touch pipeline row (default: ../shared/data/touch/evemu).")
    var touch: String?

    private var touchRecordingsDirectory: String? {
        if let touch { return touch }
        let shared = "../shared/data/touch/evemu"
        return FileManager.default.fileExists(atPath: shared) ? shared : nil
    }

    private var pMetroDirectory: String? {
        if let pmetro { return pmetro }
        let shared = "../shared/data/maps/pmetro-moscow"
        return FileManager.default.fileExists(atPath: shared + "/Metro.trp") ? shared : nil
    }

    func run() throws {
        let regular = try Font.loadDefault()
        let bold = try Font.loadDefault(bold: true)
        var scenes: [BenchmarkScene] = []
        if synthetic || pMetroDirectory == nil {
            for (width, height) in [(1280, 800), (1920, 1080)] {
                scenes.append(BenchmarkScene(name: "synthetic", width: width, height: height,
                                             scene: SyntheticMetroScene.make(width: width, height: height,
                                                                             regular: regular, bold: bold)))
            }
        }
        let real = try pMetroDirectory.map { try MapBenchmark(pMetroDirectory: $0, font: regular) }
        if let real {
            let builder = real.builder()
            for (width, height) in [(1280, 800), (1920, 1080)] {
                for (label, view) in real.views(width: width, height: height) {
                    scenes.append(BenchmarkScene(name: label, width: width, height: height,
                                                 scene: real.scene(view, width: width, height: height, builder: builder)))
                }
            }
        }
        // The same scheme labelled in Japanese, drawn with the kiosk's default font stack (Noto Sans CJK via fallback).
        if let real, let fonts = try? FontStack.loadDefault() {
            let japanese = MapDrawing(map: CJKStationNames.relabel(real.map), languages: ["ja"])
            let builder = MapSceneBuilder(drawing: japanese, fonts: fonts)
            for (width, height) in [(1280, 800), (1920, 1080)] {
                for (label, view) in real.views(width: width, height: height) {
                    scenes.append(BenchmarkScene(name: "cjk \(label)", width: width, height: height,
                                                 scene: real.scene(view, width: width, height: height, builder: builder)))
                }
            }
        }
        let timer = FrameTimer(targetSeconds: seconds)
        let cairoFonts = CairoFontFaces()
        // Each case is named before it runs, so --case can pick rows without timing the others.
        var cases: [(name: String, run: () throws -> BenchmarkRow)] = []
        for bench in scenes {
            cases.append(("full-redraw \(bench.name) \(bench.sizeName)",
                          { try fullRedraw(bench, timer: timer, cairoFonts: cairoFonts) }))
            if breakdown {
                for part in SceneCommandKind.allCases {
                    let only = BenchmarkScene(name: "\(bench.name) \(part) only", width: bench.width,
                                              height: bench.height, scene: part.filter(bench.scene))
                    cases.append(("full-redraw \(only.name) \(only.sizeName)",
                                  { try fullRedraw(only, timer: timer, cairoFonts: cairoFonts) }))
                }
                let exact = BenchmarkScene(name: "\(bench.name) no-stamps", width: bench.width, height: bench.height,
                                           scene: bench.scene)
                cases.append(("full-redraw \(exact.name) \(exact.sizeName)",
                              { try fullRedraw(exact, timer: timer, cairoFonts: cairoFonts, stamps: false) }))
            }
        }
        for bench in scenes where bench.name == "synthetic" {
            cases.append(("pan \(bench.name) \(bench.sizeName)", { panRow(bench, timer: timer) }))
            cases.append(("pinch \(bench.name) \(bench.sizeName)", { pinchRow(bench, timer: timer) }))
        }
        if let real {
            for (width, height) in [(1280, 800), (1920, 1080)] {
                cases.append(("frame fitted \(width)x\(height)", { frameRow(real, width: width, height: height, timer: timer) }))
                cases.append(("pan \(width)x\(height)", { mapPanRow(real, width: width, height: height, timer: timer) }))
                cases.append(("pinch \(width)x\(height)", { mapPinchRow(real, width: width, height: height, timer: timer) }))
            }
        }
        for (width, height) in [(1280, 800), (1920, 1080)] {
            cases.append(("rgb565 \(width)x\(height)", { rgb565Row(width: width, height: height, timer: timer) }))
        }
        let recordings = touchRecordingsDirectory
        if let recordings {
            cases.append(("touch pipeline per 1000 events", { try touchRow(directory: recordings, timer: timer) }))
        }
        var rows: [BenchmarkRow] = []
        for (name, run) in cases where caseFilter.map({ name.contains($0) }) ?? true {
            rows.append(try run())
        }
        if json {
            for row in rows { print(row.json) }
        } else {
            print(BenchmarkRow.table(rows))
        }
    }

    /// `stamps: false` rasterizes every station marker instead of blitting cached masks.
    private func fullRedraw(_ bench: BenchmarkScene, timer: FrameTimer, cairoFonts: CairoFontFaces,
                            stamps: Bool = true) throws -> BenchmarkRow {
        let ours = PixelBuffer(width: bench.width, height: bench.height)
        let canvas = Canvas(buffer: ours)
        canvas.usesStampCache = stamps
        let oursMs = timer.medianMilliseconds { canvas.draw(bench.scene) }
        let peer = PixelBuffer(width: bench.width, height: bench.height)
        guard let cairo = CairoSceneRenderer(buffer: peer, fonts: cairoFonts) else {
            throw ValidationError("cairo cannot draw into a \(bench.sizeName) XRGB8888 buffer")
        }
        let peerMs = timer.medianMilliseconds { cairo.draw(bench.scene) }
        if let dir = pngDir {
            try writePNG(ours, to: "\(dir)/\(bench.name)-\(bench.sizeName)-ours.png")
            try writePNG(peer, to: "\(dir)/\(bench.name)-\(bench.sizeName)-cairo.png")
            var standardError = StandardError()
            print("\(bench.name) \(bench.sizeName) ours vs cairo: \(ImageDifference(ours, peer))", to: &standardError)
        }
        return BenchmarkRow(name: "full-redraw \(bench.name) \(bench.sizeName)", oursMilliseconds: oursMs,
                            peerMilliseconds: peerMs)
    }

    /// A pan frame served from the previous one: shift by a typical per-frame finger motion, redraw the strips.
    private func panRow(_ bench: BenchmarkScene, timer: FrameTimer) -> BenchmarkRow {
        let buffer = PixelBuffer(width: bench.width, height: bench.height)
        let canvas = Canvas(buffer: buffer)
        canvas.draw(bench.scene)
        var step = 0
        let ms = timer.medianMilliseconds {
            // Alternate directions so the content stays in place over many frames.
            step += 1
            let (dx, dy) = step % 2 == 0 ? (7, -4) : (-7, 4)
            for strip in buffer.shiftContents(dx: dx, dy: dy) {
                canvas.clip = strip
                canvas.draw(bench.scene)
            }
            canvas.clip = buffer.bounds
        }
        return BenchmarkRow(name: "pan \(bench.name) \(bench.sizeName)", oursMilliseconds: ms, peerMilliseconds: nil)
    }

    /// A pinch frame: the last full-quality frame scaled by 1.15 about the centre, bilinear; cairo does the same
    /// with a bilinear surface pattern.
    private func pinchRow(_ bench: BenchmarkScene, timer: FrameTimer) -> BenchmarkRow {
        let last = PixelBuffer(width: bench.width, height: bench.height)
        Canvas(buffer: last).draw(bench.scene)
        let zoom: Float = 1.15
        let centre = Point(Float(bench.width) / 2, Float(bench.height) / 2)
        // destination p shows source centre + (p - centre) / zoom
        let offset = Point(centre.x - centre.x / zoom, centre.y - centre.y / zoom)
        let ours = PixelBuffer(width: bench.width, height: bench.height)
        let canvas = Canvas(buffer: ours)
        let oursMs = timer.medianMilliseconds {
            canvas.drawResampled(from: last, scale: 1 / zoom, offset: offset, outside: .white)
        }
        let peer = PixelBuffer(width: bench.width, height: bench.height)
        let peerMs = CairoSceneRenderer(buffer: peer, fonts: CairoFontFaces()).map { cairo in
            timer.medianMilliseconds { cairo.drawScaled(last, zoom: Double(zoom), about: centre) }
        }
        return BenchmarkRow(name: "pinch \(bench.name) \(bench.sizeName)", oursMilliseconds: oursMs,
                            peerMilliseconds: peerMs)
    }

    /// A whole kiosk frame as the loop draws it on a new camera: scene building (culling, labels placed for a
    /// scale seen before) and rasterization. Cairo has no scene builder, so it has no figure here.
    private func frameRow(_ real: MapBenchmark, width: Int, height: Int, timer: FrameTimer) -> BenchmarkRow {
        let renderer = MapFrameRenderer(width: width, height: height, builder: real.builder())
        let fitted = real.views(width: width, height: height)[0].view
        var step = 0
        let ms = timer.medianMilliseconds {
            // Jump far enough each time that nothing can be reused.
            step += 1
            let view = MapFrameRenderer.View(offsetX: fitted.offsetX + (step % 2) * width, offsetY: fitted.offsetY,
                                             scale: fitted.scale)
            renderer.render(view, scaleSettled: true)
        }
        return BenchmarkRow(name: "frame fitted \(width)x\(height)", oursMilliseconds: ms, peerMilliseconds: nil)
    }

    /// A pan frame of the real scheme at scale 1 served from the previous one by the kiosk's frame renderer.
    private func mapPanRow(_ real: MapBenchmark, width: Int, height: Int, timer: FrameTimer) -> BenchmarkRow {
        let renderer = MapFrameRenderer(width: width, height: height, builder: real.builder())
        let start = real.views(width: width, height: height)[1].view
        renderer.render(start, scaleSettled: true)
        var step = 0
        let ms = timer.medianMilliseconds {
            step += 1
            let (dx, dy) = step % 2 == 0 ? (0, 0) : (7, -4)
            renderer.render(MapFrameRenderer.View(offsetX: start.offsetX + dx, offsetY: start.offsetY + dy, scale: start.scale),
                            scaleSettled: true)
        }
        return BenchmarkRow(name: "pan \(width)x\(height)", oursMilliseconds: ms, peerMilliseconds: nil)
    }

    /// A pinch frame of the real scheme: the kiosk's renderer scales its last full-quality frame (zoom 1.15 about
    /// the centre); cairo paints the same frame through a bilinear pattern.
    private func mapPinchRow(_ real: MapBenchmark, width: Int, height: Int, timer: FrameTimer) -> BenchmarkRow {
        let renderer = MapFrameRenderer(width: width, height: height, builder: real.builder())
        let start = real.views(width: width, height: height)[1].view
        renderer.render(start, scaleSettled: true)
        let last = PixelBuffer(width: width, height: height)
        for y in 0..<height { last.row(y).update(from: renderer.buffer.row(y), count: width) }
        let zoom = 1.15
        func zoomed(_ factor: Double) -> MapFrameRenderer.View {
            // About the centre: offset' = (offset + centre)·factor − centre.
            MapFrameRenderer.View(offsetX: Int(((Double(start.offsetX) + Double(width) / 2) * factor - Double(width) / 2).rounded()),
                                  offsetY: Int(((Double(start.offsetY) + Double(height) / 2) * factor - Double(height) / 2).rounded()),
                                  scale: start.scale * factor)
        }
        var step = 0
        let oursMs = timer.medianMilliseconds {
            step += 1
            renderer.render(zoomed(step % 2 == 0 ? zoom : zoom * 1.01), scaleSettled: false)
        }
        let peer = PixelBuffer(width: width, height: height)
        let peerMs = CairoSceneRenderer(buffer: peer, fonts: CairoFontFaces()).map { cairo in
            timer.medianMilliseconds { cairo.drawScaled(last, zoom: zoom, about: Point(Float(width) / 2, Float(height) / 2)) }
        }
        return BenchmarkRow(name: "pinch \(width)x\(height)", oursMilliseconds: oursMs, peerMilliseconds: peerMs)
    }

    /// Every recording through protocol-B decoding, velocity tracking and gesture recognition, from memory: the
    /// time per 1000 kernel events (a busy four-finger drag is about 1000 events per second).
    private func touchRow(directory: String, timer: FrameTimer) throws -> BenchmarkRow {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".events") }.sorted()
        let recordings = try files.map { name -> EvdevRecording in
            let path = directory + "/" + name
            return try EvemuTraceReader.recording(from: try String(contentsOfFile: path, encoding: .utf8), file: path)
        }
        let events = recordings.reduce(0) { $0 + $1.events.count }
        var gestures = 0
        let ms = timer.medianMilliseconds {
            for recording in recordings { gestures &+= (try? TouchPipeline.run(recording)) ?? 0 }
        }
        guard events > 0, gestures > 0 else { throw ValidationError("\(directory): no touch events to time") }
        return BenchmarkRow(name: "touch pipeline per 1000 events", oursMilliseconds: ms * 1000 / Double(events), peerMilliseconds: nil)
    }

    private func rgb565Row(width: Int, height: Int, timer: FrameTimer) -> BenchmarkRow {
        let source = PixelBuffer(width: width, height: height)
        for y in 0..<height { for x in 0..<width { source.setPixel(x: x, y: y, UInt32(truncatingIfNeeded: x &* 2654435761 ^ y)) } }
        let strideBytes = width * 2
        let destination = UnsafeMutableRawPointer.allocate(byteCount: strideBytes * height, alignment: 16)
        defer { destination.deallocate() }
        let ms = timer.medianMilliseconds {
            convertToRGB565(from: source, region: source.bounds, into: destination, destinationStrideBytes: strideBytes)
        }
        return BenchmarkRow(name: "rgb565 \(width)x\(height)", oursMilliseconds: ms, peerMilliseconds: nil)
    }
}

/// Notes that must not mix with the table or JSON on standard output.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        bytes.withUnsafeMutableBytes { raw in
            _ = Glibc.write(2, raw.baseAddress, raw.count)
        }
    }
}
