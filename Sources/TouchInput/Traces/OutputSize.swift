/// The output (screen) size in pixels that device coordinates are mapped onto.
public struct OutputSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public static let kioskDefault = OutputSize(width: 1280, height: 800)

    /// Parses `WxH` (as in `--size 1280x800`); nil unless both sides are positive integers.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
            return nil
        }
        self.init(width: width, height: height)
    }
}
