import ArgumentParser
import TouchInput

/// `--size WxH` as every command reads it (snapshot, audit-map, audit-screen, run, self-test, velocity, inject,
/// inputs): one parser (`OutputSize(parsing:)`, so `1280X800` reads as the config's `size` does), one range and one
/// message.
/// Commands declare it with `@Option(transform: SizeOption.init(parsing:))`, so a bad value is refused while the
/// arguments are parsed, with ArgumentParser's located line ("The value '800x' is invalid for '--size <size>': …")
/// and status 64, before anything is opened or drawn.
struct SizeOption: Equatable, CustomStringConvertible {
    /// The largest side: the rasterizer's frames and the hostile-size bounds stop here (a 16384² frame is 1 GiB), and
    /// no panel or trace's output is larger.
    static let largestSide = 16384
    /// The kiosk's own screen when a command is not told otherwise.
    static let kioskDefault = SizeOption(OutputSize.kioskDefault)
    /// ArgumentParser shows no default for an option read through a transform, so the commands that default to the
    /// kiosk's size say so in their help, as `--help` did when the option was a string.
    static let kioskDefaultHelp = "(default: \(kioskDefault))"

    let width: Int
    let height: Int

    private init(_ size: OutputSize) {
        width = size.width
        height = size.height
    }

    /// The reason is what ArgumentParser prints after the located part of its message.
    init(parsing text: String) throws(ValidationError) {
        guard let size = OutputSize(parsing: text) else {
            throw ValidationError("expected WIDTHxHEIGHT in whole pixels, e.g. 1280x800")
        }
        guard size.width <= Self.largestSide, size.height <= Self.largestSide else {
            throw ValidationError("each side must be 1 to \(Self.largestSide) pixels")
        }
        self.init(size)
    }

    var outputSize: OutputSize { OutputSize(width: width, height: height) }

    /// Shown as the default in `--help`, in the form the option takes.
    var description: String { "\(width)x\(height)" }

    /// The size as a touchscreen's axes span it (inject's virtual device, libinput's scaling): they run from 0 to
    /// side − 1, so each side needs at least 2 pixels or the axis has no length to scale by.
    func touchscreenAxes() throws(ValidationError) -> OutputSize {
        guard width > 1, height > 1 else {
            throw ValidationError("--size: a touchscreen's axes need at least 2x2 pixels, not \(description)")
        }
        return outputSize
    }
}
