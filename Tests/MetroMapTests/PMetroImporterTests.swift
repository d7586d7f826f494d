import Foundation
import Testing
@testable import MetroMap

/// A hand-written city in pMetro's layout: a line with a branch written in the parenthesis syntax
/// (as Moscow's Filevskaya line is), a ring, a transfer, bends, and deliberate mistakes.
let sampleTransport = """
[Options]\r
Type=Metro\r
\r
[Line1]\r
Name=West\r
Stations=Aa,Bb,Cc(Dd,Bb,,Ee),Dd(,Cc),Ee(Cc)\r
Driving=1,2,(3,2,,4.30),(,3),(4.30)\r
\r
[Line2]\r
Name=Ring\r
Stations=Pp(Qq,Rr),Qq,Rr(Pp,Qq)\r
Driving=(1,1.30),2,(1.30,2)\r
\r
[Line3]\r
Name=Broken\r
Stations=Xx,Yy(Zz\r
\r
[Transfers]\r
=West,Cc,Ring,Qq,3\r
=West,Aa,Ring,Pp,5,invisible\r
=West,Nowhere,Ring,Pp,2\r
garbage line\r
"""

let sampleScheme = """
[Options]\r
StationDiameter=16\r
\r
[West]\r
Color=ff0000\r
Coordinates=10,10, 50,10, 90,10, 130,10, 0,0\r
Rects=12,20,30,15, 52,20,30,15, 92,20,0,0, 132,20,30,15, 0,0,0,0\r
\r
[Ring]\r
Color=00ff00\r
Coordinates=200,100, 250,150, 200,200\r
Rects=\r
\r
[AdditionalNodes]\r
1=West,Cc,Ee, 110,40, 120,60, spline\r
2=West,Aa,Dd, 5,5\r
3=Ring,Pp,Qq, 240,100\r
"""

func importSample() throws -> PMetroImport {
    try PMetroImporter.convert(transportText: sampleTransport, transportPath: "Metro.trp", schemeText: sampleScheme,
                               schemePath: "Metro.map", name: "Sample")
}

@Test func branchSyntaxGivesTheListedNeighbours() throws {
    let map = try importSample().map
    let west = try #require(map.line(id: "line1"))
    #expect(west.segments == [["line1/Aa", "line1/Bb", "line1/Cc"], ["line1/Cc", "line1/Dd"], ["line1/Cc", "line1/Ee"]])
    #expect(west.hasBranch)
    #expect(west.link(from: "line1/Aa", to: "line1/Bb")?.travelSeconds == 60)
    #expect(west.link(from: "line1/Bb", to: "line1/Cc")?.travelSeconds == 120)
    #expect(west.link(from: "line1/Cc", to: "line1/Dd")?.travelSeconds == 180)
    #expect(west.link(from: "line1/Ee", to: "line1/Cc")?.travelSeconds == 270)
    let ring = try #require(map.line(id: "line2"))
    #expect(ring.segments == [["line2/Pp", "line2/Qq", "line2/Rr", "line2/Pp"]])
    #expect(ring.hasLoop)
}

@Test func schemePositionsLabelsAndBendsFollowStationOrder() throws {
    let map = try importSample().map
    #expect(map.station(id: "line1/Dd")?.position == SchemePoint(x: 130, y: 10))
    #expect(map.station(id: "line1/Ee")?.position == nil)
    #expect(map.station(id: "line1/Bb")?.labelBox == SchemeRect(x: 52, y: 20, width: 30, height: 15))
    #expect(map.station(id: "line1/Cc")?.labelBox == nil)
    #expect(map.line(id: "line1")?.color == RGBColor(red: 255, green: 0, blue: 0))
    let bend = try #require(map.line(id: "line1")?.link(from: "line1/Cc", to: "line1/Ee"))
    #expect(bend.bendPoints == [SchemePoint(x: 110, y: 40), SchemePoint(x: 120, y: 60)])
    #expect(bend.isSpline)
    #expect(bend.travelSeconds == 270)
    #expect(map.line(id: "line2")?.link(from: "line2/Qq", to: "line2/Pp")?.bendPoints == [SchemePoint(x: 240, y: 100)])
    #expect(map.bounds.contains(SchemePoint(x: 10, y: 10)) && map.bounds.contains(SchemePoint(x: 250, y: 200)))
}

@Test func transfersKeepTimeAndVisibility() throws {
    let map = try importSample().map
    #expect(map.transfers == [
        Transfer(stationIDs: ["line1/Cc", "line2/Qq"], walkSeconds: 180, isVisible: true),
        Transfer(stationIDs: ["line1/Aa", "line2/Pp"], walkSeconds: 300, isVisible: false),
    ])
}

@Test func whatCannotBeUnderstoodIsReportedWithFileAndLineAndSkipped() throws {
    let warnings = try importSample().warnings.map(\.description)
    #expect(warnings.contains { $0.hasPrefix("Metro.trp:16:1: warning: line \"Broken\": Stations=") })
    #expect(warnings.contains { $0.hasPrefix("Metro.trp:21:1: warning: Transfers: no station \"Nowhere\"") })
    #expect(warnings.contains { $0.hasPrefix("Metro.trp:22:1: warning: not a [section] or key=value line") })
    #expect(warnings.contains { $0.hasPrefix("Metro.map:16:1: warning: AdditionalNodes: Aa and Dd are not neighbours") })
    #expect(warnings.count == 4)
}

@Test func importedMapSurvivesWriteAndLoad() throws {
    let map = try importSample().map
    let reloaded = try MapFileLoader.parse(text: MapFileWriter.text(for: map), fileName: "sample.toml")
    #expect(reloaded == map)
}

@Test func missingFolderIsAnErrorNotACrash() {
    #expect(throws: PMetroImportError.self) {
        try PMetroImporter.importCity(directory: "/nonexistent/pmetro-city")
    }
}

@Test func garbageInEveryKeyNeverCrashes() throws {
    let transport = "[Line1]\nName=L\nStations=A,B,C\nDriving=x,(y,),1.99\n[Line2]\nStations=Q\n[Transfers]\n=L,A\n=L,A,L,C,zz,weird\n"
    let scheme = "[L]\nCoordinates=1,2,x,4,5\nRects=1,2,3\nColor=nothex\n[AdditionalNodes]\n1=L,A,B,1\n2=L\n"
    let result = try PMetroImporter.convert(transportText: transport, transportPath: "t", schemeText: scheme,
                                            schemePath: "m", name: "g")
    #expect(result.map.lines.count == 1)
    #expect(result.map.transfers.count == 1)
    #expect(result.warnings.count >= 8)
    _ = try MapFileLoader.parse(text: MapFileWriter.text(for: result.map), fileName: "g.toml")
}

@Test func anEmptyStationNameKeepsItsCoordinatePlace() throws {
    let transport = "[Line1]\nName=L\nStations=A,,B,C\n"
    let scheme = "[L]\nCoordinates=10,10, 20,20, 30,30, 40,40\nRects=1,1,5,5, 0,0,0,0, 3,3,5,5, 4,4,0,0\n"
    let result = try PMetroImporter.convert(transportText: transport, transportPath: "Metro.trp", schemeText: scheme,
                                            schemePath: "Metro.map", name: "x")
    // B is the third place, so it takes the third coordinate, not the second.
    #expect(result.map.station(id: "line1/B")?.position == SchemePoint(x: 30, y: 30))
    #expect(result.map.station(id: "line1/C")?.position == SchemePoint(x: 40, y: 40))
    #expect(result.map.station(id: "line1/C")?.isLabelHidden == true)
    #expect(result.warnings.contains { $0.line == 3 && $0.message.contains("empty station name at place 2") })
}

@Test func aStationListedTwiceIsOneStationWithAWarning() throws {
    let transport = "[Line1]\nName=L\nStations=A,B,A\n"
    let scheme = "[L]\nCoordinates=10,10, 20,20, 30,30\n"
    let result = try PMetroImporter.convert(transportText: transport, transportPath: "Metro.trp", schemeText: scheme,
                                            schemePath: "Metro.map", name: "x")
    #expect(result.map.stations.map(\.id) == ["line1/A", "line1/B"])
    #expect(result.map.station(id: "line1/A")?.position == SchemePoint(x: 10, y: 10))
    #expect(result.warnings.contains { $0.line == 3 && $0.message.contains("listed again at place 3") })
}

@Test func selfTransfersAndEmptyLinesAreWarningsNotFailures() throws {
    let transport = "[Line1]\nName=L\nStations=A,B\n[Line2]\nName=Empty\nStations=\n[Transfers]\n1=L,A,L,A\n2=L,A,L,B\n"
    let scheme = "[L]\nCoordinates=10,10, 20,20\n"
    let result = try PMetroImporter.convert(transportText: transport, transportPath: "Metro.trp", schemeText: scheme,
                                            schemePath: "Metro.map", name: "x")
    #expect(result.map.transfers.map(\.stationIDs) == [["line1/A", "line1/B"]])
    #expect(result.warnings.contains { $0.line == 8 && $0.message.contains("to itself") })
    #expect(result.warnings.contains { $0.line == 4 && $0.message.contains("Empty") })
    let reloaded = try MapFileLoader.parse(text: MapFileWriter.text(for: result.map), fileName: "x.toml")
    #expect(reloaded == result.map)
}

@Test func coordinatesPastTheLimitAreLocatedErrors() throws {
    let transport = "[Line1]\nName=L\nStations=A,B\n"
    let scheme = "[L]\nCoordinates=10,10, 1e30,20\n"
    #expect {
        try PMetroImporter.convert(transportText: transport, transportPath: "Metro.trp", schemeText: scheme,
                                   schemePath: "Metro.map", name: "x")
    } throws: { error in
        guard case .invalid(let diagnostics) = error as? PMetroImportError else { return false }
        return diagnostics.count == 1 && diagnostics[0].line == 2 && diagnostics[0].severity == .error
    }
}

@Test func aUTF8FolderWithAFewBrokenBytesImportsWithALocatedWarning() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pmetro-damaged-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var trp = Array("[Line1]\r\nName=Линия\r\nStations=Киевская,Арбатская,".utf8) + [0xFF]
    trp += Array("Смоленская\r\n".utf8)
    try Data(trp).write(to: directory.appendingPathComponent("Metro.trp"))
    try Data("[Линия]\r\nCoordinates=10,10, 20,20, 30,30\r\n".utf8).write(to: directory.appendingPathComponent("Metro.map"))
    let result = try PMetroImporter.importCity(directory: directory.path)
    #expect(result.map.stations.map(\.name).contains("Киевская"))
    #expect(result.warnings.contains { $0.file.hasSuffix("Metro.trp") && $0.line == 3 && $0.message.contains("not UTF-8") })
    #expect(result.encodings["Metro.trp"] == .utf8)
}
