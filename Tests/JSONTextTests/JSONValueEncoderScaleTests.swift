import JSONText
import Testing

/// Encoding costs work linear in what is encoded (issue 38's hostile pass): each append to an array, and each key
/// added to an object, copied every element before it, so `route` along a 50,000-station line spent minutes
/// writing its JSON (10,000 hops: 6 s; 20,000: 14.5 s; 50,000: over 120 s in a debug build) after 0.6 s routing.
/// The time limit is a hang guard, not a speed bound: linear, these take a few seconds of a debug build; the
/// quadratic copy is 5 × 10^9 element copies for the array, many minutes.
struct JSONValueEncoderScaleTests {
    struct Step: Encodable {
        var station: String
        var minutes: Int
    }

    @Test(.timeLimit(.minutes(1)))
    func aLongArrayIsEncodedInLinearWork() throws {
        let steps = (0..<100_000).map { Step(station: "s\($0)", minutes: $0 % 7) }
        let text = try JSONWriter().text(encoding: steps)
        let starts = text.hasPrefix("[{\"station\":\"s0\",\"minutes\":0},{\"station\":\"s1\"")
        let ends = text.hasSuffix("{\"station\":\"s99999\",\"minutes\":4}]")
        #expect(starts && ends, "\(text.prefix(40)) … \(text.suffix(40))")
    }

    @Test(.timeLimit(.minutes(1)))
    func aLargeObjectIsEncodedInLinearWork() throws {
        let table = Dictionary(uniqueKeysWithValues: (0..<50_000).map { ("k\($0)", $0) })
        let text = try JSONWriter(.sortedKeys).text(encoding: table)
        let starts = text.hasPrefix("{\"k0\":0,\"k1\":1,\"k10\":10,"), ends = text.hasSuffix("\"k9999\":9999}")
        #expect(starts && ends, "\(text.prefix(40)) … \(text.suffix(40))")
    }
}
