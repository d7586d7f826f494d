import Foundation
import Testing
import TestSupport

/// `route --at` wrote its JSON through `JSONSerialization`, `route` and `search` through `JSONEncoder`; all three
/// now go through `JSONWriter` with their bytes unchanged, which scripts reading them rely on.
struct RouteJSONBytesTests {
    /// Written by `JSONSerialization` at 85c674e (a ride, a walk, a ride on the demo's own feed).
    static let timetableRoute = #"""
        {"arrive_at":"2026-11-27T14:18:00+03:00","asked_at":"2026-11-27T14:00:00+03:00","depart_at":"2026-11-27T14:00:00+03:00","estimated":false,"from":"north-gate","legs":[{"arrive_at":"2026-11-27T14:07:20+03:00","depart_at":"2026-11-27T14:00:00+03:00","from_stop":"north-gate","from_stop_name":"North Gate","headsign":"South Depot","line_name":"Green","route":"green","step":"ride","stops":3,"to_stop":"theatre","to_stop_name":"Theatre","trip":"green-a-0@14:00:00"},{"arrive_at":"2026-11-27T14:10:20+03:00","depart_at":"2026-11-27T14:07:20+03:00","from_stop":"theatre","step":"walk","to_stop":"theatre-ring","walk_minutes":3},{"arrive_at":"2026-11-27T14:18:00+03:00","depart_at":"2026-11-27T14:12:00+03:00","from_stop":"theatre-ring","from_stop_name":"Theatre","headsign":"Ring Line (clockwise)","line_name":"Ring","route":"ring","step":"ride","stops":2,"to_stop":"bastion","to_stop_name":"Bastion","trip":"ring-a-0@14:12:00"}],"service_date":"2026-11-27","step_free":false,"to":"bastion","total_minutes":18,"transfers":1}
        """#

    @Test func theTimetableRouteIsTheBytesItWasBefore() throws {
        let result = try MetroKioskProcess.run(["route", "--config", RepositoryPaths.file("configs/demo.toml").path,
                                                "--from", "north-gate", "--to", "bastion", "--at", "2026-11-27 14:00"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == Self.timetableRoute + "\n")
    }
}
