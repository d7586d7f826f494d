import Foundation
import MetroMap
import Raster
import TOMLDocument

/// Finds the labels no configured font can fully draw, before an operator puts the map on a kiosk: every name
/// the kiosk would show (the main language's and a bilingual label's second line) is shaped with the font stack,
/// and each one with characters left over is reported as a warning at the name in the map file.
public enum LabelGlyphCheck {
    public static func missingGlyphs(in map: MetroMap, mapFile: String?, languages: [String],
                                     primaryLanguage: String? = nil, fonts: FontStack) -> [MapDiagnostic] {
        let source = SourceOfNames(mapFile: mapFile)
        var diagnostics: [MapDiagnostic] = []
        for station in map.stations where station.isPlaced {
            var shown = [MapDrawing.name(of: station, in: languages.first, primary: primaryLanguage)]
            if languages.count > 1 { shown.append(MapDrawing.name(of: station, in: languages[1], primary: primaryLanguage)) }
            for (text, language) in shown where !text.isEmpty {
                let missing = fonts.shape(text, sizePixels: 16, language: language).missingCharacters
                guard !missing.isEmpty else { continue }
                // In reading order, each once (shaping lists them in display order).
                let missingSet = Set(missing.map(\.value))
                var seen = Set<UInt32>()
                let unique = text.unicodeScalars.filter { missingSet.contains($0.value) && seen.insert($0.value).inserted }
                    .map { "U+" + String($0.value, radix: 16, uppercase: true) + " '\($0)'" }
                let localized = language.flatMap { station.localizedNames[$0] } == text
                let (file, position) = source.position(ofNameOf: station.id, localized: localized, text: text)
                diagnostics.append(MapDiagnostic(
                    file: file, position: position,
                    message: "station \"\(station.id)\": no configured font can draw \(unique.joined(separator: ", ")) "
                        + "in \"\(text)\" ([text] fonts; the label is drawn without them)",
                    severity: .warning))
            }
        }
        return diagnostics
    }

    /// Where a station's names are written: `station[i].name` or `station[i].names.<language>` of a map file;
    /// a pMetro folder (or the bundled map) has no positions to give.
    private struct SourceOfNames {
        let file: String
        let locator: TOMLSourceLocator?
        let stationIndex: [String: Int]

        init(mapFile: String?) {
            file = mapFile ?? "bundled demo map"
            var isDirectory: ObjCBool = false
            guard let mapFile, FileManager.default.fileExists(atPath: mapFile, isDirectory: &isDirectory),
                  !isDirectory.boolValue, let data = FileManager.default.contents(atPath: mapFile),
                  let text = String(data: data, encoding: .utf8), let root = try? TOMLTable(string: text) else {
                locator = nil
                stationIndex = [:]
                return
            }
            locator = TOMLSourceLocator(text: text)
            var index: [String: Int] = [:]
            let stations: [TOMLValue] = root["station"]?.array.map { Array($0) } ?? []
            for (i, value) in stations.enumerated() {
                if let id = value.table?["id"]?.string, index[id] == nil { index[id] = i }
            }
            stationIndex = index
        }

        func position(ofNameOf id: String, localized: Bool, text: String) -> (String, SourcePosition) {
            guard let locator, let i = stationIndex[id] else { return (file, SourcePosition(line: 1, column: 1)) }
            if localized {
                // `names = { ja = "…" }` is an inline table: find the name's literal inside it.
                let names = "station[\(i)].names"
                return (file, locator.position(ofString: text, inValueOf: names) ?? locator.bestPosition(for: names))
            }
            let path = "station[\(i)].name"
            return (file, locator.valuePosition(of: path) ?? locator.bestPosition(for: path))
        }
    }
}
