import MetroMap

/// The name a line goes by on the card and the station callout: its name in the shown language, put through the
/// language's pattern when it is a bare number ("1" → "1号线", "Ligne 1", "1호선"). The map's own
/// `line_name_patterns` come first, so a tram network can say "Трамвай {n}" and New York "{n} train".
public enum LineNaming {
    public static func name(of line: MetroLine, in map: MetroMap, language: String?) -> String {
        let name = language.map { line.name(in: $0) } ?? line.name
        guard LineNamePattern.isBareCode(name) else { return name }
        // No language: the card speaks English, so the English pattern.
        let pattern = map.lineNamePattern(for: language ?? "en") ?? JourneyWording(language: language).lineNamePattern
        return LineNamePattern.apply(pattern, to: name)
    }
}
