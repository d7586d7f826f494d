import MetroMap
import TOMLDocument

/// The kiosk's answer to "screenshot\n" as the client reads it: the line "PNG <bytes>" and that many bytes of PNG,
/// or the line "ERROR <why>". Read as it arrives, so a client stops at the first byte that makes the answer wrong
/// instead of buffering an endless stream (issue 38), and the bytes are saved only when they are one whole PNG.
public enum ScreenshotAnswer: Equatable, Sendable {
    /// Not yet decided: read more.
    case incomplete
    case png([UInt8])
    /// The kiosk's own refusal, or why the answer cannot be used; control characters escaped, cut at 80.
    case refused(String)

    /// The largest PNG a client takes: a 7680 × 4320 frame stored uncompressed is 100 MB, but the kiosk's PNG of a
    /// metro map compresses to a few MB; 64 MiB bounds the client's memory with a wide margin.
    public static let maximumPNGBytes = 64 << 20
    /// The header line is "PNG " and a count, or "ERROR " and a short reason.
    static let maximumHeaderBytes = 512
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The IEND chunk every PNG ends with: length 0, type, CRC.
    static let end: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// What `bytes` (everything received so far) amount to; `ended`: the kiosk closed the connection.
    public static func parse(_ bytes: [UInt8], ended: Bool) -> ScreenshotAnswer {
        guard let newline = bytes.prefix(maximumHeaderBytes).firstIndex(of: UInt8(ascii: "\n")) else {
            if bytes.count >= maximumHeaderBytes { return .refused("the kiosk's answer has no header line") }
            return ended ? .refused(bytes.isEmpty ? "the kiosk sent no answer" : "the kiosk's answer was cut short") : .incomplete
        }
        let header = String(decoding: bytes[..<newline], as: UTF8.self)
        if header.hasPrefix("ERROR ") { return .refused("the kiosk: " + TOMLText.excerpt(String(header.dropFirst(6)))) }
        let digits = header.dropFirst(4)
        guard header.hasPrefix("PNG "), !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let count = Int(digits) else {
            return .refused("the kiosk's answer is malformed: \"" + TOMLText.excerpt(header) + "\"")
        }
        guard count <= maximumPNGBytes else {
            return .refused("the kiosk announced \(count) bytes, more than the \(maximumPNGBytes >> 20) MiB a screenshot may have")
        }
        let received = bytes.count - newline - 1
        if received > count { return .refused("the kiosk sent more than the \(count) bytes it announced") }
        if received < count { return ended ? .refused("the kiosk's answer was cut short") : .incomplete }
        let png = Array(bytes[(newline + 1)...])
        guard png.count >= signature.count + end.count, png.starts(with: signature), png.suffix(end.count).elementsEqual(end) else {
            return .refused("the kiosk's answer is not a PNG")
        }
        return .png(png)
    }
}
