import ArgumentParser
import Foundation
import OutputFile
import Raster

/// Every output failure ends the same way: the writer's message on stderr and exit 73 (EX_CANTCREAT), never a
/// usage error, because the command line was fine and the file system said no.
enum OutputFailure {
    static func exit(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return ExitCode(OutputFileError.exitStatus)
    }

    /// A PNG write: output errors exit 73 with the writer's message.
    static func writingPNG(_ body: () throws(PNGError) -> Void) throws {
        do {
            try body()
        } catch {
            throw exit(error.description)
        }
    }

    /// Any other output file: output errors exit 73 with the writer's message.
    static func writing(_ body: () throws(OutputFileError) -> Void) throws {
        do {
            try body()
        } catch {
            throw exit(error.description)
        }
    }
}
