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

/// What drawing a scene found wrong without stopping: labels with characters no font of the stack has (not drawn).
public struct SceneDrawReport {
    public var textsWithMissingGlyphs: [ShapedLine] = []
}
