import Raster

extension FontStack {
    /// `text` as it fits `width` pixels at `sizePixels`: whole, or cut at a word with " …" (the first word alone,
    /// cut, when even it is too long). A kiosk's boxes have fixed widths; the card carries the full text.
    public func cut(_ text: String, toWidth width: Float, sizePixels: Float) -> String {
        guard measure(text, sizePixels: sizePixels) > width else { return text }
        var words = text.split(separator: " ").map(String.init)
        while words.count > 1, measure(words.joined(separator: " ") + " …", sizePixels: sizePixels) > width { words.removeLast() }
        return words.joined(separator: " ") + " …"
    }

    /// `text` cut within its last word where needed, with "…": a departure's title keeps as much of its headsign as
    /// fits ("Blue · towards Dublin/Pleas…"), where a cut at a word left "towards …" of a one-word headsign.
    public func cutWithin(_ text: String, toWidth width: Float, sizePixels: Float) -> String {
        guard measure(text, sizePixels: sizePixels) > width else { return text }
        var kept = Substring(text)
        while !kept.isEmpty, measure(kept.trimmingSuffixSpaces + "…", sizePixels: sizePixels) > width { kept = kept.dropLast() }
        return kept.trimmingSuffixSpaces + "…"
    }
}

extension Substring {
    fileprivate var trimmingSuffixSpaces: String {
        var text = self
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
