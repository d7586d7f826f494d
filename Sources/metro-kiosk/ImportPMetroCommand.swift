import ArgumentParser
import Foundation
import MetroMap
import Diagnostics

/// `metro-kiosk import-pmetro DIR --out MAP.toml`: converts a pMetro city folder into the project's map format.
struct ImportPMetroCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-pmetro",
        abstract: "Convert a pMetro city folder (every .trp, Metro.map, its .vec and LineMap schemes) into a "
            + "metro-kiosk map file.",
        discussion: """
        Entries the importer cannot use are listed on stderr as file:line:col: warning: ... and skipped; the last \
        line of stdout sums up what was read and dropped. The imported map is checked against the map format's rules \
        before it is written, so what is written loads back to the imported map. Exit status (sysexits): 0 done; 65 data error (no usable line, \
        nothing placeable, or a number outside the documented bounds); 66 no input (folder, Metro.map or .trp \
        missing or unreadable); 73 the output cannot be created. --out must be a new path or a regular file (replaced \
        atomically; a symlink to one is followed); a device, FIFO or directory is refused and left as it was.
        """
    )

    @Argument(help: "The pMetro city folder.")
    var directory: String

    @Option(name: .long, help: "Where to write the map (TOML).")
    var out: String

    @Option(name: .long, help: "The map's name (default: the folder's name).")
    var name: String?

    func run() throws {
        let result: PMetroImport
        do {
            result = try PMetroImporter.importCity(directory: directory, name: name)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(error.exitStatus)
        }
        for warning in result.warnings {
            FileHandle.standardError.write(Data("\(warning)\n".utf8))
        }
        // The loader's rules, checked on the imported map before anything is written: a map the loader would
        // refuse never reaches the disk (linear, and without holding a second, parsed copy of the text).
        let problems = MapFormatCheck.problems(in: result.map)
        guard problems.isEmpty else {
            for problem in problems.prefix(20) {
                FileHandle.standardError.write(Data("\(directory): the imported map breaks a map-format rule: \(problem)\n".utf8))
            }
            throw ExitCode(Sysexit.dataError)
        }
        do {
            try MapFileWriter.write(result.map, to: out)
        } catch {
            throw OutputFailure.exit(error.description)
        }
        let encodings = result.encodings.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.rawValue)" }
        print("\(out): encodings \(encodings.joined(separator: ", "))")
        print("\(out): \(result.summary)")
    }
}
