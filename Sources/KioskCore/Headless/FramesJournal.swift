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
        JSONLine([
            "t_us": .integer(frame.presentationMicroseconds),
            "x": .number(frame.camera.offset.x), "y": .number(frame.camera.offset.y), "scale": .number(frame.camera.scale),
            "state": .string(frame.state.rawValue), "touches": .integer(Int64(frame.touches)),
            "damage": frame.damage.map { .numbers([Double($0.x0), Double($0.y0), Double($0.width), Double($0.height)]) } ?? .null,
            "render": .string(frame.method.rawValue),
            "station": frame.station.map { .string($0) } ?? .null,
        ]).text
    }
}
