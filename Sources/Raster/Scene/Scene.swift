/// A draw list: what to draw, in order, independent of who draws it. Our `Canvas` executes it
/// (`canvas.draw(scene)`); the benchmark executes the same list with cairo.
public struct Scene {
    /// Drawing is limited to this rectangle (intersected with the canvas clip); nil means the whole canvas.
    public var clip: IntRect?
    /// Painted over the clip before the commands; nil leaves the pixels as they are.
    public var background: Color?
    public var commands: [SceneCommand]

    public init(clip: IntRect? = nil, background: Color? = nil, commands: [SceneCommand] = []) {
        self.clip = clip
        self.background = background
        self.commands = commands
    }

    public mutating func append(_ command: SceneCommand) {
        commands.append(command)
    }
}

/// What drawing a scene found wrong without stopping: labels with characters the font lacks (not drawn).
public struct SceneDrawReport {
    public var textsWithMissingGlyphs: [ShapedText] = []
}

extension Canvas {
    /// Executes `scene` into this canvas. The canvas clip is restored afterwards.
    @discardableResult
    public func draw(_ scene: Scene) -> SceneDrawReport {
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
                draw(text.shaped, at: text.origin, font: text.font, color: text.color)
                if !text.shaped.allGlyphsFound { report.textsWithMissingGlyphs.append(text.shaped) }
            }
        }
        return report
    }
}
