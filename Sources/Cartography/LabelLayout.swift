import MetroMap
import Raster

/// Labels drawn at one scale, in world pixels ((scheme point − map origin) × scale): the plan's labels that have
/// appeared by this scale, each at its own fixed place beside its station, taken by priority and kept only when
/// clear of every line, station mark, the map's frame and the labels before it at exactly this scale (a label
/// that is not clear is left out, never drawn across a line). Placement ignores the viewport, so the labels
/// shown do not change while panning (which is what lets a pan reuse the previous frame exactly).
public struct LabelLayout {
    /// One line of a label: its text, language, size and baseline origin.
    public struct PlacedLine {
        public var text: String
        public var language: String?
        public var sizePixels: Float
        public var origin: Raster.Point
    }

    public struct PlacedLabel {
        /// The main name's lines, then a bilingual label's second-language line.
        public var lines: [PlacedLine]
        var sizePixels: Float
        /// The text block grown by the label margin: what no other label may overlap.
        public var bounds: Rect
        /// The text block alone.
        var textBounds: Rect
        /// Which of the drawing's labels this is.
        public var labelIndex: Int
        /// The station it sits beside (its own, or another platform of the same name).
        var anchor: SchemePoint
        /// For a name farther than the label gap: the line from its station's mark to its text block.
        var leader: (from: Raster.Point, to: Raster.Point)?
        /// Set on a white plate over the lines (an interchange with no clear place).
        var onPlate = false
        /// The other labels whose names the block sets under this one's (stations sharing its interchange's mark).
        public var members: [Int] = []

        /// The drawing's labels this block names: its own and its members'.
        public var labelIndices: [Int] { [labelIndex] + members }
    }

    let scale: Double
    private(set) var placed: [PlacedLabel] = []

    /// One scale's labels from a plan made for this drawing over the default zoom range.
    init(drawing: MapDrawing, style: MapStyle, fonts: FontStack, scale: Double, widths: TextWidthCache) {
        let plan = LabelPlan(drawing: drawing, style: style, fonts: fonts, widths: widths,
                             zoom: MapSceneBuilder.defaultLabelZoom(drawing.bounds))
        self.init(plan: plan, drawing: drawing, style: style, scale: scale)
    }

    init(plan: LabelPlan, drawing: MapDrawing, style: MapStyle, scale: Double) {
        self.scale = scale
        var grid = OccupancyGrid(cellSize: 96)
        let margin = Float(style.labelMarginPixels)
        for (index, label) in drawing.labels.enumerated() {
            guard let placement = plan.placements[index], placement.appearance <= scale * (1 + 1e-9) else { continue }
            let candidate = placement.shown(at: scale)
            let bounds = LabelPlan.bounds(candidate, label: label, drawing: drawing, style: style, scale: scale)
            guard LabelPlan.isFree(bounds, scale: scale, drawing: drawing, style: style, obstacles: plan.obstacles,
                                   background: plan.background, grid: grid, overLines: candidate.onPlate),
                  LabelPlan.staysInItsInset(bounds, station: candidate.station, drawing: drawing, scale: scale),
                  !(plan.badges?.hits(bounds, scale: scale, origin: drawing.bounds.origin, style: style) ?? false)
            else { continue }
            grid.insert(bounds)
            let corner = Raster.Point(bounds.minX + margin, bounds.minY + margin)
            var lines: [PlacedLine] = []
            var baseline = corner.y + candidate.ascent
            for (number, line) in candidate.lines.enumerated() {
                if number > 0 { baseline += candidate.lineAdvances[number - 1] }
                let x = candidate.alignRight ? corner.x + candidate.width - line.width : corner.x
                lines.append(PlacedLine(text: line.text, language: line.language, sizePixels: line.size,
                                        origin: Raster.Point(x, baseline)))
            }
            let text = Rect(minX: corner.x, minY: corner.y, maxX: corner.x + candidate.width, maxY: corner.y + candidate.height)
            placed.append(PlacedLabel(lines: lines, sizePixels: candidate.lines[0].size, bounds: bounds, textBounds: text,
                                      labelIndex: index, anchor: candidate.station,
                                      leader: candidate.hasLeader
                                          ? LabelPlan.leader(candidate, textBounds: text, drawing: drawing, style: style, scale: scale)
                                          : nil,
                                      onPlate: candidate.onPlate, members: candidate.members))
        }
    }
}

/// Rectangles already taken, bucketed on a grid so each test looks at a few neighbours, not every label.
struct OccupancyGrid {
    let cellSize: Float
    private var cells: [Int64: [Rect]] = [:]

    init(cellSize: Float) { self.cellSize = cellSize }

    /// World pixels beyond this are beyond `CameraLimits` (offsets of 2^30 px) and never on screen.
    static let worldLimit: Float = 2_147_483_648  // 2^31
    /// A rectangle is bucketed over at most this many cells per axis; one wider than 98k pixels covers the screen
    /// anyway, and walking its full span would take as long as its width.
    static let maximumCellSpan: Int64 = 1024

    /// The bucket key of cell (x, y): every grid of the label plan (`OccupancyGrid`, `LabelBoxIndex`,
    /// `BackgroundObstacles`, `LineObstacles`) keys its buckets so.
    static func cellKey(_ x: Int64, _ y: Int64) -> Int64 { x &* 1_000_003 &+ y }

    static func isPlaceable(_ rect: Rect) -> Bool {
        [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy { $0.isFinite && abs($0) <= worldLimit }
    }

    /// Cells a rectangle touches; the conversion is clamped, so a rectangle that slipped past `isPlaceable` gives a
    /// wrong answer, never a trap.
    private func cellRange(_ rect: Rect) -> (ClosedRange<Int64>, ClosedRange<Int64>) {
        Self.cellRange(rect, cellSize: cellSize)
    }

    static func cellRange(_ rect: Rect, cellSize: Float) -> (ClosedRange<Int64>, ClosedRange<Int64>) {
        func cell(_ value: Float) -> Int64 {
            let index = (value / cellSize).rounded(.down)
            guard index.isFinite else { return 0 }
            return Int64(min(max(index, -Self.worldLimit), Self.worldLimit))
        }
        let x0 = cell(rect.minX), x1 = min(max(x0, cell(rect.maxX)), x0 + maximumCellSpan)
        let y0 = cell(rect.minY), y1 = min(max(y0, cell(rect.maxY)), y0 + maximumCellSpan)
        return (x0...x1, y0...y1)
    }

    func overlaps(_ rect: Rect) -> Bool {
        let (xs, ys) = cellRange(rect)
        for x in xs { for y in ys {
            for other in cells[Self.cellKey(x, y)] ?? []
            where rect.overlaps(other) {
                return true
            }
        } }
        return false
    }

    /// A leader's squares, 3 px apart, mostly fall in the cell of the square before: each cell is looked up once
    /// per run of squares in it, not once per square (most of the grid's time in New York's portrait plan).
    func overlaps(_ rects: [Rect]) -> Bool {
        var lastKey: Int64?
        var bucket: [Rect] = []
        for rect in rects {
            let (xs, ys) = cellRange(rect)
            guard xs.lowerBound == xs.upperBound, ys.lowerBound == ys.upperBound else {
                if overlaps(rect) { return true }
                continue
            }
            let key = Self.cellKey(xs.lowerBound, ys.lowerBound)
            if key != lastKey {
                bucket = cells[key] ?? []
                lastKey = key
            }
            if bucket.contains(where: { rect.overlaps($0) }) { return true }
        }
        return false
    }

    mutating func insert(_ rects: [Rect]) { for rect in rects { insert(rect) } }

    /// Takes out one copy of each of `rects`, as inserted: the others equal to it stay.
    mutating func remove(_ rects: [Rect]) { for rect in rects { remove(rect) } }

    mutating func remove(_ rect: Rect) {
        let (xs, ys) = cellRange(rect)
        for x in xs { for y in ys {
            let key = Self.cellKey(x, y)
            if let at = cells[key]?.firstIndex(of: rect) { cells[key]?.remove(at: at) }
        } }
    }

    mutating func insert(_ rect: Rect) {
        let (xs, ys) = cellRange(rect)
        for x in xs { for y in ys { cells[Self.cellKey(x, y), default: []].append(rect) } }
    }
}

/// Text advance widths, shaped once per string at a reference size and scaled: placing labels at every scale of a
/// pinch must not reshape every name each frame.
final class TextWidthCache {
    private struct Key: Hashable {
        let text: String
        let language: String?
    }

    private let fonts: FontStack
    private let referenceSize: Float = 64
    private var advances: [Key: Float] = [:]
    private var drawable: [Key: Bool] = [:]

    init(fonts: FontStack) { self.fonts = fonts }

    /// Whether the configured fonts have every character of `text` (checked once per string).
    func canDraw(_ text: String, language: String? = nil) -> Bool {
        let key = Key(text: text, language: language)
        if let known = drawable[key] { return known }
        let result = fonts.shape(text, sizePixels: referenceSize, language: language).missingCharacters.isEmpty
        drawable[key] = result
        return result
    }

    func width(of text: String, language: String? = nil, sizePixels: Float) -> Float {
        let key = Key(text: text, language: language)
        if let advance = advances[key] { return advance * sizePixels / referenceSize }
        let advance = fonts.measure(text, sizePixels: referenceSize, language: language)
        advances[key] = advance
        return advance * sizePixels / referenceSize
    }
}
