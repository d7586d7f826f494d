import KioskCore
import Raster

/// The service's log lines shared by the device and the headless service, so the journal reads the same in both.
enum ServiceLog {
    static func screenPower(on: Bool, reason: String, until: LocalTimeOfDay?) -> String {
        on ? "screen on (\(reason))" : "screen off (\(reason))" + (until.map { " until \($0)" } ?? "")
    }
}

/// The screenshot answer: the frame on screen, or black while the panel is dark.
enum ServiceScreenshot {
    static func png(of frame: PixelBuffer?, width: Int, height: Int) -> Result<[UInt8], ScreenshotSocket.ScreenshotError> {
        // A new buffer is black.
        let shown = frame ?? PixelBuffer(width: width, height: height)
        do {
            return .success(try encodePNG(shown))
        } catch {
            return .failure(.init(message: "cannot encode the frame: \(error)"))
        }
    }
}
