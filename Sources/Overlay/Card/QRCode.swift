import CQRencode
import Raster

/// A QR code's modules, encoded by libqrencode (the encoder behind Debian's `qrencode` tool): how the journey card
/// hands its journey to a traveller's phone (`[card] share_url`), as DART's kiosks and Deutsche Bahn's posters do.
public struct QRCode: Equatable, Sendable {
    /// Modules along each side (21 for version 1, 4 more per version).
    public let size: Int
    /// Row-major, `size` × `size`: true for a dark module.
    public let modules: [Bool]

    /// The light border every reader needs around the symbol (ISO/IEC 18004 §7.3.7), in modules.
    public static let quietZoneModules = 4
    /// The smallest module a phone's camera reads off a screen at arm's length: 0.5 mm.
    public static let minimumModuleMillimetres = 0.5

    /// The code of `text` as bytes (a URL), error correction level M (15% of the symbol may be lost: glare on the
    /// glass, a fingerprint); nil when libqrencode cannot encode it (longer than the largest symbol holds).
    public init?(text: String) {
        guard !text.isEmpty, let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        // libqrencode's byte per module: bit 0 is the colour, the other bits say which part of the symbol it is.
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        size = width
        modules = data.map { $0 & 1 == 1 }
    }

    public func isDark(row: Int, column: Int) -> Bool { modules[row * size + column] }

    /// The side of the symbol with its quiet zone, pixels, at `modulePixels` a module.
    public func sidePixels(modulePixels: Int) -> Int { (size + 2 * Self.quietZoneModules) * modulePixels }

    /// Whole pixels a module on a screen of `pixelsPerMillimetre`: at least `minimumModuleMillimetres`, and whole so
    /// every module edge is sharp (a blurred edge is what makes a reader miss).
    public static func modulePixels(pixelsPerMillimetre: Double) -> Int {
        max(1, Int((minimumModuleMillimetres * pixelsPerMillimetre).rounded(.up)))
    }

    /// Draws the symbol and its quiet zone with the top-left corner of the quiet zone at (`x`, `y`), whole pixels.
    public func draw(on canvas: Canvas, x: Int, y: Int, modulePixels: Int) {
        let side = Float(sidePixels(modulePixels: modulePixels)), unit = Float(modulePixels)
        canvas.fillRect(Rect(x: Float(x), y: Float(y), width: side, height: side), color: .white)
        let origin = (x: Float(x) + Float(Self.quietZoneModules) * unit, y: Float(y) + Float(Self.quietZoneModules) * unit)
        for row in 0..<size {
            // Runs of dark modules along the row as one rectangle each.
            var column = 0
            while column < size {
                guard isDark(row: row, column: column) else { column += 1; continue }
                let start = column
                while column < size, isDark(row: row, column: column) { column += 1 }
                canvas.fillRect(Rect(x: origin.x + Float(start) * unit, y: origin.y + Float(row) * unit,
                                     width: Float(column - start) * unit, height: unit), color: .black)
            }
        }
    }
}
