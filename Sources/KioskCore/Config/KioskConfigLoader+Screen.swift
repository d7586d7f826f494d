import MetroMap
import TOMLDocument

/// `[screen]` and `[status]`: the service's keys (the schedule, the burn-in orbit, the status files and socket).
extension KioskConfigLoader {
    static func readScreen(_ table: TOMLTable, into screen: inout KioskConfig.ScreenSettings, reader: inout ConfigReader) {
        let subject = "[screen]"
        reader.rejectUnknownKeys(in: table, allowed: ["off", "on", "wake_minutes", "orbit_px", "orbit_minutes"],
                                 path: "screen", subject: subject)
        let off = times(table, "off", reader: &reader)
        let on = times(table, "on", reader: &reader)
        if let off, let on {
            if off.count != on.count {
                reader.error("\(subject): 'off' and 'on' must name as many times each (one dark period per pair), found "
                             + "\(off.count) and \(on.count)", at: "screen.on")
            } else if let same = zip(off, on).first(where: { $0.0 == $0.1 }) {
                reader.error("\(subject): a dark period cannot end when it begins (\(same.0) to \(same.1))", at: "screen.on")
            } else {
                screen.offRanges = zip(off, on).map { ScreenOffRange(off: $0.0, on: $0.1) }
            }
        } else if (table["off"] == nil) != (table["on"] == nil) {
            reader.error("\(subject): 'off' and 'on' go together, as off = \"01:00\" and on = \"05:30\"",
                         at: table["off"] == nil ? "screen.on" : "screen.off")
        }
        screen.wakeMinutes = reader.number(table, "wake_minutes", path: "screen", subject: subject, in: 0.1...1440)
            ?? screen.wakeMinutes
        if let radius = reader.number(table, "orbit_px", path: "screen", subject: subject) {
            if let pixels = Int(exactly: radius), (0...64).contains(pixels) {
                screen.orbitPixels = pixels
            } else {
                reader.error("\(subject): 'orbit_px' must be a whole number of pixels from 0 to 64, found \(TOMLText.number(radius))",
                             at: "screen.orbit_px")
            }
        }
        screen.orbitMinutes = reader.number(table, "orbit_minutes", path: "screen", subject: subject, in: 1...1440)
            ?? screen.orbitMinutes
    }

    /// `off = "01:00"` or `off = ["01:00", "13:00"]`.
    private static func times(_ table: TOMLTable, _ key: String, reader: inout ConfigReader) -> [LocalTimeOfDay]? {
        guard let value = table[key] else { return nil }
        let texts: [String]
        if let text = value.string {
            texts = [text]
        } else if let list = reader.strings(table, key, path: "screen", subject: "[screen]", count: 1...24) {
            texts = list
        } else {
            return nil
        }
        var times: [LocalTimeOfDay] = []
        for text in texts {
            guard let time = LocalTimeOfDay(parsing: text) else {
                reader.error("[screen]: '\(key)' must be a local time \"HH:MM\" (24-hour clock), found \"\(TOMLText.excerpt(text))\"",
                             at: "screen." + key)
                return nil
            }
            times.append(time)
        }
        return times
    }

    static func readStatus(_ table: TOMLTable, into status: inout KioskConfig.StatusSettings, reader: inout ConfigReader) {
        let subject = "[status]"
        reader.rejectUnknownKeys(in: table, allowed: ["file", "prometheus_file", "socket", "interval_s"], path: "status",
                                 subject: subject)
        for (key, keyPath) in [("file", \KioskConfig.StatusSettings.file), ("prometheus_file", \.prometheusFile),
                               ("socket", \.socket)] {
            guard let path = reader.string(table, key, path: "status", subject: subject) else { continue }
            // "" turns the file (or the socket) off; anything else must be absolute: the service's working directory is /.
            if path.isEmpty {
                status[keyPath: keyPath] = nil
            } else if path.hasPrefix("/") {
                status[keyPath: keyPath] = path
            } else {
                reader.error("\(subject): '\(key)' must be an absolute path (or \"\" for none), found \"\(TOMLText.excerpt(path))\"",
                             at: "status." + key)
            }
        }
        status.intervalSeconds = reader.number(table, "interval_s", path: "status", subject: subject, in: 1...3600)
            ?? status.intervalSeconds
    }
}
