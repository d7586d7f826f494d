import MetroMap
import Raster

/// Labels placed for one scale, in world pixels ((scheme point − map origin) × scale): greedy by rank so
/// interchanges and termini win, and none overlaps another. Placement ignores the viewport, so the labels
/// shown do not change while panning (which is what lets a pan reuse the previous frame exactly).
struct LabelLayout {
    /// One line of a label: its text, language, size and baseline origin.
    struct PlacedLine {
        var text: String
        var language: String?
        var sizePixels: Float
        var origin: Raster.Point
    }

    struct PlacedLabel {
        /// The main name's lines, then a bilingual label's second-language line.
        var lines: [PlacedLine]
        var sizePixels: Float
        /// The text block grown by the label margin: what no other label may overlap.
        var bounds: Rect
        /// The text block alone.
        var textBounds: Rect
        /// Which of the drawing's labels this is.
        var labelIndex: Int
    }

    let scale: Double
    private(set) var placed: [PlacedLabel] = []

    init(drawing: MapDrawing, style: MapStyle, fonts: FontStack, scale: Double, widths: TextWidthCache) {
        self.scale = scale
        let size = style.labelPixels(scale: scale)
        let metrics = fonts.metrics(sizePixels: size)
        let lineHeight = (metrics.ascent + metrics.descent + metrics.lineGap) * 1.05
        // A bilingual label's second line, in smaller type as official diagrams set it.
        let secondSize = size * Float(style.secondLanguageScale)
        let secondLineHeight = lineHeight * Float(style.secondLanguageScale)
        var grid = OccupancyGrid(cellSize: 96)
        let margin = Float(style.labelMarginPixels)
        for (labelIndex, label) in drawing.labels.enumerated() {
            let singleWidth = widths.width(of: label.text, language: label.language, sizePixels: size)
            var lines = LabelLayout.wrap(label, style: style, singleLineWidthPixels: singleWidth, scale: scale)
                .map { (text: $0, language: label.language, size: size) }
            if let second = label.secondText { lines.append((second, label.secondLanguage, secondSize)) }
            let widths = lines.map { widths.width(of: $0.text, language: $0.language, sizePixels: $0.size) }
            let blockWidth = widths.max() ?? 0
            let blockHeight = lineHeight * Float(lines.count - (label.secondText == nil ? 0 : 1))
                + (label.secondText == nil ? 0 : secondLineHeight)
            // The first candidate position that collides with nothing placed wins. A label far outside any view the
            // camera can reach (a hostile box at 1e30) is never shown; it must not reach the grid's integer cells either.
            var chosen: (origin: Raster.Point, bounds: Rect, alignRight: Bool)?
            for candidate in candidates(label, drawing: drawing, style: style, width: blockWidth, height: blockHeight) {
                let bounds = Rect(minX: candidate.origin.x - margin, minY: candidate.origin.y - margin,
                                  maxX: candidate.origin.x + blockWidth + margin, maxY: candidate.origin.y + blockHeight + margin)
                if OccupancyGrid.isPlaceable(bounds), !grid.overlaps(bounds) {
                    chosen = (candidate.origin, bounds, candidate.alignRight)
                    break
                }
            }
            guard let (origin, bounds, alignRight) = chosen else { continue }
            grid.insert(bounds)
            var placedLines: [PlacedLine] = []
            var baseline = origin.y + metrics.ascent
            for (index, line) in lines.enumerated() {
                let x = alignRight ? origin.x + blockWidth - widths[index] : origin.x
                if index > 0 { baseline += line.size == size ? lineHeight : secondLineHeight }
                placedLines.append(PlacedLine(text: line.text, language: line.language, sizePixels: line.size,
                                              origin: Raster.Point(x, baseline)))
            }
            placed.append(PlacedLabel(lines: placedLines, sizePixels: size, bounds: bounds,
                                      textBounds: Rect(minX: origin.x, minY: origin.y, maxX: origin.x + blockWidth,
                                                       maxY: origin.y + blockHeight),
                                      labelIndex: labelIndex))
        }
    }

    /// pMetro boxes two text lines high ask for the name to wrap at a space, when it does not fit on one line.
    /// Never a vertical box (its text is laid flat beside the station instead), a short name ("George V"), or a
    /// split that leaves a word of one or two letters alone.
    static func wrap(_ label: MapDrawing.Label, style: MapStyle, singleLineWidthPixels: Float, scale: Double) -> [String] {
        guard let box = label.box, box.height >= style.labelSize * 1.8, box.width >= box.height,
              label.text.count > 12, Double(singleLineWidthPixels) > box.width * scale * 1.1 else { return [label.text] }
        let spaces = label.text.indices.filter { label.text[$0] == " " }
        let middle = label.text.count / 2
        guard let split = spaces.min(by: {
            abs(label.text.distance(from: label.text.startIndex, to: $0) - middle)
                < abs(label.text.distance(from: label.text.startIndex, to: $1) - middle)
        }) else { return [label.text] }
        let parts = [String(label.text[..<split]), String(label.text[label.text.index(after: split)...])]
        return parts.allSatisfy({ $0.count > 2 }) ? parts : [label.text]
    }

    /// Where the text block may go, best first. A horizontal box of the map's own is used as it is (label
    /// placement beyond the scheme's boxes is a later concern). A vertical box, where pMetro turns the text and
    /// which often sits 30–60 px off its station, only says which side the name belongs on: the text is laid flat
    /// beside the station on that side, then tried on the other sides.
    private func candidates(_ label: MapDrawing.Label, drawing: MapDrawing, style: MapStyle,
                            width: Float, height: Float) -> [(origin: Raster.Point, alignRight: Bool)] {
        let origin = drawing.bounds
        func world(_ x: Double, _ y: Double) -> Raster.Point {
            Raster.Point(Float((x - origin.x) * scale), Float((y - origin.y) * scale))
        }
        let centre = world(label.station.x, label.station.y)
        let gap = style.stationRadiusPixels(scale: scale) + 3
        func beside(_ anchor: LabelAnchor) -> (origin: Raster.Point, alignRight: Bool) {
            switch anchor {
            case .right: return (Raster.Point(centre.x + gap, centre.y - height / 2), false)
            case .left: return (Raster.Point(centre.x - gap - width, centre.y - height / 2), true)
            case .above: return (Raster.Point(centre.x - width / 2, centre.y - gap - height), false)
            case .below: return (Raster.Point(centre.x - width / 2, centre.y + gap), false)
            case .aboveRight: return (Raster.Point(centre.x + gap * 0.7, centre.y - gap * 0.7 - height), false)
            case .aboveLeft: return (Raster.Point(centre.x - gap * 0.7 - width, centre.y - gap * 0.7 - height), true)
            case .belowRight: return (Raster.Point(centre.x + gap * 0.7, centre.y + gap * 0.7), false)
            case .belowLeft: return (Raster.Point(centre.x - gap * 0.7 - width, centre.y + gap * 0.7), true)
            }
        }
        guard let box = label.box else { return [beside(label.anchor)] }
        if box.height <= box.width {
            let topLeft = world(box.x, box.y)
            let boxWidth = Float(box.width * scale)
            let alignRight = box.x + box.width / 2 < label.station.x
            // Centre the block on the box vertically; text grown past a small box still hugs the station side.
            let y = topLeft.y + (Float(box.height * scale) - height) / 2
            return [(Raster.Point(alignRight ? topLeft.x + boxWidth - width : topLeft.x, y), alignRight)]
        }
        let offsetX = box.x + box.width / 2 - label.station.x, offsetY = box.y + box.height / 2 - label.station.y
        let preferred: LabelAnchor = abs(offsetX) >= abs(offsetY) * 0.5
            ? (offsetX >= 0 ? .right : .left) : (offsetY >= 0 ? .below : .above)
        let others: [LabelAnchor] = [.right, .left, .above, .below].filter { $0 != preferred }
        return ([preferred] + others).map(beside)
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

    static func isPlaceable(_ rect: Rect) -> Bool {
        [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy { $0.isFinite && abs($0) <= worldLimit }
    }

    /// Cells a rectangle touches; the conversion is clamped, so a rectangle that slipped past `isPlaceable` gives a
    /// wrong answer, never a trap.
    private func cellRange(_ rect: Rect) -> (ClosedRange<Int64>, ClosedRange<Int64>) {
        func cell(_ value: Float) -> Int64 {
            let index = (value / cellSize).rounded(.down)
            guard index.isFinite else { return 0 }
            return Int64(min(max(index, -Self.worldLimit), Self.worldLimit))
        }
        let x0 = cell(rect.minX), x1 = min(max(x0, cell(rect.maxX)), x0 + Self.maximumCellSpan)
        let y0 = cell(rect.minY), y1 = min(max(y0, cell(rect.maxY)), y0 + Self.maximumCellSpan)
        return (x0...x1, y0...y1)
    }

    func overlaps(_ rect: Rect) -> Bool {
        let (xs, ys) = cellRange(rect)
        for x in xs { for y in ys {
            for other in cells[x &* 1_000_003 &+ y] ?? []
            where rect.minX < other.maxX && other.minX < rect.maxX && rect.minY < other.maxY && other.minY < rect.maxY {
                return true
            }
        } }
        return false
    }

    mutating func insert(_ rect: Rect) {
        let (xs, ys) = cellRange(rect)
        for x in xs { for y in ys { cells[x &* 1_000_003 &+ y, default: []].append(rect) } }
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

    init(fonts: FontStack) { self.fonts = fonts }

    func width(of text: String, language: String? = nil, sizePixels: Float) -> Float {
        let key = Key(text: text, language: language)
        if let advance = advances[key] { return advance * sizePixels / referenceSize }
        let advance = fonts.measure(text, sizePixels: referenceSize, language: language)
        advances[key] = advance
        return advance * sizePixels / referenceSize
    }
}
