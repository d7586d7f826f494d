import Raster

/// Groups of scene commands, to time each kind of drawing on its own.
enum SceneCommandKind: String, CaseIterable, CustomStringConvertible {
    case lines, stations, labels

    var description: String { rawValue }

    func includes(_ command: SceneCommand) -> Bool {
        switch command {
        case .fillPath, .strokePolyline, .rect: return self == .lines
        case .circle, .ring: return self == .stations
        case .text: return self == .labels
        }
    }

    /// The scene with only this kind of command (background and clip kept).
    func filter(_ scene: Scene) -> Scene {
        Scene(clip: scene.clip, background: scene.background, commands: scene.commands.filter(includes))
    }
}
