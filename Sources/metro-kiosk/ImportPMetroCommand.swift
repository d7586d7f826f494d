import ArgumentParser
import Foundation
import MetroMap

/// `metro-kiosk import-pmetro DIR --out MAP.toml`: converts a pMetro city folder into the project's map format.
struct ImportPMetroCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-pmetro",
        abstract: "Convert a pMetro city folder (Metro.trp + Metro.map) into a metro-kiosk map file.",
        discussion: """
        Entries the importer cannot understand are listed on stderr as file:line:col: warning: ... and skipped.
        The written map is loaded back before the command succeeds. Exit status: 0 done, 66 folder or file \
        missing, 65 no usable line, 73 output cannot be written. --out must be a new path or a regular file (replaced \
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
            switch error {
            case .missingFile, .unreadable: throw ExitCode(66)
            case .noLines: throw ExitCode(65)
            }
        }
        for warning in result.warnings {
            FileHandle.standardError.write(Data("\(warning)\n".utf8))
        }
        do {
            try MapFileWriter.write(result.map, to: out)
        } catch {
            throw OutputFailure.exit(error.description)
        }
        do {
            _ = try MapFileLoader.load(contentsOf: out)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(70)
        }
        let map = result.map
        let placed = map.stations.filter(\.isPlaced).count
        let labelled = map.stations.filter { $0.labelBox != nil }.count
        let visible = map.transfers.filter(\.isVisible).count
        let encodings = result.encodings.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.rawValue)" }
        print("\(out): \(map.lines.count) lines, \(map.stations.count) stations (\(placed) placed, \(labelled) labels), "
              + "\(map.transfers.count) transfers (\(visible) visible), \(result.warnings.count) warnings; "
              + encodings.joined(separator: ", "))
    }
}
