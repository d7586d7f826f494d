import Raster

/// Position over time as a picture: people judge a feel by looking at its curve. Each phase has its colour.
struct TrajectoryPlot {
    struct Sample {
        var time: Double
        var value: Double
        var phase: String
    }

    var title: String
    var samples: [Sample]
    var width = 960
    var height = 540

    static let phaseColors: [String: Color] = [
        "decelerating": Color(rgb: 0x1F6FD1), "bouncing": Color(rgb: 0xE8741C), "rest": Color(rgb: 0x2E9E48),
    ]

    func render() -> PixelBuffer {
        let buffer = PixelBuffer(width: width, height: height)
        let canvas = Canvas(buffer: buffer)
        canvas.clear(.white)
        let margin: Float = 56
        let plotWidth = Float(width) - 2 * margin, plotHeight = Float(height) - 2 * margin
        let times = samples.map(\.time), values = samples.map(\.value)
        let t0 = times.min() ?? 0, t1 = max(times.max() ?? 1, t0 + 1e-9)
        var v0 = values.min() ?? 0, v1 = values.max() ?? 1
        if v1 - v0 < 1e-9 { v0 -= 1; v1 += 1 }
        func point(_ sample: Sample) -> Point {
            Point(margin + Float((sample.time - t0) / (t1 - t0)) * plotWidth,
                  margin + Float(1 - (sample.value - v0) / (v1 - v0)) * plotHeight)
        }
        let axis = Color(rgb: 0x888888)
        canvas.stroke(polyline: [Point(margin, margin), Point(margin, margin + plotHeight), Point(margin + plotWidth, margin + plotHeight)],
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
        if let font = try? Font.loadDefault() {
            canvas.drawText("\(title): position over time (\(format(t1 - t0)) s, \(format(v0)) … \(format(v1)))",
                            at: Point(margin, margin - 20), font: font, sizePixels: 16, color: .black)
            var x = margin
            for phase in ["decelerating", "bouncing", "rest"] where samples.contains(where: { $0.phase == phase }) {
                let color = Self.phaseColors[phase] ?? .black
                canvas.fillRect(Rect(x: x, y: Float(height) - 28, width: 14, height: 14), color: color)
                canvas.drawText(phase, at: Point(x + 20, Float(height) - 16), font: font, sizePixels: 14, color: .black)
                x += 140
            }
        }
        return buffer
    }

    func write(to path: String) throws {
        try OutputFailure.writingPNG { () throws(PNGError) in try writePNG(render(), to: path) }
    }

    private func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return "\(rounded)"
    }
}
