import Raster

/// The card a tapped station shows above itself: name, other names, and a coloured chip per line.
public enum StationCallout {
    public static func draw(_ info: StationInfo, at anchor: Point, on canvas: Canvas, font: Font, scalePixels: Float = 1) {
        draw(info, at: anchor, on: canvas, fonts: FontStack(fonts: [font]), scalePixels: scalePixels)
    }

    /// Names in any script: each run in the first font of the stack that has it.
    public static func draw(_ info: StationInfo, at anchor: Point, on canvas: Canvas, fonts: FontStack, scalePixels: Float = 1) {
        let titleSize = 20 * scalePixels, textSize = 14 * scalePixels, padding = 10 * scalePixels
        let chip = 12 * scalePixels, lineGap = 6 * scalePixels
        let title = fonts.metrics(sizePixels: titleSize), text = fonts.metrics(sizePixels: textSize)
        let titleHeight = title.ascent + title.descent, textHeight = text.ascent + text.descent
        var width = fonts.measure(info.name, sizePixels: titleSize)
        for name in info.otherNames { width = max(width, fonts.measure(name, sizePixels: textSize)) }
        for line in info.lines { width = max(width, chip + padding / 2 + fonts.measure(line.name, sizePixels: textSize)) }
        let rows = Float(info.otherNames.count + info.lines.count)
        let height = titleHeight + rows * (textHeight + lineGap) + 2 * padding
        let boxWidth = width + 2 * padding
        let bounds = canvas.buffer.bounds
        // Above the station when it fits, else below; slid sideways to stay on screen.
        let pointer = 10 * scalePixels
        let above = anchor.y - pointer - height >= Float(bounds.y0)
        let top = above ? anchor.y - pointer - height : anchor.y + pointer
        let left = min(max(anchor.x - boxWidth / 2, Float(bounds.x0) + 4), Float(bounds.x1) - boxWidth - 4)
        let border = Color(rgb: 0x505050)
        canvas.fillRect(Rect(x: left - 1, y: top - 1, width: boxWidth + 2, height: height + 2), color: border)
        canvas.fillRect(Rect(x: left, y: top, width: boxWidth, height: height), color: .white)
        var pointerPath = PathBuilder()
        let tipY = above ? anchor.y - 2 : anchor.y + 2, baseY = above ? top + height : top
        pointerPath.addPolygon([Point(anchor.x, tipY), Point(anchor.x - pointer, baseY), Point(anchor.x + pointer, baseY)])
        canvas.fill(pointerPath.build(), color: border)
        var y = top + padding + title.ascent
        canvas.draw(fonts.shape(info.name, sizePixels: titleSize), at: Point(left + padding, y), color: .black)
        y += title.descent + lineGap
        for name in info.otherNames {
            y += text.ascent
            canvas.draw(fonts.shape(name, sizePixels: textSize), at: Point(left + padding, y), color: Color(rgb: 0x404040))
            y += text.descent + lineGap
        }
        for line in info.lines {
            y += text.ascent
            canvas.fillRect(Rect(x: left + padding, y: y - chip + 1, width: chip, height: chip), color: line.color)
            canvas.draw(fonts.shape(line.name, sizePixels: textSize), at: Point(left + padding + chip + padding / 2, y),
                        color: .black)
            y += text.descent + lineGap
        }
    }
}
