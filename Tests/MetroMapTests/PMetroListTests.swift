import Testing
@testable import MetroMap

@Test func stationListSplitsNamesAndNeighbourGroups() {
    let items = PMetroList.items("A,B(C,,D),\"E, the 2nd\",F(\"G,1\")")
    #expect(items == [
        .init(name: "A", group: nil),
        .init(name: "B", group: ["C", "", "D"]),
        .init(name: "E, the 2nd", group: nil),
        .init(name: "F", group: ["G,1"]),
    ])
}

@Test func unbalancedListsAreRejected() {
    #expect(PMetroList.items("A,B(C,D") == nil)
    #expect(PMetroList.items("A,B)C") == nil)
    #expect(PMetroList.items("A,\"B") == nil)
}

@Test func minutesAreMinutesDotSeconds() {
    #expect(PMetroList.minutes("2") == .seconds(120))
    #expect(PMetroList.minutes("1.30") == .seconds(90))
    #expect(PMetroList.minutes("2.5") == .seconds(170))
    #expect(PMetroList.minutes(" 4.15 ") == .seconds(255))
    #expect(PMetroList.minutes("") == .empty)
    #expect(PMetroList.minutes("0") == .empty)
    #expect(PMetroList.minutes("1.75") == .invalid)
    #expect(PMetroList.minutes("abc") == .invalid)
}

@Test func segmentsSplitAtJunctionsAndCloseRings() {
    // A trunk a–b–c with a branch b–d, and a separate ring x–y–z.
    let segments = LineSegmentBuilder.segments(order: ["a", "b", "c", "d", "x", "y", "z"],
                                               connections: [("a", "b"), ("b", "c"), ("b", "d"), ("x", "y"),
                                                             ("y", "z"), ("z", "x"), ("b", "a")])
    #expect(segments == [["a", "b"], ["b", "c"], ["b", "d"], ["x", "y", "z", "x"]])
}
