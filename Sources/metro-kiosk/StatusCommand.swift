import ArgumentParser
import Foundation
import KioskCore
import KioskService
import OutputFile
import Diagnostics

/// Prints what the running kiosk last wrote of itself: its status.json.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print the running kiosk's status (JSON).",
        discussion: """
            Reads the status file the service writes every minute and on every change of state ([status] file in \
            the config, /run/metro-kiosk/status.json by default). Exits 69 (EX_UNAVAILABLE) when there is none: the \
            kiosk is not running, or writes its status elsewhere.
            """)

    @Option(help: "Kiosk config file (TOML): where the status file is.") var config: String?
    @Option(help: "Status file (overrides the config).") var file: String?

    func run() throws {
        let settings = try KioskSettingsArgument.load(config)
        guard let path = file ?? settings.status.file else {
            FileHandle.standardError.write(Data("the config writes no status file ([status] file = \"\")\n".utf8))
            throw ExitCode(Sysexit.unavailable)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("no status at \(path): is metro-kiosk running?\n".utf8))
            throw ExitCode(Sysexit.unavailable)
        }
        guard (try? JSONDecoder().decode(KioskStatus.self, from: data)) != nil else {
            FileHandle.standardError.write(Data("\(path) is not a kiosk status file\n".utf8))
            throw ExitCode(Sysexit.dataError)
        }
        FileHandle.standardOutput.write(data)
    }
}

/// Asks the running kiosk for the frame on its screen.
struct ScreenshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenshot",
        abstract: "Save the frame on the running kiosk's screen as a PNG.",
        discussion: """
            Asks the service over its UNIX socket ([status] socket, /run/metro-kiosk/control.sock by default; root \
            and the metro-kiosk group only). A dark screen (the schedule) gives a black frame. --out must be a new \
            path or a regular file (replaced atomically); anything else is refused with exit 73. Exits 69 when the \
            kiosk cannot be reached (no socket, connection refused, no full answer within 10 s) and 76 when it \
            answers with something that is not a screenshot (not a PNG, too big, malformed, cut short, or an error \
            of its own); nothing is written then.
            """)

    @Option(help: "Kiosk config file (TOML): where the socket is.") var config: String?
    @Option(help: "Socket path (overrides the config).") var socket: String?
    @Option(help: "PNG file to write.") var out: String

    func run() throws {
        let settings = try KioskSettingsArgument.load(config)
        guard let path = socket ?? settings.status.socket else {
            FileHandle.standardError.write(Data("the config opens no socket ([status] socket = \"\")\n".utf8))
            throw ExitCode(Sysexit.unavailable)
        }
        let png: [UInt8]
        do {
            png = try ScreenshotSocket.request(path: path)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            // A script retries an unreachable kiosk; a wrong answer is a fault to report.
            throw ExitCode(error.kind == .badAnswer ? Sysexit.protocolError : .unavailable)
        }
        try OutputFailure.writing { () throws(OutputFileError) in try OutputFile.write(png, to: out) }
    }
}
