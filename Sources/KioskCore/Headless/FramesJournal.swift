import Foundation

/// `frames.jsonl`: one line per frame drawn, so a test can check the camera's whole trajectory.
public final class FramesJournal {
    private let handle: FileHandle
    /// A full disk stops the journal, never the kiosk.
    private var failed = false

    public init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        self.handle = handle
    }

    public func record(_ frame: FrameRecord) {
        guard !failed else { return }
        do {
            try handle.write(contentsOf: Data((Self.line(for: frame) + "\n").utf8))
        } catch {
            failed = true
        }
    }

    public func close() {
        try? handle.close()
    }

    public static func line(for frame: FrameRecord) -> String {
        let damage = frame.damage.map { "[\($0.x0),\($0.y0),\($0.width),\($0.height)]" } ?? "null"
        return "{\"t_us\":\(frame.presentationMicroseconds),\"x\":\(number(frame.camera.offset.x)),\"y\":\(number(frame.camera.offset.y)),"
            + "\"scale\":\(number(frame.camera.scale)),\"state\":\"\(frame.state.rawValue)\",\"touches\":\(frame.touches),"
            + "\"damage\":\(damage),\"render\":\"\(frame.method.rawValue)\"}"
    }

    private static func number(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "null"
    }
}
