import Raster

/// Values over time as a picture: people judge a feel by looking at its curve. Each phase has its colour. One plot
/// may stack several panels sharing the time axis (x, y, scale and speed of a replay).
struct TrajectoryPlot {
    struct Sample {
        var time: Double
        var value: Double
        var phase: String
    }

    struct Panel {
        var name: String
        var samples: [Sample]
    }

    var title: String
    var panels: [Panel]
    var width = 960
    var height = 540

    init(title: String, samples: [Sample], width: Int = 960, height: Int = 540) {
        self.title = title
        panels = [Panel(name: "position", samples: samples)]
        self.width = width
        self.height = height
    }

    init(title: String, panels: [Panel], width: Int = 1200, height: Int = 260 * 4) {
        self.title = title
        self.panels = panels
        self.width = width
        self.height = height
    }

    static let phaseColors: [String: Color] = [
        "decelerating": Color(rgb: 0x1F6FD1), "bouncing": Color(rgb: 0xE8741C), "rest": Color(rgb: 0x2E9E48),
        "idle": Color(rgb: 0x2E9E48), "dragging": Color(rgb: 0x7A3DB8), "pinching": Color(rgb: 0xC2185B),
        "zooming": Color(rgb: 0x00897B), "homing": Color(rgb: 0x6D6D6D),
        // The journey card's own states.
        "springing": Color(rgb: 0xE8741C), "resting": Color(rgb: 0x2E9E48), "hidden": Color(rgb: 0xBBBBBB),
        "dismissing": Color(rgb: 0x6D6D6D),
    ]
    static let phaseOrder = ["dragging", "pinching", "decelerating", "bouncing", "springing", "zooming", "homing",
                             "dismissing", "rest", "idle", "resting", "hidden"]

    func render() -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height)
        let canvas = Canvas(buffer: buffer)
        canvas.clear(.white)
        let font = try? Font.loadDefault()
        let all = panels.flatMap(\.samples)
        let times = all.map(\.time)
        let t0 = times.min() ?? 0, t1 = max(times.max() ?? 1, t0 + 1e-9)
        let legendHeight: Float = 36
        let panelHeight = (Float(height) - legendHeight) / Float(max(panels.count, 1))
        for (index, panel) in panels.enumerated() {
            let caption = panels.count == 1 ? "\(title): \(panel.name) over time" : (index == 0 ? "\(title): \(panel.name)" : panel.name)
            draw(panel, caption: caption, top: Float(index) * panelHeight, height: panelHeight, t0: t0, t1: t1,
                 on: canvas, font: font)
        }
        if let font {
            var x: Float = 56
            for phase in Self.phaseOrder where all.contains(where: { $0.phase == phase }) {
                let color = Self.phaseColors[phase] ?? .black
                canvas.fillRect(Rect(x: x, y: Float(height) - 28, width: 14, height: 14), color: color)
                canvas.drawText(phase, at: Point(x + 20, Float(height) - 16), font: font, sizePixels: 14, color: .black)
                x += 130
            }
        }
        return buffer
    }

    private func draw(_ panel: Panel, caption: String, top: Float, height panelHeight: Float, t0: Double, t1: Double,
                      on canvas: Canvas, font: Font?) {
        let samples = panel.samples
        let margin: Float = 56, topMargin: Float = 34, bottomMargin: Float = 14
        let plotWidth = Float(width) - 2 * margin, plotHeight = panelHeight - topMargin - bottomMargin
        let originY = top + topMargin
        let values = samples.map(\.value)
        var v0 = values.min() ?? 0, v1 = values.max() ?? 1
        if v1 - v0 < 1e-9 { v0 -= 1; v1 += 1 }
        func point(_ sample: Sample) -> Point {
            Point(margin + Float((sample.time - t0) / (t1 - t0)) * plotWidth,
                  originY + Float(1 - (sample.value - v0) / (v1 - v0)) * plotHeight)
        }
        let axis = Color(rgb: 0x888888)
        canvas.stroke(polyline: [Point(margin, originY), Point(margin, originY + plotHeight), Point(margin + plotWidth, originY + plotHeight)],
                      style: StrokeStyle(width: 1.5, join: .miter(limit: 4), cap: .butt), color: axis)
        // Consecutive samples of the same phase form one stroke; each stroke starts where the last ended.
        var start = 0
        while start < samples.count {
            var end = start
            while end + 1 < samples.count, samples[end + 1].phase == samples[start].phase { end += 1 }
            let run = samples[max(start - 1, 0)...end].map(point)
            canvas.stroke(polyline: run.count == 1 ? [run[0], run[0]] : run, style: StrokeStyle(width: 2.5),
                          color: Self.phaseColors[samples[start].phase] ?? .black)
            start = end + 1
        }
        if let font {
            canvas.drawText("\(caption) (\(format(t1 - t0)) s, \(format(v0)) … \(format(v1)))",
                            at: Point(margin, originY - 12), font: font, sizePixels: 16, color: .black)
        }
    }

    func write(to path: String) throws {
        try OutputFailure.writingPNG { () throws(PNGError) in try writePNG(render(), to: path) }
    }

    private func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return "\(rounded)"
    }
}
