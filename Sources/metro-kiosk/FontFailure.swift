import ArgumentParser
import Foundation
import KioskCore
import MetroMap
import Raster
import Diagnostics
import TOMLDocument

/// A label font stack that cannot be built ends the same way in `snapshot`, `audit-map` and `run`: the reason
/// at the config line that named the fonts (when a config did), worded for what happened, and an exit status
/// that is not 64: the command line was fine (issue 38).
enum FontFailure {
    /// 69 (EX_UNAVAILABLE) when no font is installed; 78 (EX_CONFIG) when fonts the config names are broken or
    /// special files; 65 (EX_DATAERR) when a broken default font is found without a config.
    static func exit(_ error: FontError, config: String?, settings: KioskConfig) -> ExitCode {
        let key = settings.map.font != nil ? "map.font" : "text.fonts"
        var prefix = ""
        if let config, case let .success(bytes) = InputFile.read(config),
           let position = TOMLSourceLocator(text: String(decoding: bytes, as: UTF8.self)).valuePosition(of: key) {
            prefix = "\(config):\(position.line):\(position.column): " + (key == "map.font" ? "[map] font: " : "[text] fonts: ")
        }
        FileHandle.standardError.write(Data((prefix + TOMLText.excerpt(error.description, limit: 400) + "\n").utf8))
        if case .noDefaultFont = error { return ExitCode(Sysexit.unavailable) }
        return ExitCode(prefix.isEmpty ? Sysexit.dataError : .configError)
    }
}
