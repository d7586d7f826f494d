import Raster

extension FontStack {
    /// `text` as it fits `width` pixels at `sizePixels`: whole, or cut at a word with " …" (the first word alone,
    /// cut, when even it is too long). A kiosk's boxes have fixed widths; the card carries the full text.
    func cut(_ text: String, toWidth width: Float, sizePixels: Float) -> String {
        guard measure(text, sizePixels: sizePixels) > width else { return text }
        var words = text.split(separator: " ").map(String.init)
        while words.count > 1, measure(words.joined(separator: " ") + " …", sizePixels: sizePixels) > width { words.removeLast() }
        return words.joined(separator: " ") + " …"
    }
}
