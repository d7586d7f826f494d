import Foundation

/// Converts a pMetro city folder into a `MetroMap`: every `.trp` (lines, stations, transfers), the scheme
/// `Metro.map` with its `.vec` background, and the extra schemes lines name with `LineMap=` (placed beside the
/// main scheme as insets, each with its own background).
///
/// pMetro draws one circle per line at an interchange, so each (line, station name) becomes its own station,
/// with id `"<line>/<station name>"` (`line5/Киевская`; lines of other `.trp` files are prefixed with the
/// file's name, `s-bahn-line3/Westkreuz`), joined to others by the `[Transfers]` entries.
public enum PMetroImporter {
    public static let transportFileName = "Metro.trp"
    public static let schemeFileName = "Metro.map"
    /// Coordinates, sizes and bends past ± this many scheme units are refused (pMetro schemes are a few
    /// thousand units across); also the bound documented for map files.
    public static let coordinateLimit: Double = SchemeLimits.maximumMagnitude

    /// Reads the city folder at `directory`. `name` defaults to the folder's name.
    public static func importCity(directory: String, name: String? = nil) throws(PMetroImportError) -> PMetroImport {
        try importCity(folder: try PMetroFolder(directory: directory), name: name)
    }

    /// A city folder's files given in memory by name (the fuzz harness: no file system per run); messages name
    /// them as files of `directory`.
    public static func importCity(files: [String: [UInt8]], directory: String, name: String? = nil) throws(PMetroImportError)
        -> PMetroImport {
        try importCity(folder: PMetroFolder(directory: directory, files: files), name: name)
    }

    private static func importCity(folder: PMetroFolder, name: String?) throws(PMetroImportError) -> PMetroImport {
        let directory = folder.directory
        let trpNames = folder.names(withExtension: "trp")
        guard !trpNames.isEmpty else { throw .missingFile(directory: directory, fileName: transportFileName) }
        let schemeFile = try folder.read(schemeFileName)
        // Only what the summary and warnings need is kept of each file: its text is dropped once parsed.
        var files: [PMetroFolder.File] = [schemeFile.withoutText]
        let scheme = PMetroSchemeFile(text: schemeFile.text, path: schemeFile.path)
        var warnings: [MapDiagnostic] = []

        // Transports= names the .trp files the scheme draws; every other .trp in the folder is read as well.
        var order: [String] = []
        for listed in scheme.options.transports {
            if let actual = folder.actualName(of: listed) {
                if !order.contains(actual) { order.append(actual) }
            } else {
                warnings.append(MapDiagnostic(file: schemeFile.path, line: scheme.options.transportsLine,
                                              message: "Transports= names \(listed), which is not in the folder",
                                              severity: .warning))
            }
        }
        let rest = trpNames.filter { !order.contains($0) }
        order += rest.filter { $0.lowercased() == transportFileName.lowercased() } + rest.filter {
            $0.lowercased() != transportFileName.lowercased()
        }
        var transports: [(file: PMetroTransportFile, prefix: String)] = []
        for trpName in order {
            let file = try folder.read(trpName)
            files.append(file.withoutText)
            let stem = String(trpName.dropLast(4)).lowercased().replacingOccurrences(of: " ", with: "-")
            let prefix = trpName.lowercased() == transportFileName.lowercased() ? "" : stem + "-"
            transports.append((PMetroTransportFile(text: file.text, path: file.path), prefix))
        }

        // Extra schemes named by LineMap=, each read once.
        var extraSchemes: [String: (file: PMetroSchemeFile, path: String)] = [:]
        var reportedMissing = Set<String>()
        for (transport, _) in transports {
            for line in transport.lines {
                guard let lineMap = line.lineMap?.lowercased(), lineMap != schemeFile.name.lowercased(),
                      extraSchemes[lineMap] == nil, !reportedMissing.contains(lineMap) else { continue }
                guard folder.actualName(of: lineMap) != nil else {
                    reportedMissing.insert(lineMap)
                    warnings.append(MapDiagnostic(file: transport.path, line: line.lineMapLine,
                                                  message: "LineMap=\(line.lineMap ?? ""): no such file in the folder; "
                                                  + "the line is drawn from \(schemeFile.name) only", severity: .warning))
                    continue
                }
                let file = try folder.read(lineMap)
                files.append(file.withoutText)
                extraSchemes[lineMap] = (PMetroSchemeFile(text: file.text, path: file.path), file.path)
            }
        }

        // Vector backgrounds of the main and the extra schemes.
        var vectors: [String: PMetroVectorFile] = [:]
        var schemes = [(key: "", file: scheme, path: schemeFile.path)]
        schemes += extraSchemes.keys.sorted().map { (key: $0, file: extraSchemes[$0]!.file, path: extraSchemes[$0]!.path) }
        for entry in schemes {
            guard let image = entry.file.options.imageFileName else { continue }
            guard folder.actualName(of: image) != nil else {
                warnings.append(MapDiagnostic(file: entry.path, line: 1, message: "ImageFileName=\(image): no such "
                                              + "file in the folder; no background", severity: .warning))
                continue
            }
            let file = try folder.read(image)
            files.append(file.withoutText)
            vectors[entry.key] = PMetroVectorFile(text: file.text, path: file.path)
        }

        for file in files {
            if let damage = file.damage {
                warnings.append(MapDiagnostic(file: file.path, line: damage.firstLine, message: "\(damage.byteCount) "
                                              + "byte(s) are not UTF-8 in a UTF-8 file; shown as �", severity: .warning))
            }
        }
        let cityName = name ?? URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
        var assembler = PMetroCityAssembler(transports: transports, scheme: scheme, schemePath: schemeFile.path,
                                            extraSchemes: extraSchemes.mapValues(\.file), vectors: vectors,
                                            warnings: warnings)
        var result = try assembler.assemble(name: cityName)
        result.report.transportFiles = transports.count
        result.report.schemeFiles = 1 + extraSchemes.count
        result.report.vectorFiles = vectors.count
        result.encodings = Dictionary(files.map { ($0.name, $0.encoding) }, uniquingKeysWith: { first, _ in first })
        return result
    }

    /// Converts one transport file and one scheme, already decoded; the paths only label diagnostics.
    public static func convert(transportText: String, transportPath: String, schemeText: String, schemePath: String,
                               name: String) throws(PMetroImportError) -> PMetroImport {
        let transport = PMetroTransportFile(text: transportText, path: transportPath)
        let scheme = PMetroSchemeFile(text: schemeText, path: schemePath)
        var assembler = PMetroCityAssembler(transports: [(transport, "")], scheme: scheme, schemePath: schemePath,
                                            extraSchemes: [:], vectors: [:], warnings: [])
        var result = try assembler.assemble(name: name)
        result.report.transportFiles = 1
        result.report.schemeFiles = 1
        return result
    }
}
