/// An 8-bit coverage image (0 = nothing, 255 = full), row-major with rows `width` bytes apart: a rendered glyph or a
/// cached stamp, drawn in any colour with `Canvas.blit(_:x:y:color:)`.
public struct AlphaMask: Sendable {
    public let width: Int
    public let height: Int
    public let alphas: [UInt8]

    /// `alphas` must hold `width * height` values; a shorter array is padded with zeros, a longer one cut.
    public init(width: Int, height: Int, alphas: [UInt8]) {
        self.width = max(0, width)
        self.height = max(0, height)
        let count = self.width * self.height
        if alphas.count == count {
            self.alphas = alphas
        } else {
            self.alphas = Array((alphas + [UInt8](repeating: 0, count: max(0, count - alphas.count))).prefix(count))
        }
    }
}
