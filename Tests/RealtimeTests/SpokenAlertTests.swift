import Testing
@testable import Realtime

/// GTFS-realtime's `tts_header_text` (12) and `tts_description_text` (13): the words an agency spells for a voice
/// ("14 St" said as "Fourteenth Street") are kept beside the shown ones.
struct SpokenAlertTests {
    /// Protobuf wire bytes written by hand (no encoder of ours to agree with the decoder by construction).
    static func field(_ number: Int, _ payload: [UInt8]) -> [UInt8] {
        var bytes = varint(UInt64(number << 3 | 2))
        bytes += varint(UInt64(payload.count))
        return bytes + payload
    }

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value, bytes: [UInt8] = []
        repeat {
            var byte = UInt8(value & 0x7F)
            value >>= 7
            if value != 0 { byte |= 0x80 }
            bytes.append(byte)
        } while value != 0
        return bytes
    }

    static func translated(_ text: String, language: String) -> [UInt8] {
        field(1, field(1, Array(text.utf8)) + field(2, Array(language.utf8)))
    }

    @Test func theSpokenWordsAreKeptBesideTheShownOnes() throws {
        let alert = Self.field(5, Self.field(10, Self.translated("Elevator out at 14 St", language: "en"))
            + Self.field(12, Self.translated("Elevator out of service at Fourteenth Street", language: "en"))
            + Self.field(13, Self.translated("Use the elevator at Eighth Avenue", language: "en")))
        let feed = Self.field(1, Self.field(1, Array("2.0".utf8))) + Self.field(2, Self.field(1, Array("lift-14".utf8)) + alert)
        let decoded = try RealtimeFeedDecoder.decode(feed, source: "hand-written.pb")
        let only = try #require(decoded.alerts.first)
        #expect(only.header.text(preferring: ["en"]) == "Elevator out at 14 St")
        #expect(only.ttsHeader.text(preferring: ["en"]) == "Elevator out of service at Fourteenth Street")
        #expect(only.ttsDescription.text(preferring: ["en"]) == "Use the elevator at Eighth Avenue")
        #expect(only.description.isEmpty)
    }

    @Test func aFeedWithoutThemHasNone() throws {
        let bytes = try RealtimeFeedDecoderTests.capture("bart-2019/bart-alerts.pb")
        let alert = try #require(try RealtimeFeedDecoder.decode(bytes, source: "bart-alerts.pb").alerts.first)
        #expect(alert.ttsHeader.isEmpty && alert.ttsDescription.isEmpty)
    }
}
