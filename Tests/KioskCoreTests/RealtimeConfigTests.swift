import Testing
@testable import KioskCore

@Suite struct RealtimeConfigTests {
    @Test func everyRealtimeKeyIsRead() throws {
        let config = try KioskConfigLoader.parse(text: """
            [network]
            realtime = ["https://api.bart.gov/gtfsrt/tripupdate.aspx", "file:///var/lib/metro-kiosk/alerts.pb"]
            poll_s = 15
            timeout_s = 4.5
            stale_s = 120
            max_feed_bytes = 2097152
            realtime_dir = "/srv/realtime"
            """, fileName: "network.toml")
        #expect(config.realtime.sources == ["https://api.bart.gov/gtfsrt/tripupdate.aspx", "file:///var/lib/metro-kiosk/alerts.pb"])
        #expect(config.realtime.pollSeconds == 15)
        #expect(config.realtime.timeoutSeconds == 4.5)
        #expect(config.realtime.staleSeconds == 120)
        #expect(config.realtime.maximumFeedBytes == 2 << 20)
        #expect(config.realtime.cacheDirectory == "/srv/realtime")
        #expect(try KioskConfigLoader.parse(text: "[network]\nrealtime_dir = \"\"\n", fileName: "n.toml").realtime.cacheDirectory == nil)
        #expect(KioskConfig().realtime.sources.isEmpty)
    }

    @Test func badRealtimeKeysAreLocated() {
        let text = """
            [network]
            realtime = ["ftp://example.org/a.pb", "file://relative.pb", "https:///nohost", "https://x.org/a.pb", "https://x.org/a.pb"]
            poll_s = 0
            timeout_s = 1000
            max_feed_bytes = 10
            realtime_dir = "cache"
            stale_s = 20
            fetch = true
            """
        #expect {
            try KioskConfigLoader.parse(text: text, fileName: "bad.toml")
        } throws: { error in
            guard let error = error as? KioskConfigError else { return false }
            let lines = error.diagnostics.map(\.description)
            let expected = [
                "bad.toml:2:1: [network]: 'realtime' entry \"ftp://example.org/a.pb\" must start with http://, https:// or file://",
                "bad.toml:2:1: [network]: 'realtime' entry \"file://relative.pb\" must name an absolute path",
                "bad.toml:2:1: [network]: 'realtime' entry \"https:///nohost\" has no host",
                "bad.toml:2:1: [network]: 'realtime' names the same source twice",
                "bad.toml:3:1: [network]: 'poll_s' must be at least 1",
                "bad.toml:4:1: [network]: 'timeout_s' must be at least 0.1 and at most 600",
                "bad.toml:5:1: [network]: 'max_feed_bytes' must be at least 1024",
                "bad.toml:6:1: [network]: 'realtime_dir' must be an absolute path",
                "bad.toml:8:1: [network]: unknown key 'fetch'",
            ]
            for prefix in expected where !lines.contains(where: { $0.hasPrefix(prefix) }) {
                Issue.record("missing \(prefix) in:\n\(lines.joined(separator: "\n"))")
            }
            return true
        }
    }

    @Test func aStaleLimitWithinThePollPeriodIsRefused() {
        #expect {
            try KioskConfigLoader.parse(text: "[network]\npoll_s = 60\nstale_s = 30\n", fileName: "stale.toml")
        } throws: { error in
            (error as? KioskConfigError)?.diagnostics.map(\.description)
                == ["stale.toml:3:1: [network]: 'stale_s' (30) must be more than 'poll_s' (60), or every feed is stale between polls"]
        }
    }
}
