import KioskCore

/// Bytes a socket hands `metro-kiosk screenshot` → the answer check, read as the client reads it: each prefix as it
/// might arrive, then the whole with the connection closed. Whatever the other end sends, the client decides
/// without trapping, and keeps bytes only when they are one whole PNG of the announced size.
enum ScreenshotAnswerHarness {
    static func run(_ bytes: [UInt8]) {
        // Arrivals at a few cut points rather than every byte: the parse is linear in what it got, so every cut
        // would make a long input quadratic.
        for cut in Set([0, 1, 5, bytes.count / 2, max(0, bytes.count - 1)]) where cut <= bytes.count {
            _ = ScreenshotAnswer.parse(Array(bytes[..<cut]), ended: false)
        }
        if case let .png(png) = ScreenshotAnswer.parse(bytes, ended: true) {
            precondition(png.count <= ScreenshotAnswer.maximumPNGBytes && bytes.count > png.count,
                         "a kept screenshot is no larger than the cap and came after its header")
        }
    }
}
