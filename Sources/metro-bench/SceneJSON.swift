import Raster

/// A `Scene` as JSON, for peers outside Swift (`scripts/bench-peers` replays it through Skia): pixel coordinates
/// of the target buffer, straight RGBA colours as [r, g, b, a] in 0...255, text as positioned glyph IDs of a font
/// file so the peer draws the same glyphs at the same places.
enum SceneJSON {
    static func encode(_ scene: Scene, width: Int, height: Int, caseName: String, oursMilliseconds: Double) -> String {
        var out = "{\"case\": \(string(caseName)), \"width\": \(width), \"height\": \(height), "
        out += "\"ours_ms\": \(number(oursMilliseconds)), "
        if let clip = scene.clip { out += "\"clip\": [\(clip.x0), \(clip.y0), \(clip.x1), \(clip.y1)], " }
        if let background = scene.background { out += "\"background\": \(color(background.withAlpha(255))), " }
        out += "\"commands\": [\n"
        out += scene.commands.map(command).filter { !$0.isEmpty }.joined(separator: ",\n")
        out += "\n]}\n"
        return out
    }

    private static func command(_ command: SceneCommand) -> String {
        switch command {
        case .fillPath(let path, let c):
            var verbs: [String] = []
            var i = 0
            for verb in path.verbs {
                switch verb {
                case .move: verbs.append("[\"M\", \(point(path.points[i]))]"); i += 1
                case .line: verbs.append("[\"L\", \(point(path.points[i]))]"); i += 1
                case .quad: verbs.append("[\"Q\", \(point(path.points[i])), \(point(path.points[i + 1]))]"); i += 2
                case .cubic:
                    verbs.append("[\"C\", \(point(path.points[i])), \(point(path.points[i + 1])), \(point(path.points[i + 2]))]")
                    i += 3
                case .close: verbs.append("[\"Z\"]")
                }
            }
            return "{\"op\": \"fill\", \"color\": \(color(c)), \"path\": [\(verbs.joined(separator: ", "))]}"
        case .strokePolyline(let points, let style, let c):
            let join: String
            var limit: Float = 4
            switch style.join {
            case .round: join = "round"
            case .bevel: join = "bevel"
            case .miter(let l): join = "miter"; limit = l
            }
            let cap = switch style.cap { case .round: "round"; case .butt: "butt"; case .square: "square" }
            return "{\"op\": \"stroke\", \"color\": \(color(c)), \"width\": \(number(style.width)), \"join\": \"\(join)\", "
                + "\"miter_limit\": \(number(limit)), \"cap\": \"\(cap)\", \"points\": [\(points.map(point).joined(separator: ", "))]}"
        case .circle(let center, let radius, let c):
            return "{\"op\": \"circle\", \"color\": \(color(c)), \"center\": \(point(center)), \"radius\": \(number(radius))}"
        case .ring(let center, let radius, let width, let c):
            return "{\"op\": \"ring\", \"color\": \(color(c)), \"center\": \(point(center)), \"radius\": \(number(radius)), "
                + "\"width\": \(number(width))}"
        case .rect(let rect, let c):
            return "{\"op\": \"rect\", \"color\": \(color(c)), \"rect\": [\(number(rect.minX)), \(number(rect.minY)), "
                + "\(number(rect.maxX)), \(number(rect.maxY))]}"
        case .text(let text):
            // One op per font run; a halo is the run's glyph outlines stroked 2 × haloRadius wide under the text,
            // as the cairo peer draws it.
            let haloWidth = 2 * ShapedLine.haloRadius(sizePixels: text.line.sizePixels)
            let runs = text.line.runs.map { run in
                let x = text.origin.x + run.x
                let glyphs = run.shaped.glyphs.map {
                    "[\($0.glyphID), \(number(x + $0.x)), \(number(text.origin.y + $0.y))]"
                }
                let halo = text.halo.map { ", \"halo\": \(color($0)), \"halo_width\": \(number(haloWidth))" } ?? ""
                return "{\"op\": \"glyphs\", \"color\": \(color(text.color))\(halo), \"font\": \(string(run.font.path)), "
                    + "\"size\": \(number(run.shaped.sizePixels)), \"glyphs\": [\(glyphs.joined(separator: ", "))]}"
            }
            return runs.joined(separator: ",\n")
        }
    }

    private static func point(_ p: Point) -> String { "[\(number(p.x)), \(number(p.y))]" }

    private static func color(_ c: Color) -> String { "[\(c.red), \(c.green), \(c.blue), \(c.alpha)]" }

    private static func number(_ v: Float) -> String { v.isFinite ? "\(v)" : "0" }

    private static func number(_ v: Double) -> String { v.isFinite ? String(format3: v) : "null" }

    private static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u" + String(String(scalar.value, radix: 16).reversed()).padding(4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

private extension String {
    /// Left-pads a reversed hex string with zeros to `n` digits and turns it the right way round.
    func padding(_ n: Int) -> String {
        String((self + String(repeating: "0", count: max(0, n - count))).reversed())
    }
}
