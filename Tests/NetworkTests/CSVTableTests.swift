import Testing
@testable import Network

@Test func csvReadsQuotedFieldsWithCommasQuotesAndLineBreaks() {
    let text = "id,name,note\r\n1,\"Powell St., SF\",\"say \"\"hi\"\"\"\r\n2,\"two\nlines\",x\r\n"
    let table = CSVTable(file: "t.txt", bytes: Array(text.utf8))
    #expect(table.columns == ["id", "name", "note"])
    #expect(table.count == 2)
    #expect(table.string(table.record(0), 1) == "Powell St., SF")
    #expect(table.string(table.record(0), 2) == "say \"hi\"")
    #expect(table.string(table.record(1), 1) == "two\nlines")
    #expect(table.record(1).line == 3)
    #expect(table.problems.isEmpty)
}

@Test func csvSkipsByteOrderMarkBlankLinesAndKeepsExtraColumns() {
    let text = "\u{FEFF}stop_id,stop_name,agency_extra\n\nA,Alpha,1\nB,Beta\n"
    let table = CSVTable(file: "t.txt", bytes: Array(text.utf8))
    #expect(table.column("stop_id") == 0)
    #expect(table.count == 2)
    #expect(table.string(table.record(1), 2) == "")
    #expect(table.string(table.record(1), table.column("nope")) == "")
}

@Test func csvUnterminatedQuoteIsLocatedAndEndsTheFile() {
    let text = "a,b\n1,2\n3,\"never closed\n4,5\n"
    let table = CSVTable(file: "t.txt", bytes: Array(text.utf8))
    #expect(table.count == 2)
    #expect(table.problems.first?.description == "t.txt:3:2: quoted field never closed (a truncated file?)")
}

@Test func gtfsTimesPastMidnightAndAbsurdOnes() {
    let late: Int32 = 25 * 3600 + 600, early: Int32 = 7 * 3600 + 309
    #expect(GTFSTime.seconds(Array("25:10:00".utf8)[...]) == late)
    #expect(GTFSTime.seconds(Array("7:05:09".utf8)[...]) == early)
    #expect(GTFSTime.seconds(Array("8:61:00".utf8)[...]) == nil)
    #expect(GTFSTime.seconds(Array("9999:00:00".utf8)[...]) == nil)
    #expect(GTFSTime.seconds(Array("12:00".utf8)[...]) == nil)
}

@Test func serviceDatesCountDaysAndWeekdays() throws {
    let date = try #require(ServiceDate("20190807"))
    #expect(date.weekday == 2)   // a Wednesday
    #expect(date.description == "2019-08-07")
    #expect(ServiceDate("20190230") == nil)
    #expect(date.adding(days: 30).description == "2019-09-06")
}

@Test func csvAcceptsSpacesAfterAClosingQuote() {
    // WMATA's agency.txt ends its last quoted field with a space before the line break.
    let table = CSVTable(file: "agency.txt", bytes: Array("a,b\n\"1\",\"x\" \n".utf8))
    #expect(table.problems.isEmpty)
    #expect(table.string(table.record(0), 1) == "x")
}
