import Foundation
import MetroMap
import TOMLDocument

/// `[network]`'s realtime keys. The table is shared with the timetable's keys (`timetable`, `links`), which their
/// own reader checks; `realtimeNetworkKeys` is this reader's part of the table's allowed names.
extension KioskConfigLoader {
    static let realtimeNetworkKeys: Set<String> = ["realtime", "poll_s", "timeout_s", "stale_s", "max_feed_bytes", "realtime_dir"]

    static func readRealtime(_ table: TOMLTable, into settings: inout KioskConfig.RealtimeSettings, reader: inout ConfigReader) {
        let subject = "[network]"
        if let sources = reader.strings(table, "realtime", path: "network", subject: subject, count: 0...32) {
            var good: [String] = []
            for source in sources {
                if let problem = realtimeSourceProblem(source) {
                    reader.error("\(subject): 'realtime' entry \"\(TOMLText.excerpt(source))\" \(problem)", at: "network.realtime")
                } else {
                    good.append(source)
                }
            }
            if Set(good).count != good.count {
                reader.error("\(subject): 'realtime' names the same source twice", at: "network.realtime")
            }
            settings.sources = good
        }
        settings.pollSeconds = reader.number(table, "poll_s", path: "network", subject: subject, in: 1...86_400) ?? settings.pollSeconds
        settings.timeoutSeconds = reader.number(table, "timeout_s", path: "network", subject: subject, in: 0.1...600)
            ?? settings.timeoutSeconds
        settings.staleSeconds = reader.number(table, "stale_s", path: "network", subject: subject, in: 1...604_800) ?? settings.staleSeconds
        if let bytes = reader.number(table, "max_feed_bytes", path: "network", subject: subject, in: 1024...Double(1 << 30)) {
            if let whole = Int(exactly: bytes) {
                settings.maximumFeedBytes = whole
            } else {
                reader.error("\(subject): 'max_feed_bytes' must be a whole number, found \(TOMLText.number(bytes))", at: "network.max_feed_bytes")
            }
        }
        if let directory = reader.string(table, "realtime_dir", path: "network", subject: subject) {
            if directory.isEmpty {
                settings.cacheDirectory = nil
            } else if directory.hasPrefix("/") {
                settings.cacheDirectory = directory
            } else {
                reader.error("\(subject): 'realtime_dir' must be an absolute path (or \"\" to keep none), found \"\(TOMLText.excerpt(directory))\"",
                             at: "network.realtime_dir")
            }
        }
        // A source is polled every poll_s: a stale limit below that would call every feed stale between polls.
        if table["stale_s"] != nil || table["poll_s"] != nil, settings.staleSeconds <= settings.pollSeconds {
            reader.error("\(subject): 'stale_s' (\(TOMLText.number(settings.staleSeconds))) must be more than 'poll_s' "
                         + "(\(TOMLText.number(settings.pollSeconds))), or every feed is stale between polls",
                         at: table["stale_s"] != nil ? "network.stale_s" : "network.poll_s")
        }
    }

    /// Why a `realtime` entry cannot be polled, or nil.
    static func realtimeSourceProblem(_ source: String) -> String? {
        guard let url = URL(string: source), let scheme = url.scheme?.lowercased() else { return "is not a URL" }
        switch scheme {
        case "http", "https":
            return (url.host ?? "").isEmpty ? "has no host" : nil
        case "file":
            return url.path.hasPrefix("/") && url.path.count > 1 ? nil : "must name an absolute path, as file:///var/lib/metro-kiosk/alerts.pb"
        default:
            return "must start with http://, https:// or file://"
        }
    }
}
