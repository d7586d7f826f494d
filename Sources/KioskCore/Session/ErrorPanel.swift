import Raster

/// What the screen shows when the kiosk cannot show its map (a broken config or map at start): the problems
/// themselves, as file:line:col lines an operator can act on, instead of a black screen.
public enum ErrorPanel {
    public static func render(title: String, problems: [String], into buffer: PixelBuffer, font: Font?) {
        let canvas = Canvas(buffer: buffer)
        canvas.clear(Color(rgb: 0x202428))
        let width = Float(buffer.width), height = Float(buffer.height)
        canvas.fillRect(Rect(x: 0, y: 0, width: width, height: min(8, height)), color: Color(rgb: 0xD9381E))
        guard let font else { return }
        let size = max(12, min(width, height) / 36)
        var y = size * 3
        let margin = size * 2
        canvas.drawText(title, at: Point(margin, y), font: font, sizePixels: size * 1.4, color: .white)
        y += size * 2.6
        for problem in problems.prefix(max(0, Int((height - y) / (size * 1.5)))) {
            // Long lines are cut rather than wrapped: the file:line:col at the start is what matters.
            var text = problem
            var shortened = false
            while text.count > 8, font.measure(text + (shortened ? "…" : ""), sizePixels: size) > width - 2 * margin {
                text.removeLast()
                shortened = true
            }
            if shortened { text += "…" }
            canvas.drawText(text, at: Point(margin, y), font: font, sizePixels: size, color: Color(rgb: 0xF0C674))
            y += size * 1.5
        }
    }
}
