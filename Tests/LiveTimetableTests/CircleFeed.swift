import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Testing
import TestSupport

/// A toy feed in our own words: a four-station circle (Alpha, Bravo, Charlie, Delta) run both ways round with
/// Alpha as the headsign, and an express Alpha → Charlie at 09:40 and at 25:40 (01:40 the next date), for the
/// departure lists' headings and long waits.
enum CircleFeed {
    static let files: [String: String] = FeedFolder.files(
        stops: """
            stop_id,stop_name,stop_lat,stop_lon
            A,Alpha,52.50,13.40
            B,Bravo,52.51,13.41
            C,Charlie,52.52,13.42
            D,Delta,52.51,13.43

            """,
        routes: "route_id,agency_id,route_short_name,route_long_name,route_type\nO,T,,Circle,1\nX,T,,Express,1\n",
        trips: """
            route_id,service_id,trip_id,trip_headsign,direction_id
            O,WK,cw,Alpha,0
            O,WK,ccw,Alpha,1
            X,WK,x1,Charlie,0
            X,WK,late,Charlie,1

            """,
        stopTimes: """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            cw,08:00:00,08:00:00,A,1
            cw,08:03:00,08:03:00,B,2
            cw,08:06:00,08:06:00,C,3
            cw,08:09:00,08:09:00,D,4
            cw,08:12:00,08:12:00,A,5
            ccw,08:02:00,08:02:00,A,1
            ccw,08:05:00,08:05:00,D,2
            ccw,08:08:00,08:08:00,C,3
            ccw,08:11:00,08:11:00,B,4
            ccw,08:14:00,08:14:00,A,5
            x1,09:40:00,09:40:00,A,1
            x1,09:50:00,09:50:00,C,2
            late,25:40:00,25:40:00,A,1
            late,25:50:00,25:50:00,C,2

            """)

    /// The toy feed compiled, and the demo map's first station linked to Alpha.
    static func load() throws -> (map: MetroMap, timetable: KioskTimetable, alpha: String) {
        let folder = try FeedFolder(files)
        defer { folder.remove() }
        let compiled = TimetableCompiler.compile(try GTFSReader.read(path: folder.path))
        let map = try BundledMap.loadDemo()
        let alpha = try #require(map.lines.first?.stationIDs.first)
        return (map, KioskTimetable(timetable: compiled, links: [alpha: "A"]), alpha)
    }
}
