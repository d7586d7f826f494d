/// Draws a scene in horizontal bands of `bandHeight` rows over a `RenderPool`, in two passes with a barrier
/// between them:
/// 1. prepare (in parallel over chunks of commands): stroke outlines and flattened paths are built once, text is
///    resolved into glyph masks (each thread looks glyphs up in a memo of its own, `GlyphMemo`, and takes a font's
///    lock only for glyphs it has not seen), and each command gets the rows it can touch;
/// 2. draw (in parallel over bands): every band runs, in scene order, the prepared commands binned to it, each
///    clipped to the band.
/// A band is one thread's alone, so nothing is shared while drawing, and since the bands depend only on the
/// buffer, the pixels do not depend on the number of threads.
public final class BandedSceneDrawer {
    public static let bandHeight = 64
    private static let chunkSize = 32

    private var workers: [Canvas] = []
    private var chunks: [PreparedChunk] = []
    private var prepared: [PreparedCommand] = []
    private var bins: [[Int32]] = []

    public init() {}

    /// Clips smaller than this many pixels (a pan's exposed strips) are drawn on the caller alone: waking the
    /// pool costs more than the strip. Same bands either way, so the same pixels.
    static let smallestShared = 1 << 17

    func draw(_ scene: Scene, on canvas: Canvas, pool sharedPool: RenderPool) -> SceneDrawReport {
        var frame = canvas.clip
        if let sceneClip = scene.clip { frame = frame.intersection(sceneClip) }
        var report = SceneDrawReport()
        guard !frame.isEmpty else { return report }
        let pool = frame.width * frame.height < Self.smallestShared ? RenderPool.serial : sharedPool
        // The rectangle the frame is a part of (`Canvas.coverageFrame`): commands are prepared for it, so each has
        // the accumulator rectangle of the whole's drawing, and each band accumulates over its rows of it.
        var whole = frame
        if let coverageFrame = canvas.coverageFrame {
            whole = coverageFrame.intersection(canvas.buffer.bounds).union(frame)
        }
        report.textsWithMissingGlyphs = prepare(scene.commands, on: canvas, frame: whole, pool: pool)
        let commands = scene.commands
        let count = commands.count
        // Bins: the commands of each band, in scene order.
        let height = Self.bandHeight
        let firstBand = frame.y0 / height, lastBand = (frame.y1 - 1) / height
        let bandCount = lastBand - firstBand + 1
        while bins.count < bandCount { bins.append([]) }
        for b in 0..<bandCount { bins[b].removeAll(keepingCapacity: true) }
        for index in 0..<count {
            let command = prepared[index]
            guard command.kind != .skip else { continue }
            let from = max(firstBand, Int(command.y0) / height), to = min(lastBand, (Int(command.y1) - 1) / height)
            guard from <= to else { continue }
            for band in from...to { bins[band - firstBand].append(Int32(index)) }
        }

        let background = scene.background
        pool.run(tasks: bandCount) { task, worker in
            let canvas = workers[worker]
            let band = firstBand + task
            canvas.clip = frame.intersection(IntRect(x0: frame.x0, y0: band * height, x1: frame.x1, y1: (band + 1) * height))
            canvas.accumulationArea = whole == frame ? nil
                : whole.intersection(IntRect(x0: whole.x0, y0: band * height, x1: whole.x1, y1: (band + 1) * height))
            if let background { canvas.clear(background) }
            for index in bins[task] {
                let command = prepared[Int(index)]
                switch command.kind {
                case .skip:
                    break
                case .direct:
                    Self.drawDirect(commands[Int(index)], on: canvas)
                case .polygon, .segments:
                    chunks[Int(command.chunk)].points.withUnsafeBufferPointer { points in
                        canvas.fillRecorded(UnsafeBufferPointer(rebasing: points[Int(command.start)..<Int(command.start + command.count)]),
                                            closed: command.kind == .polygon, rect: command.rect, color: command.color)
                    }
                case .glyphs:
                    let glyphs = chunks[Int(command.chunk)].glyphs
                    for g in Int(command.start)..<Int(command.start + command.count) {
                        let glyph = glyphs[g]
                        canvas.blit(glyph.mask, x: glyph.x, y: glyph.y, color: glyph.color)
                    }
                }
            }
        }
        return report
    }

    /// The prepare pass alone over the whole of `canvas`'s clip (what a frame pays before drawing): for timing it.
    /// Returns how many glyph masks were placed.
    @discardableResult
    public func prepare(_ scene: Scene, on canvas: Canvas, pool: RenderPool) -> Int {
        var frame = canvas.clip
        if let sceneClip = scene.clip { frame = frame.intersection(sceneClip) }
        guard !frame.isEmpty else { return 0 }
        _ = prepare(scene.commands, on: canvas, frame: frame, pool: pool)
        let chunkCount = (scene.commands.count + Self.chunkSize - 1) / Self.chunkSize
        return chunks[..<chunkCount].reduce(0) { $0 + $1.glyphs.count }
    }

    /// Pass 1 over chunks of `chunkSize` commands, text with the rest: returns the lines with missing glyphs,
    /// in scene order.
    private func prepare(_ commands: [SceneCommand], on canvas: Canvas, frame: IntRect, pool: RenderPool) -> [ShapedLine] {
        while workers.count < pool.threadCount {
            let worker = Canvas(buffer: canvas.buffer)
            worker.glyphMemo = GlyphMemo()
            workers.append(worker)
        }
        for worker in workers {
            if worker.flatteningTolerance != canvas.flatteningTolerance {
                worker.flatteningTolerance = canvas.flatteningTolerance
            }
            worker.usesStampCache = canvas.usesStampCache
            worker.clip = frame
            worker.accumulationArea = nil
        }
        let count = commands.count
        let chunkCount = (count + Self.chunkSize - 1) / Self.chunkSize
        while chunks.count < chunkCount { chunks.append(PreparedChunk()) }
        if prepared.count < count {
            prepared = [PreparedCommand](repeating: PreparedCommand(), count: max(count, prepared.count * 2))
        }
        prepared.withUnsafeMutableBufferPointer { slots in
            pool.run(tasks: chunkCount) { task, worker in
                let canvas = workers[worker]
                let chunk = chunks[task]
                chunk.reset()
                let start = task * Self.chunkSize
                for index in start..<min(count, start + Self.chunkSize) {
                    if case .text(let text) = commands[index] {
                        slots[index] = chunk.prepare(text, chunk: Int32(task), on: canvas)
                        if !text.line.allGlyphsFound { chunk.missing.append(text.line) }
                    } else {
                        slots[index] = chunk.prepare(commands[index], chunk: Int32(task), on: canvas)
                    }
                }
            }
        }
        return chunks[..<chunkCount].flatMap(\.missing)
    }

    /// Commands cheap enough to run again in each band they touch (stamped markers, rectangles).
    private static func drawDirect(_ command: SceneCommand, on canvas: Canvas) {
        switch command {
        case .circle(let center, let radius, let color):
            canvas.fillCircle(center: center, radius: radius, color: color)
        case .ring(let center, let radius, let width, let color):
            canvas.strokeCircle(center: center, radius: radius, width: width, color: color)
        case .rect(let rect, let color):
            canvas.fillRect(rect, color: color)
        case .fillPath(let path, let color):
            canvas.fill(path, color: color)
        case .strokePolyline(let points, let style, let color):
            canvas.stroke(polyline: points, style: style, color: color)
        case .text(let text):
            canvas.draw(text.line, at: text.origin, color: text.color, halo: text.halo)
        }
    }
}

/// One command after the prepare pass: which rows it can touch and where its geometry is.
struct PreparedCommand {
    enum Kind: UInt8 { case skip, direct, polygon, segments, glyphs }
    var kind = Kind.skip
    var y0: Int32 = 0
    var y1: Int32 = 0
    var chunk: Int32 = 0
    var start: Int32 = 0
    var count: Int32 = 0
    var rect = IntRect(x0: 0, y0: 0, x1: 0, y1: 0)
    var color = Color.transparent
}

struct PlacedGlyph {
    let mask: AlphaMask
    let x: Int
    let y: Int
    let color: Color
}

/// The geometry one prepare task made, kept between frames so its storage is reused.
final class PreparedChunk: LineSink {
    var points: [Point] = []
    var glyphs: [PlacedGlyph] = []
    /// The chunk's lines with glyphs no font has, in scene order.
    var missing: [ShapedLine] = []

    func reset() {
        points.removeAll(keepingCapacity: true)
        glyphs.removeAll(keepingCapacity: true)
        missing.removeAll(keepingCapacity: true)
    }

    func addLine(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) {
        points.append(Point(x0, y0))
        points.append(Point(x1, y1))
    }

    func prepare(_ command: SceneCommand, chunk: Int32, on canvas: Canvas) -> PreparedCommand {
        var result = PreparedCommand()
        switch command {
        case .strokePolyline(let polyline, let style, let color):
            guard canvas.strokeIsVisible(polyline: polyline, style: style, color: color),
                  let rect = canvas.strokeOutline(polyline: polyline, style: style) else { return result }
            result = PreparedCommand(kind: .polygon, y0: Int32(rect.y0), y1: Int32(rect.y1), chunk: chunk,
                                     start: Int32(points.count), count: 0, rect: rect, color: color)
            points.append(contentsOf: canvas.lastOutline)
        case .fillPath(let path, let color):
            guard !path.isEmpty, color.alpha > 0, let rect = canvas.coverageRect(path.bounds) else { return result }
            result = PreparedCommand(kind: .segments, y0: Int32(rect.y0), y1: Int32(rect.y1), chunk: chunk,
                                     start: Int32(points.count), count: 0, rect: rect, color: color)
            var sink = self
            flatten(path, tolerance: canvas.flatteningTolerance, into: &sink)
        case .circle(let center, let radius, _):
            return direct(center.y - radius, center.y + radius)
        case .ring(let center, let radius, let width, _):
            return direct(center.y - radius - width / 2, center.y + radius + width / 2)
        case .rect(let rect, _):
            return direct(rect.minY, rect.maxY)
        case .text(let text):
            return prepare(text, chunk: chunk, on: canvas)
        }
        result.count = Int32(points.count) - result.start
        return result
    }

    /// Text (and its halo) as glyph masks in place, in drawing order, binned by the rows the glyphs cover.
    func prepare(_ text: TextCommand, chunk: Int32, on canvas: Canvas) -> PreparedCommand {
        let start = glyphs.count
        var y0 = Int.max, y1 = Int.min
        canvas.forEachGlyph(text.line, at: text.origin, color: text.color, halo: text.halo) { mask, x, y, color in
            glyphs.append(PlacedGlyph(mask: mask, x: x, y: y, color: color))
            y0 = min(y0, y)
            y1 = max(y1, y + mask.height)
        }
        guard glyphs.count > start, y0 < y1 else { return PreparedCommand() }
        return PreparedCommand(kind: .glyphs, y0: Int32(clamping: y0), y1: Int32(clamping: y1), chunk: chunk,
                               start: Int32(start), count: Int32(glyphs.count - start),
                               rect: IntRect(x0: 0, y0: 0, x1: 0, y1: 0), color: text.color)
    }

    /// Rows of a shape drawn directly in each band; three pixels of margin cover stamps snapped to quarter pixels
    /// and anti-aliased edges. Non-finite coordinates are skipped here as the canvas would skip them.
    private func direct(_ minY: Float, _ maxY: Float) -> PreparedCommand {
        guard minY.isFinite, maxY.isFinite else { return PreparedCommand() }
        let lo = Int32(clamping: Int(max(-1e9, minY.rounded(.down))) - 3)
        let hi = Int32(clamping: Int(min(1e9, maxY.rounded(.up))) + 4)
        return PreparedCommand(kind: .direct, y0: lo, y1: hi)
    }
}

extension Canvas {
    /// The cull at the start of `stroke`: false when the stroke cannot reach the clip.
    func strokeIsVisible(polyline: [Point], style: StrokeStyle, color: Color) -> Bool {
        guard let first = polyline.first, color.alpha > 0 else { return false }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in polyline {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        var reach = style.width / 2
        if case .miter(let limit) = style.join { reach *= max(1, limit) }
        if case .square = style.cap { reach *= 1.5 }
        let reachable = Rect(minX: minX - reach, minY: minY - reach, maxX: maxX + reach, maxY: maxY + reach)
        if minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite, reach.isFinite,
           reachable.enclosingPixels.intersection(clip).isEmpty {
            return false
        }
        return true
    }
}
