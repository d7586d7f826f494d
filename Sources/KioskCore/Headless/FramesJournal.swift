import Foundation
import OutputFile
import JSONText

/// `frames.jsonl`: one line per frame drawn, so a test can check the camera's whole trajectory. Written through
/// `OutputJournal` (readable live; a device or FIFO at the path is refused).
public final class FramesJournal {
    private let journal: OutputJournal

    /// `symlinks`: `.replace` for the journal `run --headless` writes as DIR/frames.jsonl (a name it chose).
    public init(path: String, symlinks: OutputFile.Symlinks = .follow) throws(OutputFileError) {
        journal = try OutputJournal(path: path, symlinks: symlinks)
    }

    /// A full disk stops the journal, never the kiosk; `close()` reports it.
    public func record(_ frame: FrameRecord) {
        journal.append(Self.line(for: frame) + "\n")
    }

    /// The first failed write, if any (a batch run exits 73 on it).
    @discardableResult
    public func close() -> OutputFileError? {
        journal.close()
    }

    public static func line(for frame: FrameRecord) -> String {
        var line = JSONLine([
            "t_us": .integer(frame.presentationMicroseconds),
            "x": .number(frame.camera.offset.x), "y": .number(frame.camera.offset.y), "scale": .number(frame.camera.scale),
            "state": .string(frame.state.rawValue), "touches": .integer(Int64(frame.touches)),
            "damage": frame.damage.map { .numbers([Double($0.x0), Double($0.y0), Double($0.width), Double($0.height)]) } ?? .null,
            "render": .string(frame.method.rawValue),
            "station": frame.station.map { .string($0) } ?? .null,
        ])
        // `card` (anchor, offset, state) and `route` (station ids): only on a kiosk with a journey card.
        if let card = frame.card {
            line.append("card", .object([("anchor", card.anchor.map { .string($0) } ?? .null), ("offset", .number(card.offset)),
                                         ("state", .string(card.state))]))
            line.append("route", .strings(frame.route ?? []))
        }
        if let latency = frame.inputLatencyMicroseconds { line.append("input_latency_us", .integer(latency)) }
        // `search` (query, results, pressed, the browsed line, the keypad's focused row): only while the search
        // sheet is open.
        if let search = frame.search {
            let focused: JSONLine.Value = search.focused.map {
                .object([("row", .integer(Int64($0.row))), ("target", .string($0.target.rawValue)), ("id", $0.id.map { .string($0) } ?? .null)])
            } ?? .null
            line.append("search", .object([("query", .string(search.query)), ("results", .strings(search.results)),
                                           ("pressed", search.pressed.map { .string($0) } ?? .null),
                                           ("line", search.line.map { .string($0) } ?? .null), ("focused", focused)]))
        }
        return line.text
    }
}
