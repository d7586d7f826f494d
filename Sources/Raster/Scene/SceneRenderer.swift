extension Canvas {
    /// Executes `scene` into this canvas. The canvas clip is restored afterwards.
    @discardableResult
    public func draw(_ scene: Scene) -> SceneDrawReport {
        if let renderPool {
            let drawer = bandedDrawer ?? BandedSceneDrawer()
            bandedDrawer = drawer
            return drawer.draw(scene, on: self, pool: renderPool)
        }
        let savedClip = clip
        defer { clip = savedClip }
        if let sceneClip = scene.clip { clip = clip.intersection(sceneClip) }
        if let background = scene.background { clear(background) }
        var report = SceneDrawReport()
        for command in scene.commands {
            switch command {
            case .fillPath(let path, let color):
                fill(path, color: color)
            case .strokePolyline(let points, let style, let color):
                stroke(polyline: points, style: style, color: color)
            case .circle(let center, let radius, let color):
                fillCircle(center: center, radius: radius, color: color)
            case .ring(let center, let radius, let width, let color):
                strokeCircle(center: center, radius: radius, width: width, color: color)
            case .rect(let rect, let color):
                fillRect(rect, color: color)
            case .text(let text):
                draw(text.line, at: text.origin, color: text.color, halo: text.halo)
                if !text.line.allGlyphsFound { report.textsWithMissingGlyphs.append(text.line) }
            }
        }
        return report
    }
}
