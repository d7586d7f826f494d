import Raster

/// The card a tapped station shows above itself: name, other names, a coloured chip per line, and its step-free
/// access with its mark when the timetable states it.
public enum StationCallout {
    /// Where the card goes for a station at `anchor` on a screen of `bounds`: above the station when it fits, else
    /// below; slid sideways to stay on screen.
    public struct Layout: Equatable, Sendable {
        public var left: Float
        public var top: Float
        public var width: Float
        public var height: Float
        public var anchor: Point
        public var above: Bool
        public var scalePixels: Float

        /// The card with its border and the pointer to the station: what it covers on screen.
        public var frame: Rect {
            let pointer = 10 * scalePixels
            return Rect(minX: min(left - 1, anchor.x - pointer), minY: min(top - 1, anchor.y - 2),
                        maxX: max(left + width + 1, anchor.x + pointer), maxY: max(top + height + 1, anchor.y + 2))
        }
    }

    public static func layout(_ info: StationInfo, at anchor: Point, in bounds: IntRect, font: Font,
                              scalePixels: Float = 1) -> Layout {
        layout(info, at: anchor, in: bounds, fonts: FontStack(fonts: [font]), scalePixels: scalePixels)
    }

    /// Names in any script: each run measured and drawn in the first font of the stack that has it.
    public static func layout(_ info: StationInfo, at anchor: Point, in bounds: IntRect, fonts: FontStack,
                              scalePixels: Float = 1) -> Layout {
        let titleSize = 20 * scalePixels, textSize = 14 * scalePixels, padding = 10 * scalePixels
        let chip = 12 * scalePixels, lineGap = 6 * scalePixels
        let title = fonts.metrics(sizePixels: titleSize), text = fonts.metrics(sizePixels: textSize)
        let titleHeight = title.ascent + title.descent, textHeight = text.ascent + text.descent
        var width = fonts.measure(info.name, sizePixels: titleSize)
        for name in info.otherNames { width = max(width, fonts.measure(name, sizePixels: textSize)) }
        for line in info.lines { width = max(width, chip + padding / 2 + fonts.measure(line.name, sizePixels: textSize)) }
        if let access = info.access { width = max(width, chip + padding / 2 + fonts.measure(access.text, sizePixels: textSize)) }
        let rows = Float(info.otherNames.count + info.lines.count + (info.access == nil ? 0 : 1))
        let height = titleHeight + rows * (textHeight + lineGap) + 2 * padding
        let boxWidth = width + 2 * padding
        let pointer = 10 * scalePixels
        let above = anchor.y - pointer - height >= Float(bounds.y0)
        let top = above ? anchor.y - pointer - height : anchor.y + pointer
        let left = min(max(anchor.x - boxWidth / 2, Float(bounds.x0) + 4), Float(bounds.x1) - boxWidth - 4)
        return Layout(left: left, top: top, width: boxWidth, height: height, anchor: anchor, above: above,
                      scalePixels: scalePixels)
    }

    public static func draw(_ info: StationInfo, at anchor: Point, on canvas: Canvas, font: Font, scalePixels: Float = 1) {
        draw(info, layout: layout(info, at: anchor, in: canvas.buffer.bounds, font: font, scalePixels: scalePixels),
             on: canvas, font: font)
    }

    public static func draw(_ info: StationInfo, layout: Layout, on canvas: Canvas, font: Font) {
        draw(info, layout: layout, on: canvas, fonts: FontStack(fonts: [font]))
    }

    public static func draw(_ info: StationInfo, layout: Layout, on canvas: Canvas, fonts: FontStack) {
        let scalePixels = layout.scalePixels, anchor = layout.anchor
        let titleSize = 20 * scalePixels, textSize = 14 * scalePixels, padding = 10 * scalePixels
        let chip = 12 * scalePixels, lineGap = 6 * scalePixels, pointer = 10 * scalePixels
        let title = fonts.metrics(sizePixels: titleSize), text = fonts.metrics(sizePixels: textSize)
        let left = layout.left, top = layout.top, boxWidth = layout.width, height = layout.height
        let border = Color(rgb: 0x505050)
        canvas.fillRect(Rect(x: left - 1, y: top - 1, width: boxWidth + 2, height: height + 2), color: border)
        canvas.fillRect(Rect(x: left, y: top, width: boxWidth, height: height), color: .white)
        var pointerPath = PathBuilder()
        let tipY = layout.above ? anchor.y - 2 : anchor.y + 2, baseY = layout.above ? top + height : top
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
        // The station's step-free access last, its own mark where the line chips are.
        if let access = info.access {
            y += text.ascent
            StationAccessFact.drawMark(access.kind, in: Rect(x: left + padding, y: y - chip + 1, width: chip, height: chip), on: canvas)
            canvas.draw(fonts.shape(access.text, sizePixels: textSize), at: Point(left + padding + chip + padding / 2, y),
                        color: .black)
        }
    }
}
