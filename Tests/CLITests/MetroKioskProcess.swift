import Foundation
import Glibc
import Synchronization

/// Runs the built `metro-kiosk` executable the way an operator would, and captures what it printed.
struct MetroKioskProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// The executable sits beside the test bundle in SwiftPM's products directory.
    static var executableURL: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("metro-kiosk").path),
              directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("metro-kiosk")
    }

    /// Runs `executable` (the built metro-kiosk unless another program is named) with `arguments`.
    /// `environment`: variables set (or replaced) for the child, such as TZ.
    static func run(_ arguments: [String], stdin: String? = nil, executable: URL = executableURL,
                    environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            let input = Pipe()
            process.standardInput = input
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try? input.fileHandleForWriting.close()
        }
        try process.run()
        // Drain stderr on another thread while reading stdout, so a chatty child never blocks on a full pipe.
        let errorData = DrainedData()
        let errorDrained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errorData.data.withLock { $0 = data }
            errorDrained.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errorDrained.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errorData.data.withLock { $0 }, as: UTF8.self))
    }
}

/// What the thread draining stderr read, handed back under a lock.
private final class DrainedData: Sendable {
    let data = Mutex(Data())
}

/// Linux's makedev for small numbers (glibc's is a macro Swift cannot import).
func deviceNumber(_ major: UInt32, _ minor: UInt32) -> dev_t { dev_t(major) << 8 | dev_t(minor) }
