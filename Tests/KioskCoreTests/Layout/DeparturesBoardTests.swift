import Overlay
import Physics
import Raster
import Testing

/// The departures board by itself: capped, hidden when empty, a tap opens the kiosk's station, long titles cut.
struct DeparturesBoardTests {
    static let screen = IntRect(x: 0, y: 0, width: 1280, height: 800)
    static let column = ScreenRect(x: 12, y: 0, width: 460, height: 800)

    static func rows(_ count: Int, title: (Int) -> String = { "Line \($0) · towards the end" }) -> [JourneyCardContent.DepartureRow] {
        (0..<count).map { JourneyCardContent.DepartureRow(color: Color(rgb: 0x0070C0), title: title($0), times: "\($0) min · \($0 + 8) min") }
    }

    /// At a hub of six lines both ways the board lists eight rows, not twelve: the card of the station has them all.
    @Test func theRowsAreCappedAtEightAndNoneHidesTheBoard() {
        let board = DeparturesBoardElement(stationID: "here", fonts: nil, screen: Self.screen, column: Self.column)
        #expect(board.frame == nil && board.occupiedRegion == nil)
        board.show(name: "Here", departures: Self.rows(12))
        #expect(board.departures.count == DeparturesBoardElement.maximumRows && DeparturesBoardElement.maximumRows == 8)
        let eight = board.frame?.height ?? 0
        board.show(name: "Here", departures: Self.rows(3))
        #expect(board.departures.count == 3 && (board.frame?.height ?? 0) < eight)
        #expect(board.frame?.maxY == 800 && board.occupiedRegion == board.frame)
        board.show(name: "Here", departures: [])
        #expect(board.frame == nil && board.occupiedRegion == nil)
    }

    @Test func aTapOnTheBoardOpensTheKiosksStationAndASlideOffDoesNot() throws {
        let board = DeparturesBoardElement(stationID: "central-square", fonts: nil, screen: Self.screen, column: Self.column)
        board.show(name: "Central Square", departures: Self.rows(4))
        let frame = try #require(board.frame)
        let inside = ScreenPoint(x: frame.minX + 40, y: frame.maxY - 20)
        #expect(!board.touchDown(at: ScreenPoint(x: 900, y: 100), timeMicroseconds: 0), "the map keeps a touch beside it")
        #expect(board.touchDown(at: inside, timeMicroseconds: 0))
        board.touchUp(at: inside, timeMicroseconds: 80_000)
        #expect(board.takeRequests() == [.showStation(id: "central-square")])
        #expect(board.touchDown(at: inside, timeMicroseconds: 200_000))
        board.touchUp(at: ScreenPoint(x: 900, y: 100), timeMicroseconds: 280_000)
        #expect(board.takeRequests().isEmpty)
    }

    /// A feed's headsign can be longer than the board is wide: the title is cut at a word, the times stay whole and
    /// inside the board.
    @Test func aLongTitleIsCutAndTheTimesStayInside() throws {
        let fonts = FontStack(fonts: [try Font.loadDefault()])
        let board = DeparturesBoardElement(stationID: "here", fonts: fonts, screen: Self.screen, column: Self.column)
        board.show(name: "Here", departures: Self.rows(2) { _ in "Richmond · towards Daly City / Millbrae / San Francisco International Airport" })
        let frame = try #require(board.frame)
        let buffer = PixelBuffer(width: 1280, height: 800)
        buffer.fill(buffer.bounds, with: 0x00FF00)
        board.draw(on: Canvas(buffer: buffer))
        // Nothing drawn right of the board (the green stays), and its text (white) reaches its right part: the times.
        let right = Int(frame.maxX) + 3
        var white = 0
        for y in Int(frame.minY)..<800 {
            #expect((buffer.pixel(x: right, y: y) ?? 0) & 0xFFFFFF == 0x00FF00)
            for x in Int(frame.maxX) - 120..<Int(frame.maxX) - 12 where (buffer.pixel(x: x, y: y) ?? 0) & 0xFFFFFF == 0xFFFFFF { white += 1 }
        }
        #expect(white > 50, "the times are drawn at the board's right")
    }
}
