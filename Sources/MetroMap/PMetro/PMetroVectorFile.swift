import TOMLDocument

/// What a pMetro vector file (`.vec`, named by the scheme's `ImageFileName=`) draws under the lines: water,
/// parks, legends and titles, as `BackgroundShape`s in scheme units.
///
/// The subset the corpus uses: `Size`, `PenColor`, `BrushColor` (`-1` = none), `Polygon` (filled with the brush,
/// outlined with the pen), `Line` and `Spline` (pen colour; an odd last number is the width), `Railway`
/// (width, dash, tie width, points: drawn as a plain line), `Ellipse` (two corners), `TextOut` and
/// `AngleTextOut` at angle 0 (pen colour; x, y the top-left corner), `SpotCircle` (radius, x, y: a route
/// bullet in the brush colour) and `SpotRect` (filled with the brush when one is set); their click actions are
/// not used. Anything else (`Image`, rotated text, unknown commands) is a warning.
struct PMetroVectorFile {
    /// The drawing's `Size WxH`: its canvas from the origin, in scheme units.
    var canvas: SchemeRect?
    var shapes: [BackgroundShape] = []
    var warnings: [MapDiagnostic] = []
    var errors: [MapDiagnostic] = []
    /// Commands that would draw something but were skipped (each also a warning).
    var dropped: Int { warnings.filter { $0.message.hasSuffix("skipped") }.count }

    /// Stroke widths past this are taken as a damaged number and drawn at it (a river 790 units wide would cover
    /// the lines over it).
    static let widestStroke: Double = 100

    init(text: String, path: String) {
        var pen: RGBColor? = RGBColor(red: 0, green: 0, blue: 0)
        var brush: RGBColor?
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            let line = rawLine.trimmingPMetroWhitespace()
            if line.isEmpty || line.hasPrefix(";") || line.hasPrefix("//") { continue }
            let command = String(line.prefix { $0 != " " && $0 != "\t" })
            let arguments = String(line.dropFirst(command.count).trimmingPMetroWhitespace())
            func warn(_ message: String) {
                warnings.append(MapDiagnostic(file: path, line: lineNumber, message: message, severity: .warning))
            }
            switch command.lowercased() {
            case "size":
                let parts = arguments.lowercased().split(separator: "x").compactMap { Double($0.trimmingPMetroWhitespace()) }
                if parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= PMetroImporter.coordinateLimit }) {
                    canvas = SchemeRect(x: 0, y: 0, width: parts[0], height: parts[1])
                } else {
                    warn("Size \(arguments) is not WIDTHxHEIGHT; ignored")
                }
            case "pencolor":
                pen = color(arguments, lineNumber, path, "PenColor")
            case "brushcolor":
                brush = color(arguments, lineNumber, path, "BrushColor")
            case "polygon":
                guard let outline = points(arguments, lineNumber, path, fewest: 3, command: "Polygon") else { continue }
                shapes.append(BackgroundShape(kind: .polygon, points: outline.points, fill: brush, stroke: pen))
            case "line", "spline":
                guard let run = points(arguments, lineNumber, path, fewest: 2, command: command) else { continue }
                shapes.append(BackgroundShape(kind: command.lowercased() == "line" ? .polyline : .spline,
                                              points: run.points, stroke: pen,
                                              width: strokeWidth(run.extra, lineNumber, path,
                                                                 command: command.lowercased() == "line" ? "Line" : "Spline")))
            case "railway":
                let fields = arguments.split(separator: ",", omittingEmptySubsequences: false)
                guard fields.count > 3, let width = Double(fields[0].trimmingPMetroWhitespace()),
                      let run = points(fields.dropFirst(3).joined(separator: ","), lineNumber, path, fewest: 2,
                                       command: "Railway") else {
                    if fields.count <= 3 { warn("Railway: expected width, dash, tie, then points; skipped") }
                    continue
                }
                shapes.append(BackgroundShape(kind: .polyline, points: run.points, stroke: pen,
                                              width: strokeWidth(width, lineNumber, path, command: "Railway")))
            case "ellipse":
                guard let box = points(arguments, lineNumber, path, fewest: 2, command: "Ellipse") else { continue }
                shapes.append(BackgroundShape(kind: .ellipse, points: Array(box.points.prefix(2)), fill: brush,
                                              stroke: pen))
            case "textout":
                addText(arguments, angle: 0, lineNumber, path, pen: pen)
            case "angletextout":
                let fields = arguments.split(separator: ",", maxSplits: 1)
                guard fields.count == 2, let angle = Double(fields[0].trimmingPMetroWhitespace()) else {
                    warn("AngleTextOut: expected angle, font, size, x, y, text; skipped")
                    continue
                }
                addText(String(fields[1]), angle: angle, lineNumber, path, pen: pen)
            case "spotcircle":
                // pMetro's route bullets: a disc in the brush colour that is also a click area (not used here).
                let fields = arguments.split(separator: ",").prefix(3).compactMap { Double($0.trimmingPMetroWhitespace()) }
                guard fields.count == 3, fields.allSatisfy({ abs($0) <= PMetroImporter.coordinateLimit }) else {
                    warn("SpotCircle: expected radius, x, y; skipped")
                    continue
                }
                let (r, x, y) = (fields[0], fields[1], fields[2])
                guard brush != nil else { continue }
                shapes.append(BackgroundShape(kind: .ellipse, points: [SchemePoint(x: x - r, y: y - r),
                                                                       SchemePoint(x: x + r, y: y + r)], fill: brush))
            case "spotrect":
                // A click area over a title; it draws only when a brush is set.
                let fields = arguments.split(separator: ",").prefix(4).compactMap { Double($0.trimmingPMetroWhitespace()) }
                guard fields.count == 4, fields.allSatisfy({ abs($0) <= PMetroImporter.coordinateLimit }) else {
                    warn("SpotRect: expected x, y, width, height; skipped")
                    continue
                }
                guard brush != nil else { continue }
                let (x, y, w, h) = (fields[0], fields[1], fields[2], fields[3])
                shapes.append(BackgroundShape(kind: .polygon, points: [
                    SchemePoint(x: x, y: y), SchemePoint(x: x + w, y: y), SchemePoint(x: x + w, y: y + h),
                    SchemePoint(x: x, y: y + h)], fill: brush))
            case "image":
                if !arguments.isEmpty { warn("Image \(arguments): pictures are not drawn; skipped") }
            default:
                warn("unknown command \(command); skipped")
            }
        }
    }

    private mutating func color(_ text: String, _ line: Int, _ path: String, _ command: String) -> RGBColor? {
        let value = text.trimmingPMetroWhitespace()
        if value == "-1" { return nil }
        if let color = RGBColor(hex: String(value)) { return color }
        warnings.append(MapDiagnostic(file: path, line: line, message: "\(command) \(value) is not RRGGBB; no colour",
                                      severity: .warning))
        return nil
    }

    /// x,y pairs; an odd number at the end (a width) comes back as `extra`.
    private mutating func points(_ text: String, _ line: Int, _ path: String, fewest: Int,
                                 command: String) -> (points: [SchemePoint], extra: Double?)? {
        var numbers: [Double] = []
        for field in text.split(separator: ",") {
            let trimmed = field.trimmingPMetroWhitespace()
            if trimmed.isEmpty { continue }
            guard let value = Double(trimmed), value.isFinite else {
                warnings.append(MapDiagnostic(file: path, line: line,
                                              message: "\(command): \"\(trimmed.prefix(80))\" is not a number; skipped",
                                              severity: .warning))
                return nil
            }
            guard abs(value) <= PMetroImporter.coordinateLimit else {
                errors.append(MapDiagnostic(file: path, line: line, message: "\(command): \(value) is outside "
                                            + "±\(Int(PMetroImporter.coordinateLimit)) scheme units"))
                return nil
            }
            numbers.append(value)
        }
        let extra = numbers.count % 2 == 1 ? numbers.removeLast() : nil
        let points = stride(from: 0, to: numbers.count, by: 2).map { SchemePoint(x: numbers[$0], y: numbers[$0 + 1]) }
        guard points.count >= fewest else {
            warnings.append(MapDiagnostic(file: path, line: line, message: "\(command): needs at least \(fewest) "
                                          + "points; skipped", severity: .warning))
            return nil
        }
        return (points, extra)
    }

    /// A stroke's width: 1 when none is given or it is no width at all (0, negative, not finite); past
    /// `widestStroke` drawn at it with a warning, by the rule the scheme's sizes follow (`PMetroSizeBound`).
    private mutating func strokeWidth(_ value: Double?, _ line: Int, _ path: String, command: String) -> Double {
        guard let value else { return 1 }
        guard value > 0, !value.isNaN else {
            warnings.append(MapDiagnostic(file: path, line: line, message: "\(command): width \(TOMLText.number(value)) is "
                                          + "not a width; drawn 1 wide", severity: .warning))
            return 1
        }
        return PMetroSizeBound.clamped(value, to: Self.widestStroke, subject: "\(command): width ", path: path, line: line,
                                       warnings: &warnings)
    }

    /// `text` without the desktop viewer's hints in brackets, "(click to view)" under New York's "AirTrain JFK": on a
    /// kiosk that caption is not a button, and nothing on the map can be clicked. Empty when nothing else is left.
    static func withoutClickHint(_ text: some StringProtocol) -> String {
        var rest = Substring(text), kept = "", dropped = false
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let isHint = rest[rest.index(after: open)..<close].trimmingPMetroWhitespace().lowercased().hasPrefix("click")
            kept += isHint ? rest[..<open] : rest[...close]
            dropped = dropped || isHint
            rest = rest[rest.index(after: close)...]
        }
        guard dropped else { return String(text) }
        // The spaces either side of the hint close up.
        return (kept + rest).split(separator: " ").joined(separator: " ")
    }

    /// `font, size, x, y, text[, style[, …]]`; trailing whole numbers after the text are style flags.
    private mutating func addText(_ arguments: String, angle: Double, _ line: Int, _ path: String, pen: RGBColor?) {
        var fields = arguments.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0.trimmingPMetroWhitespace())
        }
        guard fields.count >= 5, var size = Double(fields[1]), let x = Double(fields[2]), let y = Double(fields[3]),
              size.isFinite, x.isFinite, y.isFinite else {
            warnings.append(MapDiagnostic(file: path, line: line, message: "TextOut: expected font, size, x, y, text; "
                                          + "skipped", severity: .warning))
            return
        }
        guard abs(x) <= PMetroImporter.coordinateLimit, abs(y) <= PMetroImporter.coordinateLimit,
              size > 0, size <= PMetroImporter.coordinateLimit else {
            errors.append(MapDiagnostic(file: path, line: line, message: "TextOut: position or size outside "
                                        + "±\(Int(PMetroImporter.coordinateLimit)) scheme units"))
            return
        }
        // The map format's bound on a text's size (`SchemeLimits.maximumSize`): the glyphs are rasterised that tall.
        // Past it the text is drawn at the bound with a warning, as pMetro's own sizes are: one damaged size does not
        // refuse the city.
        size = PMetroSizeBound.clamped(size, to: SchemeLimits.maximumSize, subject: "TextOut: size ", path: path, line: line,
                                       warnings: &warnings)
        fields.removeFirst(4)
        while fields.count > 1, let last = fields.last, Int(last) != nil { fields.removeLast() }
        let text = Self.withoutClickHint(fields.joined(separator: ", ").trimmingPMetroWhitespace())
        guard !text.isEmpty else { return }
        guard angle == 0 else {
            warnings.append(MapDiagnostic(file: path, line: line, message: "text \"\(text.prefix(80))\" at "
                                          + "\(TOMLText.number(angle))°: rotated text is not drawn; skipped",
                                          severity: .warning))
            return
        }
        guard let pen else { return }
        shapes.append(BackgroundShape(kind: .text, points: [SchemePoint(x: x, y: y)], stroke: pen, text: String(text),
                                      size: size))
    }
}
