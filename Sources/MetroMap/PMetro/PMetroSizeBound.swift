import TOMLDocument

/// The one rule for a size in a pMetro file past the bound the kiosk draws it at (`SchemeLimits.maximumSize` for the
/// scheme's widths and the texts, `PMetroVectorFile.widestStroke` for the vector file's strokes): a warning at its
/// line, and the size drawn at the bound. pMetro itself takes such a number, so the import keeps the city and draws
/// it as near as it can instead of refusing it, or drawing a damaged river 1 wide, for one size.
enum PMetroSizeBound {
    /// `value`, or `bound` with a warning at `path`:`line` naming `subject` ("[Options]: LinesWidth=",
    /// "TextOut: size ") and the value when it is past it.
    static func clamped(_ value: Double, to bound: Double, subject: String, path: String, line: Int,
                        warnings: inout [MapDiagnostic]) -> Double {
        guard value > bound else { return value }
        let limit = TOMLText.number(bound)
        warnings.append(MapDiagnostic(file: path, line: line, message: "\(subject)\(TOMLText.number(value)) is more than "
                                      + "\(limit) scheme units; \(limit) is used", severity: .warning))
        return bound
    }
}
