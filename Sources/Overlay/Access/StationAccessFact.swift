import Raster

/// A station's step-free access as the callout and the journey card state it, worded in the shown language, with a
/// mark of its own for each answer: a traveller who cannot read the words still tells "yes" from "no" from "nobody
/// says". Unknown (GTFS `wheelchair_boarding` 0 or empty) is never drawn as step-free, nor as the map's no-access
/// badge (`StepFreeMarksElement`): the feed has not said the station lacks access either.
public struct StationAccessFact: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case stepFree, noStepFree, unknown }

    public var kind: Kind
    public var text: String

    public init(kind: Kind, language: String?) {
        self.kind = kind
        let wording = TimetableWording(language: language)
        switch kind {
        case .stepFree: text = wording.stepFreeAccess
        case .noStepFree: text = wording.noStepFreeAccess
        case .unknown: text = wording.stepFreeAccessUnknown
        }
    }

    /// Step-free: white tick on blue. No access: the map badge's white stairs on black. Unknown: a white "?" on
    /// mid grey (grey is neither the yes nor the no colour; the "?" is drawn as strokes, so it shows without fonts).
    public static let stepFreeFill = Color(rgb: 0x1C5FB0)
    public static let noStepFreeFill = StepFreeMarksElement.fill
    public static let unknownFill = Color(rgb: 0x6E6E6E)

    /// The fill colour of `kind`'s mark.
    public static func fill(_ kind: Kind) -> Color {
        switch kind {
        case .stepFree: stepFreeFill
        case .noStepFree: noStepFreeFill
        case .unknown: unknownFill
        }
    }

    /// Draws `kind`'s mark filling the square `box`.
    public static func drawMark(_ kind: Kind, in box: Rect, on canvas: Canvas) {
        canvas.fillRect(box, color: fill(kind))
        let w = box.width, x = box.minX, y = box.minY
        let stroke = StrokeStyle(width: max(1.2, w * 0.13), join: .miter(limit: 4), cap: .butt)
        switch kind {
        case .stepFree:
            canvas.stroke(polyline: [Point(x + w * 0.2, y + w * 0.52), Point(x + w * 0.42, y + w * 0.74),
                                     Point(x + w * 0.8, y + w * 0.28)], style: stroke, color: .white)
        case .noStepFree:
            let step = w * 0.22, x0 = x + w * 0.17, y0 = box.maxY - w * 0.17
            var stairs = [Point(x0, y0)]
            for i in 0..<3 {
                let sx = x0 + Float(i) * step, sy = y0 - Float(i + 1) * step
                stairs.append(Point(sx, sy))
                stairs.append(Point(sx + step, sy))
            }
            canvas.stroke(polyline: stairs, style: stroke, color: .white)
        case .unknown:
            // A question mark: a hook and a dot.
            canvas.stroke(polyline: [Point(x + w * 0.32, y + w * 0.36), Point(x + w * 0.36, y + w * 0.22),
                                     Point(x + w * 0.5, y + w * 0.17), Point(x + w * 0.64, y + w * 0.22),
                                     Point(x + w * 0.68, y + w * 0.34), Point(x + w * 0.5, y + w * 0.48),
                                     Point(x + w * 0.5, y + w * 0.62)], style: stroke, color: .white)
            canvas.fillRect(Rect(x: x + w * 0.43, y: y + w * 0.72, width: w * 0.14, height: w * 0.12), color: .white)
        }
    }
}
