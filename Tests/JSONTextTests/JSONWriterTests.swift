import Foundation
import JSONText
import Testing

/// The one JSON writer writes what Foundation's `JSONEncoder` wrote for the same options (the files every consumer
/// reads were written by it), and `JSONLine` keeps the order and bytes frames.jsonl always had.
struct JSONWriterTests {
    struct Inner: Codable {
        var x: Double
        var f: Float
        var list: [Int]
        var empty: [String]
        var none: String?
    }

    struct Probe: Codable {
        var a10: Int
        var a2: Int
        var B: Int
        var a_b: Int
        var aB: String
        var inner: Inner
        var table: [String: Int]
        var emptyTable: [String: Int]
        var big: Double
        var small: Double
        var huge: UInt64
        var negative: Int32
        var flag: Bool
        var nested: [[Inner]]
        var emptyList: [Inner]
        var maybe: Double?
    }

    static let probe = Probe(
        a10: 1, a2: 2, B: 3, a_b: 4, aB: "s/l\u{8}\u{c}\u{1}\u{1f}\u{7f}é\"\\\n\t\r 東京 😀",
        inner: Inner(x: 0.1, f: 0.1, list: [1, 2], empty: [], none: nil),
        table: ["z": 1, "Z": 2, "é": 3, "e": 4, "a/b": 5], emptyTable: [:], big: 1e20, small: 1.5e-7, huge: .max,
        negative: -42, flag: true,
        nested: [[Inner(x: 3, f: 16_777_216, list: [], empty: ["q"], none: "n")], []], emptyList: [], maybe: 123_456_789.125)

    static let options: [(JSONEncoder.OutputFormatting, JSONWriter.Options)] = [
        ([.sortedKeys], [.sortedKeys, .escapingSlashes]),
        ([.sortedKeys, .prettyPrinted], [.sortedKeys, .prettyPrinted, .escapingSlashes]),
        ([.sortedKeys, .withoutEscapingSlashes], [.sortedKeys]),
        ([.sortedKeys, .prettyPrinted, .withoutEscapingSlashes], [.sortedKeys, .prettyPrinted]),
    ]

    @Test func writesWhatJSONEncoderWroteForEveryOptionItWasUsedWith() throws {
        for (foundation, ours) in Self.options {
            let encoder = JSONEncoder()
            encoder.outputFormatting = foundation
            let expected = String(decoding: try encoder.encode(Self.probe), as: UTF8.self)
            #expect(try JSONWriter(ours).text(encoding: Self.probe) == expected, "\(ours)")
        }
    }

    @Test func numbersAreTheShortestRoundTripWithoutATrailingPointZero() throws {
        let numbers: [Double] = [1, 3.5, 1e15, 9_007_199_254_740_992, 1e14, 1e-5, .leastNonzeroMagnitude,
                                 .greatestFiniteMagnitude, 0.1 + 0.2, -2.5, 1e300]
        let floats: [Float] = [.greatestFiniteMagnitude, 1e-7, 16_777_216, 0.3, -0.1]
        let encoder = JSONEncoder()
        #expect(JSONWriter().text(.numbers(numbers)) == String(decoding: try encoder.encode(numbers), as: UTF8.self))
        #expect(JSONWriter().text(.array(floats.map(JSONValue.float))) == String(decoding: try encoder.encode(floats), as: UTF8.self))
    }

    /// Where the writer parts from `JSONEncoder` on purpose: JSON has no NaN or infinity (null marks the bug instead
    /// of throwing), and negative zero reads "0" as frames.jsonl always wrote it.
    @Test func nonFiniteNumbersAreNullAndNegativeZeroIsZero() {
        #expect(JSONWriter().text(.numbers([.nan, .infinity, -.infinity, -0.0, 0])) == "[null,null,null,0,0]")
        #expect(JSONWriter().text(.array([.float(.nan), .float(-0.0)])) == "[null,0]")
    }

    @Test func aLineKeepsItsKeysInTheOrderGiven() {
        var line = JSONLine(["t_us": .integer(16_667), "x": .number(-12.5), "state": .string("idle"), "station": .null,
                             "damage": .numbers([0, 0, 1280, 800])])
        line.append("card", .object([("anchor", .string("peek")), ("offset", .number(176)), ("state", .string("resting"))]))
        line.append("route", .strings(["north-gate", "a/b \"c\""]))
        line.append("flag", .bool(false))
        #expect(line.text == #"{"t_us":16667,"x":-12.5,"state":"idle","station":null,"damage":[0,0,1280,800],"#
            + #""card":{"anchor":"peek","offset":176,"state":"resting"},"route":["north-gate","a/b \"c\""],"flag":false}"#)
    }

    @Test func aKeyEncodedTwiceKeepsItsFirstPlaceAndLastValue() throws {
        struct Twice: Encodable {
            enum Key: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: .a)
                try container.encode(2, forKey: .b)
                try container.encode(3, forKey: .a)
                try container.encodeNil(forKey: .b)
            }
        }
        #expect(try JSONWriter().text(encoding: Twice()) == #"{"a":3,"b":null}"#)
    }
}
