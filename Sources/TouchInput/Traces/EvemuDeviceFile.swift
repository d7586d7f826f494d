import Foundation

/// An evemu device description on its own (`NAME.desc`: the `N:`/`I:`/`P:`/`B:`/`A:` lines and the comment block,
/// no events), as older evemu-record wrote it and as evemu-devices stores many panels beside their `.events`.
public enum EvemuDeviceFile {
    /// Reads a `.desc`; events in it are an error (a `.desc` describes, the `.events` records).
    public static func read(path: String) throws -> TouchDeviceDescription {
        var lines = try TraceLines(path: path)
        var parser = EvemuTraceReader.Parser(file: path)
        while let line = try lines.next() {
            if let event = try parser.feed(line, number: lines.lineNumber) {
                throw TraceError(file: path, line: event.line, message:
                    "expected a device description (.desc: N:, I:, P:, B:, A: lines) without 'E:' events")
            }
        }
        guard !parser.axes.isEmpty else {
            throw TraceError(file: path, line: lines.lineNumber, message:
                "expected the device's 'A: <code> <min> <max> ...' axis lines in the device description, found none")
        }
        return parser.description
    }

    /// The `.desc` of the same device beside an events file: `Panel.2-finger-scroll.events` is described by
    /// `Panel.2-finger-scroll.desc` or else `Panel.desc` (evemu-devices names recordings DEVICE.GESTURE.events).
    /// Longest prefix first, so a device whose name has dots still finds its own.
    public static func companion(ofEventsAt path: String) -> String? {
        // String surgery rather than URL: a relative path stays relative in the messages that name the .desc.
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let directory = String(path[..<slash])
        var name = String(path[slash...])
        if name.hasSuffix(".events") { name.removeLast(".events".count) }
        while !name.isEmpty {
            let candidate = directory + name + ".desc"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            guard let dot = name.lastIndex(of: ".") else { return nil }
            name = String(name[..<dot])
        }
        return nil
    }
}
