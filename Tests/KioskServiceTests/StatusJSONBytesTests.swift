import Foundation
import JSONText
import KioskCore
import Realtime
import Testing
@testable import Cartography
@testable import KioskService

/// status.json, the audits, the soak reports and the feed cache's entries moved from `JSONEncoder` to `JSONWriter`
/// with their bytes unchanged: each real type, with every optional present and absent, written both ways.
struct StatusJSONBytesTests {
    func foundation<Value: Encodable>(_ value: Value, _ formatting: JSONEncoder.OutputFormatting) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func decoded<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func statusJSONIsWrittenAsJSONEncoderWroteIt() throws {
        let full = try decoded(KioskStatus.self, #"""
            {"state":"running","screenOn":true,"writtenAt":"2026-11-28T12:00:00Z","uptimeSeconds":3600.25,"frames":123456,
             "frameTimeP50Milliseconds":4.5,"frameTimeP99Milliseconds":16.0,"touches":7,"lastTouch":"2026-11-28T11:59:58Z",
             "residentBytes":52428800,"config":{"path":"/etc/metro-kiosk/kiosk.toml","name":"Kiosk \"A\"","hash":"ab12"},
             "map":{"path":"/usr/share/metro-kiosk/maps/berlin","name":"Berlin – U-Bahn"},"lastError":"line 1\nline 2",
             "pid":4242,"panel":"1920x1080 (EDID, 527x296 mm)",
             "realtime":[{"source":"https://api.example.org/gtfs-rt?key=a&b=c","ageSeconds":12.5,"stale":false,"fromDisk":true,
                          "fetches":10,"notModified":2,"errors":1,"lastError":"timed out","alerts":3,"tripUpdates":4,"vehicles":0}],
             "audio":{"output":"hw:0,0","jack":"headphones"},
             "inputLatency":{"frames":40,"p50Milliseconds":16.7,"p95Milliseconds":20.125,"p99Milliseconds":33.4,"sumSeconds":0.84,"buckets":[{"leMilliseconds":8,"count":2},{"count":40}]}}
            """#)
        let bare = try decoded(KioskStatus.self, #"""
            {"state":"starting","screenOn":false,"writtenAt":"2026-11-28T12:00:00Z","uptimeSeconds":0,"frames":0,"touches":0,
             "config":{},"map":{"path":null},"pid":1}
            """#)
        for status in [full, bare] {
            #expect(status.json() == (try foundation(status, [.prettyPrinted, .sortedKeys])) + "\n")
        }
    }

    @Test func theAuditsAreWrittenAsJSONEncoderWroteThem() throws {
        let map = try decoded(MapAudit.self, #"""
            {"stations":120,"named_stations":118,"named_in_view":90,"labelled_in_view":88,"crossing_line":1,"overlapping":0,
             "cut_by_frame":2,"missing_glyphs":0,"unlabelled_at_every_zoom":["a/b","Zoo"],"farthest_label_mm":3.25,
             "leader_lines":4,"longest_leader_mm":12.5,"leader_crossings":0,"leaders_across_lines":2,"labels_nearer_another_station":0,"over_background":5,
             "interchanges":[{"name":"Alexanderplatz","labelled":true,"name_beyond_frame":false},{"name":"Ost/West","labelled":false,"name_beyond_frame":true}],
             "labels_under_elements":0,"scale":0.6180339887498949,"max_scale":4}
            """#)
        #expect(map.json == (try foundation(map, [.sortedKeys])))
        let screen = try decoded(ScreenAudit.self, #"""
            {"width":1080,"height":1920,"route_stations":9,"hidden_route_stations":0,"cut_route_stations":0,
             "hidden_end_labels":0,"cut_end_labels":1,"you_are_here_shown":true,"map_share":0.71875,"scale":1.5}
            """#)
        #expect(screen.json == (try foundation(screen, [.sortedKeys])))
    }

    @Test func feedCacheEntriesAreWrittenAsJSONEncoderWroteThem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("feed-cache-json-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = FeedCache(directory: directory)
        let entry = try decoded(FeedCache.Entry.self, #"""
            {"source":"https://api.example.org/rt/alerts?format=pb","receivedAtSeconds":1764331200.125,
             "validators":{"entityTag":"W/\"abc\"","lastModified":"Fri, 28 Nov 2026 12:00:00 GMT"}}
            """#)
        try cache.store([1, 2, 3], entry: entry)
        let written = try String(contentsOfFile: cache.paths(for: entry.source).entry, encoding: .utf8)
        #expect(written == (try foundation(entry, [.prettyPrinted, .sortedKeys])))
    }
}
