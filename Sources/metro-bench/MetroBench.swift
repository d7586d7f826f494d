import ArgumentParser
import Cartography
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import KioskCore
import Network
import Platform
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

    @Option(name: .customLong("case"), help: "Run only the cases whose name contains this text, or one of several texts separated by commas.")
    var caseFilter: String?

    @Option(name: .long, help: "Seconds to spend timing each renderer per case (at least 10 frames).")
    var seconds: Double = 1.0

    @Option(name: .long, help: "A pMetro city folder to render (default: ../shared/data/maps/pmetro-moscow when present).")
    var pmetro: String?

    @Flag(name: .long, help: "Also run the synthetic metro-like scene.")
    var synthetic = false

    @Option(name: .long, help: "A GTFS feed (zip or folder) for the timetable rows (default: ../shared/data/gtfs/wmata-2026/gtfs.zip), and the service date its queries run on.")
    var gtfs: String?
    @Option(name: .long, help: "The timetable rows' service date, YYYYMMDD (default 20260506, a Wednesday of WMATA's feed).")
    var gtfsDate: String = "20260506"

    @Option(name: .long, help: "A folder of evemu recordings for the touch pipeline row (default: ../shared/data/touch/evemu).")
    var touch: String?

    @Flag(name: .long, help: "Report each case's fastest frame instead of the median (for a machine busy with other work).")
    var fastest = false

    @Flag(name: .long, help: "Time frames by the process's CPU time (all threads summed) instead of the wall clock.")
    var cpuTime = false

    @Option(name: .long, help: "Upright frame sizes, comma-separated; a portrait size is scanned out turned 90° as on a landscape panel mounted upright, and WIDTHxHEIGHT@DEGREES (0, 90, 180, 270) turns the scanout as given.")
    var sizes: String = "1920x1080,2160x3840,3840x2160"

    @Option(name: .long, help: "Thread counts to time each row with, comma-separated (default: 1 and the online cores).")
    var threads: String?

    @Option(name: .long, help: "Write each full-redraw case's draw list as JSON, and our frame as PNG, into this directory (for scripts/bench-peers).")
    var dumpScene: String?

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

    /// Berlin: two transport files (U-Bahn and S-Bahn) and a background layer, a second real scheme beside Moscow.
    private var berlinDirectory: String? {
        let shared = "../shared/data/maps/pmetro-berlin"
        return pmetro == nil && FileManager.default.fileExists(atPath: shared + "/Metro.trp") ? shared : nil
    }

    func run() throws {
        let regular = try Font.loadDefault()
        let bold = try Font.loadDefault(bold: true)
        let panels = try sizes.split(separator: ",").map { text -> Panel in
            guard let panel = Panel(parsing: String(text)) else { throw ValidationError("--sizes: '\(text)' is not WIDTHxHEIGHT or WIDTHxHEIGHT@DEGREES") }
            return panel
        }
        let threadCounts = try threadCountList()
        let pools = Dictionary(uniqueKeysWithValues: threadCounts.map { ($0, RenderPool(threads: $0)) })
        var scenes: [BenchmarkScene] = []
        if synthetic || pMetroDirectory == nil {
            for panel in panels {
                scenes.append(BenchmarkScene(name: "synthetic", width: panel.width, height: panel.height,
                                             scene: SyntheticMetroScene.make(width: panel.width, height: panel.height,
                                                                             regular: regular, bold: bold)))
            }
        }
        let real = try pMetroDirectory.map { try MapBenchmark(pMetroDirectory: $0, font: regular) }
        if let real {
            let builder = real.builder()
            for panel in panels {
                for (label, view) in real.views(width: panel.width, height: panel.height) {
                    scenes.append(BenchmarkScene(name: label, width: panel.width, height: panel.height,
                                                 scene: real.scene(view, width: panel.width, height: panel.height, builder: builder)))
                }
            }
        }
        // The same scheme labelled in Japanese, drawn with the kiosk's default font stack (Noto Sans CJK via fallback).
        if let real, let fonts = try? FontStack.loadDefault() {
            let japanese = MapDrawing(map: CJKStationNames.relabel(real.map), languages: ["ja"])
            let builder = MapSceneBuilder(drawing: japanese, fonts: fonts)
            for panel in panels {
                for (label, view) in real.views(width: panel.width, height: panel.height) {
                    scenes.append(BenchmarkScene(name: "cjk \(label)", width: panel.width, height: panel.height,
                                                 scene: real.scene(view, width: panel.width, height: panel.height, builder: builder)))
                }
            }
        }
        let berlin = try berlinDirectory.map { try MapBenchmark(pMetroDirectory: $0, font: regular) }
        if let berlin {
            let builder = berlin.builder()
            for panel in panels {
                for (label, view) in berlin.views(width: panel.width, height: panel.height) {
                    scenes.append(BenchmarkScene(name: "berlin " + label, width: panel.width, height: panel.height,
                                                 scene: berlin.scene(view, width: panel.width, height: panel.height,
                                                                     builder: builder)))
                }
            }
        }
        let timer = FrameTimer(targetSeconds: seconds, reportsFastest: fastest, measuresCPUTime: cpuTime)
        let cairo = CairoTimes(timer: timer, fonts: CairoFontFaces())
        // Each case is named before it runs, so --case can pick rows without timing the others. Rows are grouped
        // by panel; within a panel, each kind of frame on every thread count.
        var cases: [(name: String, run: () throws -> BenchmarkRow)] = []
        func add(_ name: String, _ run: @escaping () throws -> BenchmarkRow) { cases.append((name, run)) }
        for panel in panels {
            add("memcpy \(panel.sizeName)") { memcpyRow(panel, timer: timer) }
            for count in threadCounts {
                let pool = pools[count]!
                let suffix = "\(panel.sizeName) t\(count)"
                for bench in scenes where bench.width == panel.width && bench.height == panel.height {
                    add("full-redraw \(bench.name) \(suffix)") {
                        try fullRedraw(bench, pool: pool, singleThread: pools[1], timer: timer, cairo: cairo,
                                       dump: count == threadCounts[0])
                    }
                    if breakdown {
                        for part in SceneCommandKind.allCases {
                            let only = BenchmarkScene(name: "\(bench.name) \(part) only", width: bench.width,
                                                      height: bench.height, scene: part.filter(bench.scene))
                            add("full-redraw \(only.name) \(suffix)") { try fullRedraw(only, pool: pool, timer: timer, cairo: cairo) }
                        }
                        let exact = BenchmarkScene(name: "\(bench.name) no-stamps", width: bench.width, height: bench.height,
                                                   scene: bench.scene)
                        add("full-redraw \(exact.name) \(suffix)") {
                            try fullRedraw(exact, pool: pool, timer: timer, cairo: cairo, stamps: false)
                        }
                    }
                }
                if let real {
                    add("frame fitted \(suffix)") { frameRow(real, panel, pool: pool, timer: timer) }
                    if count == threadCounts[0] {
                        add("placement fitted \(panel.sizeName)") { placementRow(real, panel, timer: timer) }
                    }
                    add("pan \(suffix)") { mapPanRow(real, panel, pool: pool, timer: timer) }
                    if let berlin {
                        add("pan berlin \(suffix)") {
                            var row = mapPanRow(berlin, panel, pool: pool, timer: timer)
                            row.name = "pan berlin \(suffix)"
                            return row
                        }
                    }
                    add("pinch \(suffix)") { mapPinchRow(real, panel, pool: pool, timer: timer, cairo: cairo) }
                    add("pan+card \(suffix)") { CardPanRow.run(real, panel, pool: pool, timer: timer, route: false)[0] }
                    add("pan+card+route \(suffix)") { CardPanRow.run(real, panel, pool: pool, timer: timer, route: true)[0] }
                    if count > 1, let single = pools[1] {
                        add("text prepare \(suffix)") {
                            TextPrepareRow.run(real, panel, pool: pool, singleThread: single, timer: timer)
                        }
                    }
                    add("pan+card flat \(suffix)") {
                        CardPanRow.run(real, panel, pool: pool, timer: timer, route: false, layered: false)[0]
                    }
                }
                for format in ScanoutPixelFormat.allCases {
                    let name = format == .rgb565 ? "rgb565" : "scanout-copy"
                    add("\(name) \(panel.sizeName)\(panel.rotationNote) t\(count)") {
                        scanoutCopyRow(panel, format: format, pool: pool, timer: timer)
                    }
                }
            }
        }
        if let single = pools[1] {
            for count in threadCounts where count > 1 {
                add("core-check arithmetic t\(count)") { CoreCheckRow.run(pool: pools[count]!, singleThread: single, timer: timer) }
            }
        }
        if let recordings = touchRecordingsDirectory {
            add("touch pipeline per 1000 events") { try touchRow(directory: recordings, timer: timer) }
        }
        if RealtimeRows.isAvailable {
            add("realtime decode bart") { try RealtimeRows.decodeRow(timer: timer) }
            add("realtime apply bart") { try RealtimeRows.applyRow(timer: timer) }
            for panel in panels {
                add("status strip draw \(panel.sizeName)") {
                    try RealtimeRows.stripRow(font: regular, width: panel.width, height: panel.height, sizeName: panel.sizeName, timer: timer)
                }
            }
        }
        add("speech key to first sample") { try SpeechLatencyRow.run() }
        if let moscow = pMetroDirectory {
            add("search per keystroke") { try SearchKeystrokeRow.run(directory: moscow, name: URL(fileURLWithPath: moscow).lastPathComponent) }
        }
        if let dumpScene { try FileManager.default.createDirectory(atPath: dumpScene, withIntermediateDirectories: true) }
        var rows: [BenchmarkRow] = []
        var memcpy: [String: Double] = [:]
        let filters = caseFilter?.split(separator: ",").map(String.init)
        for (name, run) in cases where filters.map({ $0.contains(where: name.contains) || name.hasPrefix("memcpy") }) ?? true {
            var row = try run()
            if name.hasPrefix("memcpy ") { memcpy[String(name.dropFirst(7))] = row.oursMilliseconds }
            if let size = row.sizeName, let reference = memcpy[size] { row.memcpyMilliseconds = reference }
            rows.append(row)
        }
        // The timetable: WMATA's feed (the largest shared one) when ../shared/data has it.
        let feed = gtfs ?? "../shared/data/gtfs/wmata-2026/gtfs.zip"
        if filters.map({ $0.contains { "timetable raptor import-gtfs".contains($0) } }) ?? true,
           FileManager.default.fileExists(atPath: feed) {
            guard let date = ServiceDate(gtfsDate) else { throw ValidationError("--gtfs-date: '\(gtfsDate)' is not YYYYMMDD") }
            rows += try TimetableRows.run(feed: feed, name: gtfs == nil ? "wmata" : URL(fileURLWithPath: feed).lastPathComponent,
                                          date: date)
        }
        BenchmarkRow.linkThreadCounts(&rows)
        if json {
            for row in rows { print(row.json) }
        } else {
            print(BenchmarkRow.table(rows))
        }
    }

    private func threadCountList() throws -> [Int] {
        guard let threads else { return Array(Set([1, RenderPool.onlineCores])).sorted() }
        return try threads.split(separator: ",").map {
            guard let n = Int($0), (1...64).contains(n) else { throw ValidationError("--threads: '\($0)' is not 1...64") }
            return n
        }
    }

    /// `stamps: false` rasterizes every station marker instead of blitting cached masks. `dump` writes the draw
    /// list and our frame for `--dump-scene`. On several threads, with `singleThread` given, the frame is timed in
    /// turns with the same frame on one thread, and the row's speed-up is between those two.
    private func fullRedraw(_ bench: BenchmarkScene, pool: RenderPool, singleThread: RenderPool? = nil, timer: FrameTimer,
                            cairo: CairoTimes, stamps: Bool = true, dump: Bool = false) throws -> BenchmarkRow {
        func canvas(_ buffer: PixelBuffer, _ pool: RenderPool) -> Canvas {
            let canvas = Canvas(buffer: buffer)
            canvas.usesStampCache = stamps
            canvas.renderPool = pool
            return canvas
        }
        let ours = PixelBuffer(width: bench.width, height: bench.height)
        let drawn = canvas(ours, pool)
        let oursMs: Double, pairedSingleMs: Double?
        if pool.threadCount > 1, let singleThread {
            // The same buffer, so that each frame finds the caches as the other left them.
            let alone = canvas(ours, singleThread)
            let paired = timer.pairedMilliseconds({ drawn.draw(bench.scene) }, { alone.draw(bench.scene) })
            (oursMs, pairedSingleMs) = (paired.a, paired.b)
        } else {
            (oursMs, pairedSingleMs) = (timer.medianMilliseconds { drawn.draw(bench.scene) }, nil)
        }
        let name = "full-redraw \(bench.name) \(bench.sizeName) t\(pool.threadCount)"
        let (peerMs, peer) = try cairo.draw(bench, key: "\(bench.name) \(bench.sizeName) \(stamps)")
        if let dir = pngDir {
            try writePNG(ours, to: "\(dir)/\(bench.name)-\(bench.sizeName)-ours.png")
            try writePNG(peer, to: "\(dir)/\(bench.name)-\(bench.sizeName)-cairo.png")
            var standardError = StandardError()
            print("\(bench.name) \(bench.sizeName) ours vs cairo: \(ImageDifference(ours, peer))", to: &standardError)
        }
        if dump, stamps, let dir = dumpScene {
            let file = "\(dir)/\(bench.name.replacingOccurrences(of: " ", with: "-"))-\(bench.sizeName)"
            let json = SceneJSON.encode(bench.scene, width: bench.width, height: bench.height,
                                        caseName: "full-redraw \(bench.name) \(bench.sizeName) t1", oursMilliseconds: oursMs)
            try json.write(toFile: file + ".json", atomically: true, encoding: .utf8)
            try writePNG(ours, to: file + ".png")
        }
        var row = BenchmarkRow(name: name, oursMilliseconds: oursMs, peerMilliseconds: peerMs, sizeName: bench.sizeName)
        row.singleThreadMilliseconds = pairedSingleMs
        return row
    }

    /// The reference every frame is compared with: one memcpy of the frame's pixels (a single thread, as libc does it).
    private func memcpyRow(_ panel: Panel, timer: FrameTimer) -> BenchmarkRow {
        let bytes = panel.width * panel.height * 4
        let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let target = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { source.deallocate(); target.deallocate() }
        source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
        target.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
        let ms = timer.medianMilliseconds { target.copyMemory(from: source, byteCount: bytes) }
        return BenchmarkRow(name: "memcpy \(panel.sizeName)", oursMilliseconds: ms, peerMilliseconds: nil, sizeName: panel.sizeName)
    }

    /// A whole kiosk frame as the loop draws it on a new camera: scene building (culling, labels placed for a
    /// scale seen before) and rasterization. Cairo has no scene builder, so it has no figure here.
    private func frameRow(_ real: MapBenchmark, _ panel: Panel, pool: RenderPool, timer: FrameTimer) -> BenchmarkRow {
        let (width, height) = (panel.width, panel.height)
        let renderer = MapFrameRenderer(width: width, height: height, builder: real.builder(), pool: pool)
        let fitted = real.views(width: width, height: height)[0].view
        var step = 0
        let ms = timer.medianMilliseconds {
            // A scale a hair apart each time: nothing can be reused, yet every frame shows the whole map (jumping
            // a screen sideways, as this row once did, showed mostly empty space every other frame).
            step += 1
            let view = MapFrameRenderer.View(offsetX: fitted.offsetX, offsetY: fitted.offsetY,
                                             scale: fitted.scale * (step % 2 == 0 ? 1 : 1.0001))
            renderer.render(view, scaleSettled: true)
        }
        return BenchmarkRow(name: "frame fitted \(panel.sizeName) t\(pool.threadCount)", oursMilliseconds: ms,
                            peerMilliseconds: nil, sizeName: panel.sizeName)
    }

    /// Label placement as a frame at a new scale pays for it: the scene build of the fitted view (culling and the
    /// labels checked against the lines at exactly that scale), every frame at a scale not seen before. The plan of
    /// where every label goes, made once per map, is timed on the first call and reported on standard error. Compare
    /// with the full-redraw row of the same frame: placement must take less than rasterizing it.
    private func placementRow(_ real: MapBenchmark, _ panel: Panel, timer: FrameTimer) -> BenchmarkRow {
        let (width, height) = (panel.width, panel.height)
        let builder = real.builder()
        let fitted = real.views(width: width, height: height)[0].view
        let visible = IntRect(x: 0, y: 0, width: width, height: height)
        let start = DispatchTime.now().uptimeNanoseconds
        _ = builder.scene(offsetX: fitted.offsetX, offsetY: fitted.offsetY, scale: fitted.scale, visible: visible)
        var standardError = StandardError()
        print(String(format: "label plan for \(real.name), made once per map: %.1f ms",
                     Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6), to: &standardError)
        var step = 0
        let ms = timer.medianMilliseconds {
            step += 1
            _ = builder.scene(offsetX: fitted.offsetX, offsetY: fitted.offsetY, scale: fitted.scale * (1 + 1e-7 * Double(step)),
                              visible: visible)
        }
        return BenchmarkRow(name: "placement fitted \(panel.sizeName)", oursMilliseconds: ms, peerMilliseconds: nil,
                            sizeName: panel.sizeName)
    }

    /// A pan frame of the real scheme at scale 1 served from the previous one by the kiosk's frame renderer.
    private func mapPanRow(_ real: MapBenchmark, _ panel: Panel, pool: RenderPool, timer: FrameTimer) -> BenchmarkRow {
        let (width, height) = (panel.width, panel.height)
        let renderer = MapFrameRenderer(width: width, height: height, builder: real.builder(), pool: pool)
        let start = real.views(width: width, height: height)[1].view
        renderer.render(start, scaleSettled: true)
        var step = 0
        let ms = timer.medianMilliseconds {
            step += 1
            let (dx, dy) = step % 2 == 0 ? (0, 0) : (7, -4)
            renderer.render(MapFrameRenderer.View(offsetX: start.offsetX + dx, offsetY: start.offsetY + dy, scale: start.scale),
                            scaleSettled: true)
        }
        return BenchmarkRow(name: "pan \(panel.sizeName) t\(pool.threadCount)", oursMilliseconds: ms, peerMilliseconds: nil,
                            sizeName: panel.sizeName)
    }

    /// A pinch frame of the real scheme: the kiosk's renderer scales its last full-quality frame (zoom 1.15 about
    /// the centre); cairo paints the same frame through a bilinear pattern.
    private func mapPinchRow(_ real: MapBenchmark, _ panel: Panel, pool: RenderPool, timer: FrameTimer,
                             cairo: CairoTimes) -> BenchmarkRow {
        let (width, height) = (panel.width, panel.height)
        let renderer = MapFrameRenderer(width: width, height: height, builder: real.builder(), pool: pool)
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
        var methods: Set<MapFrameRenderer.Method> = []
        let oursMs = timer.medianMilliseconds {
            step += 1
            methods.insert(renderer.render(zoomed(step % 2 == 0 ? zoom : zoom * 1.01), scaleSettled: false).method)
        }
        if methods != [.scaled] {
            // Then the row timed full redraws too, not the resample it is named after.
            var standardError = StandardError()
            print("pinch \(panel.sizeName): frames drawn as \(methods.map(\.rawValue).sorted()), not only scaled", to: &standardError)
        }
        let peerMs = cairo.scaled(last, zoom: zoom, key: panel.sizeName)
        return BenchmarkRow(name: "pinch \(panel.sizeName) t\(pool.threadCount)", oursMilliseconds: oursMs,
                            peerMilliseconds: peerMs, sizeName: panel.sizeName)
    }

    /// The kiosk's scanout copy of a whole frame (`DamageCopy`, as DRMOutput.present calls it): converted to
    /// RGB565 or copied as XRGB8888, turned as the panel is mounted, into a buffer with a dumb buffer's pitch.
    private func scanoutCopyRow(_ panel: Panel, format: ScanoutPixelFormat, pool: RenderPool, timer: FrameTimer) -> BenchmarkRow {
        let (width, height) = (panel.width, panel.height)
        let source = PixelBuffer(width: width, height: height)
        for y in 0..<height { for x in 0..<width { source.setPixel(x: x, y: y, UInt32(truncatingIfNeeded: x &* 2654435761 ^ y) & 0xFF_FFFF) } }
        let scan = panel.rotation.scanoutSize(uprightWidth: width, uprightHeight: height)
        // Dumb buffers pad rows to 64 bytes.
        let pitch = (scan.width * format.bytesPerPixel + 63) / 64 * 64
        let destination = UnsafeMutableRawPointer.allocate(byteCount: pitch * scan.height, alignment: 64)
        defer { destination.deallocate() }
        let frame = ShadowFrame(pixels: UnsafePointer(source.pixels), width: width, height: height, stridePixels: source.stridePixels)
        let ms = timer.medianMilliseconds {
            DamageCopy.copy(from: frame, damage: .full(width: width, height: height), to: destination, pitchBytes: pitch,
                            format: format, rotation: panel.rotation, pool: pool)
        }
        let name = format == .rgb565 ? "rgb565" : "scanout-copy"
        return BenchmarkRow(name: "\(name) \(panel.sizeName)\(panel.rotationNote) t\(pool.threadCount)", oursMilliseconds: ms,
                            peerMilliseconds: nil, sizeName: panel.sizeName)
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
