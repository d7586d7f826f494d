import Foundation
import Glibc

/// An HTTP server on 127.0.0.1 in a process of its own (python3's `http.server`), serving one GTFS-realtime file
/// at `/feed.pb` as a test says: the file, a 500, or a hang (a request read and never answered until the server
/// is stopped). The kiosk is another process, so this is what it meets on a network, not a thread of the test.
final class LoopbackFeedServer {
    enum Mode: String { case serve, fail = "500", hang }

    let port: Int
    private let process = Process()
    private let modeFile: URL

    private static let script = """
        import http.server, os, sys, time
        feed, mode_file = sys.argv[1], sys.argv[2]
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                mode = open(mode_file).read().strip()
                if mode == "hang":
                    time.sleep(60)
                    return
                if mode == "500":
                    self.send_error(500, "made to fail")
                    return
                body = open(feed, "rb").read()
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *args):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    /// Serves `feed`; `directory` holds the server's mode file.
    init(serving feed: URL, directory: URL) throws {
        modeFile = directory.appendingPathComponent("server-mode")
        try Mode.serve.rawValue.write(to: modeFile, atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, feed.path, modeFile.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        // The first line is the port it listens on; EOF (the server died) leaves it 0.
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 10 {
            line.append(first)
        }
        port = Int(String(decoding: line, as: UTF8.self)) ?? 0
    }

    var url: String { "http://127.0.0.1:\(port)/feed.pb" }

    func answer(_ mode: Mode) throws { try mode.rawValue.write(to: modeFile, atomically: true, encoding: .utf8) }

    /// SIGKILL: the test process blocks SIGTERM for its own signal tests, and a child inherits the mask.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}
