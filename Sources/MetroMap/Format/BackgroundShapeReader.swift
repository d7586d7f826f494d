import TOMLDocument

/// Reads one `[[shape]]` of the background layer, reporting every wrong key and value.
enum BackgroundShapeReader {
    static func shape(_ table: TOMLTable, path: String, number: Int,
                      reader: inout TOMLDocumentReader) -> BackgroundShape? {
        let subject = "shape \(number)"
        reader.rejectUnknownKeys(in: table, allowed: ["kind", "points", "fill", "stroke", "width", "text", "size"],
                                 path: path, subject: subject)
        var kind: BackgroundShape.Kind?
        if let name = reader.string(table, "kind", path: path, subject: subject, required: true) {
            kind = BackgroundShape.Kind(rawValue: name)
            if kind == nil {
                let choices = BackgroundShape.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                reader.error("\(subject): kind \"\(name)\" is not one of: \(choices)", at: path + ".kind")
            }
        }
        var points: [SchemePoint] = []
        if let value = table["points"] {
            points = reader.schemePoints(value, key: "points", pointName: "point", at: path + ".points", subject: subject)
        } else {
            reader.error("\(subject): missing 'points'", at: path)
        }
        let fill = color(table, "fill", path: path, subject: subject, reader: &reader)
        let stroke = color(table, "stroke", path: path, subject: subject, reader: &reader)
        let width = reader.number(table, "width", path: path, subject: subject, minimum: 0,
                                  maximum: SchemeLimits.maximumSize) ?? 1
        let text = reader.string(table, "text", path: path, subject: subject, required: kind == .text) ?? ""
        let size = reader.number(table, "size", path: path, subject: subject, minimum: 0,
                                 maximum: SchemeLimits.maximumSize) ?? 0
        guard let kind else { return nil }
        let fewest: Int
        switch kind {
        case .polygon: fewest = 3
        case .polyline, .spline, .ellipse: fewest = 2
        case .text: fewest = 1
        }
        if table["points"] != nil && points.count < fewest {
            reader.error("\(subject): a \(kind.rawValue) needs at least \(fewest) points", at: path + ".points")
        }
        if kind == .text && table["size"] == nil {
            reader.error("\(subject): a text needs 'size' (its height in scheme units)", at: path)
        }
        if kind != .text && (table["text"] != nil || table["size"] != nil) {
            reader.error("\(subject): 'text' and 'size' belong to kind = \"text\"", at: path + ".kind")
        }
        return BackgroundShape(kind: kind, points: points, fill: fill, stroke: stroke, width: width, text: text,
                               size: size)
    }

    private static func color(_ table: TOMLTable, _ key: String, path: String, subject: String,
                              reader: inout TOMLDocumentReader) -> RGBColor? {
        guard let text = reader.string(table, key, path: path, subject: subject, required: false) else { return nil }
        guard let color = RGBColor(hex: text) else {
            reader.error("\(subject): \(key) \"\(text)\" is not \"#RRGGBB\"", at: path + "." + key)
            return nil
        }
        return color
    }
}
