import Foundation

/// A small GTFS feed in our own words, written to a temporary folder for a test. The files every such feed has in
/// the same shape (one agency, Toy Transit in Europe/Berlin; one service WK through 2024) are written here, so a
/// feed says only what it is about: its stops, routes, trips and stop times, and any other file it tests.
public struct FeedFolder {
    public let path: String

    /// Which days service WK runs, 1 January to 31 December 2024.
    public enum ServiceDays: String, Sendable {
        case everyDay = "1,1,1,1,1,1,1"
        case weekdays = "1,1,1,1,1,0,0"
    }

    /// Writes `files` (name → text) as they are.
    public init(_ files: [String: String]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("gtfs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
        }
    }

    public func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// A feed's files: agency.txt and calendar.txt in the shape every toy feed shares, and the text of the files
    /// that differ (CSV with their header rows). `routes` rows belong to agency T; `trips` rows name service WK.
    /// `other`: further files (transfers.txt, translations.txt…), which may also replace a shared one.
    public static func files(stops: String, routes: String, trips: String, stopTimes: String,
                             days: ServiceDays = .everyDay, other: [String: String] = [:]) -> [String: String] {
        var files = [
            "agency.txt": "agency_id,agency_name,agency_url,agency_timezone\nT,Toy Transit,http://example.org,Europe/Berlin\n",
            "calendar.txt": "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n"
                + "WK,\(days.rawValue),20240101,20241231\n",
            "stops.txt": stops,
            "routes.txt": routes,
            "trips.txt": trips,
            "stop_times.txt": stopTimes,
        ]
        files.merge(other) { $1 }
        return files
    }
}
