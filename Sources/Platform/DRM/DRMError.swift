/// What went wrong on the display path, with what an operator needs to act on it.
public enum DRMError: Error, Equatable, CustomStringConvertible {
    case invalidModeRequest(String)
    case cannotOpen(path: String, errno: Int32)
    case noDumbBuffers(path: String)
    case noCardFound(searched: [String])
    case connectorNotFound(name: String, available: [String])
    case modeNotAvailable(requested: String, connector: String, available: [String])
    case noCRTC(connector: String)
    case call(String, errno: Int32)

    public var description: String {
        switch self {
        case .invalidModeRequest(let text):
            return "invalid mode \"\(text)\": expected WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 1920x1080@60"
        case .cannotOpen(let path, let errno):
            return "cannot open \(path): \(errnoText(errno)) (is the user in the video group?)"
        case .noDumbBuffers(let path):
            return "\(path) does not support dumb buffers (DRM_CAP_DUMB_BUFFER is 0)"
        case .noCardFound(let searched):
            return "no DRM card with dumb buffers found (searched \(searched.joined(separator: ", ")))"
        case .connectorNotFound(let name, let available):
            return "connector \(name) not found; this card has \(available.joined(separator: ", "))"
        case .modeNotAvailable(let requested, let connector, let available):
            return "mode \(requested) not offered by \(connector); it offers \(available.joined(separator: ", "))"
        case .noCRTC(let connector):
            return "no free CRTC can drive \(connector)"
        case .call(let name, let errno):
            return "\(name) failed: \(errnoText(errno))"
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

func errnoText(_ code: Int32) -> String {
    String(cString: strerror(code)) + " (errno \(code))"
}
