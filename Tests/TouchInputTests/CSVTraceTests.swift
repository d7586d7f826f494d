import Testing
@testable import TouchInput

struct CSVTraceTests {
    @Test func linesWithTheSameTimeFormOneFrame() throws {
        let text = """
            # two fingers
            time_us,slot,event,x,y
            1000,0,down,10,20
            1000,1,down,30.5,40
            2000,0,move,11,21   # trailing comment
            3000,0,up,,
            3000,1,cancel
            """
        let frames = try TraceReader.frames(text: text, file: "t.csv")
        #expect(frames == [
            Frames.frame(Frames.down(0, 10, 20, at: 1000), Frames.down(1, 30.5, 40, at: 1000)),
            Frames.frame(Frames.move(0, 11, 21, at: 2000)),
            Frames.frame(Frames.up(0, at: 3000), Frames.cancel(1, at: 3000)),
        ])
    }

    @Test func liftPositionsAreDroppedAsLibinputHasNone() throws {
        let frames = try CSVTraceReader.frames(from: "0,0,down,1,1\n5,0,up,7,7\n", file: "t.csv")
        #expect(frames.last?.events == [Frames.up(0, at: 5)])
    }

    @Test func truncatedCSVEndsItsTouchesWithCancel() throws {
        let frames = try CSVTraceReader.frames(from: "0,3,down,1,1\n5,3,move,2,2\n", file: "t.csv")
        #expect(frames.last == TouchFrame(timeMicroseconds: 5, events: [Frames.cancel(3, at: 5)]))
    }

    /// Each error names its line, and the column of the field at fault (1 when the whole line is).
    @Test(arguments: [
        ("0,0,down,1,1\n5,0,wiggle,1,1\n", 2, 5, "expected event down, move, up or cancel, got 'wiggle'"),
        ("0,0,down,1\n", 1, 11, "expected 5 fields"),
        ("0,0,down,,\n", 1, 10, "expected x,y pixel coordinates for 'down'"),
        ("x,0,down,1,1\n", 1, 1, "expected time_us as a non-negative integer"),
        ("0, -1,down,1,1\n", 1, 4, "expected slot as a non-negative integer"),
        ("# c\n\n0,0,move,1,1\n", 3, 1, "expected a 'down' on slot 0 before 'move'"),
        ("0,0,down,1,1\n1,0,down,1,1\n", 2, 1, "already down"),
        ("5,0,down,1,1\n4,0,up\n", 2, 1, "expected time_us not to go backwards"),
        ("0,0,down,1,1\n4,0,up,a,b\n", 2, 8, "expected x,y to be numbers or empty"),
    ])
    func malformedLinesNameTheirLineAndColumn(text: String, line: Int, column: Int, fragment: String) {
        let error = #expect(throws: TraceError.self) {
            try CSVTraceReader.frames(from: text, file: "bad.csv")
        }
        #expect(error?.line == line)
        #expect(error?.message.contains(fragment) == true, "\(String(describing: error))")
        #expect(error?.description.hasPrefix("bad.csv:\(line):\(column): ") == true, "\(String(describing: error))")
    }

    @Test func formatIsDetectedFromContentThenExtension() {
        #expect(TraceFormat.detect(text: "# EVEMU 1.3\nN: x\n", path: "a.csv") == .evemu)
        #expect(TraceFormat.detect(text: "# libinput record\nversion: 1\n", path: "a.events") == .libinputRecord)
        #expect(TraceFormat.detect(text: "# a comment\n100,0,down,1,2\n", path: "trace") == .csv)
        #expect(TraceFormat.detect(text: "", path: "empty.yml") == .libinputRecord)
        #expect(TraceFormat.detect(text: "", path: "empty.events") == .evemu)
    }

    @Test func missingFileIsAnErrorNotACrash() {
        let error = #expect(throws: TraceError.self) {
            try TraceReader.frames(path: "/nonexistent/trace.csv")
        }
        #expect(error?.description == "/nonexistent/trace.csv: cannot read the file (missing or not readable)")
    }
}
