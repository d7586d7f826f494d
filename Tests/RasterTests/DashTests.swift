import Testing
@testable import Raster

/// The dasher cuts a polyline where the pattern says, measured along it: exact dash lengths and positions across
/// corners, the phase (negative and past a period too), zero-length dashes, and patterns refused as tiny-skia and
/// Skia refuse them.
struct DashTests {
    /// Length of a polyline.
    static func length(_ piece: [Point]) -> Float {
        zip(piece, piece.dropFirst()).reduce(0) { $0 + ($1.1 - $1.0).length }
    }

    /// An L: 10 to the right, then 10 down.
    let corner = [Point(0, 0), Point(10, 0), Point(10, 10)]

    @Test func dashesHaveTheirLengthsAndPlaces() throws {
        let pattern = try #require(DashPattern(intervals: [4, 3]))
        let dashes = Dasher.dashes(of: corner, pattern: pattern)
        // On 0–4, 7–11 (round the corner), 14–18; 21 is past the end (20).
        #expect(dashes.count == 3)
        #expect(dashes[0] == [Point(0, 0), Point(4, 0)])
        #expect(dashes[1] == [Point(7, 0), Point(10, 0), Point(10, 1)], "a dash round the corner keeps it")
        #expect(dashes[2] == [Point(10, 4), Point(10, 8)])
        #expect(dashes.map(Self.length) == [4, 4, 4])
    }

    @Test func theLastDashIsCutAtTheEnd() throws {
        let dashes = Dasher.dashes(of: corner, pattern: try #require(DashPattern(intervals: [6, 1])))
        // 0–6, 7–13, 14–20.
        #expect(dashes.map(Self.length) == [6, 6, 6])
        let cut = Dasher.dashes(of: corner, pattern: try #require(DashPattern(intervals: [8, 1])))
        // 0–8, 9–17, 18–20 (cut to 2).
        #expect(cut.map(Self.length) == [8, 8, 2])
        #expect(cut[2] == [Point(10, 8), Point(10, 10)])
    }

    @Test func thePhaseStartsPartWayIntoThePattern() throws {
        // Phase 5 into (4 on, 3 off): 2 more off, then on 2–6, 9–13, 16–20.
        let dashes = Dasher.dashes(of: corner, pattern: try #require(DashPattern(intervals: [4, 3], phase: 5)))
        #expect(dashes.count == 3)
        #expect(dashes[0] == [Point(2, 0), Point(6, 0)])
        #expect(dashes[1] == [Point(9, 0), Point(10, 0), Point(10, 3)])
        #expect(dashes[2] == [Point(10, 6), Point(10, 10)])
        // Phase 2 into the first dash: the first one is 2 long.
        let partial = Dasher.dashes(of: corner, pattern: try #require(DashPattern(intervals: [4, 3], phase: 2)))
        #expect(partial.first.map(Self.length) == 2)
        // Taken modulo the period, negative ones too.
        #expect(DashPattern(intervals: [4, 3], phase: 12)?.phase == 5)
        #expect(DashPattern(intervals: [4, 3], phase: -2)?.phase == 5)
    }

    @Test func fourIntervalsAlternateInTurn() throws {
        let line = [Point(0, 0), Point(30, 0)]
        let dashes = Dasher.dashes(of: line, pattern: try #require(DashPattern(intervals: [5, 1, 2, 2])))
        // 0–5, 6–8, 10–15, 16–18, 20–25, 26–28.
        #expect(dashes.map { $0.first!.x } == [0, 6, 10, 16, 20, 26])
        #expect(dashes.map(Self.length) == [5, 2, 5, 2, 5, 2])
    }

    @Test func zeroLengthDashesDrawNothingAndFinePatternsStop() throws {
        let line = [Point(0, 0), Point(10, 0)]
        #expect(Dasher.dashes(of: line, pattern: try #require(DashPattern(intervals: [0, 2]))).isEmpty)
        // A pattern far finer than the path: bounded, not a hang.
        let fine = Dasher.dashes(of: [Point(0, 0), Point(1_000_000, 0)], pattern: try #require(DashPattern(intervals: [1, 1])))
        #expect(fine.count <= Dasher.maximumDashes)
        // Repeated points and a one-point polyline.
        #expect(Dasher.dashes(of: [Point(0, 0), Point(0, 0), Point(4, 0)], pattern: try #require(DashPattern(intervals: [2, 2]))).count == 1)
        #expect(Dasher.dashes(of: [Point(1, 1)], pattern: try #require(DashPattern(intervals: [2, 2]))).isEmpty)
    }

    @Test func badPatternsAreRefused() {
        #expect(DashPattern(intervals: [4]) == nil, "one interval")
        #expect(DashPattern(intervals: [4, 3, 2]) == nil, "an odd count")
        #expect(DashPattern(intervals: [4, -1]) == nil)
        #expect(DashPattern(intervals: [0, 0]) == nil, "nothing long")
        #expect(DashPattern(intervals: [.infinity, 1]) == nil && DashPattern(intervals: [.nan, 1]) == nil)
        #expect(DashPattern(intervals: [4, 3], phase: .nan) == nil)
    }

    @Test func aDashedStrokePaintsOnlyTheDashes() throws {
        let canvas = Canvas(buffer: PixelBuffer(width: 40, height: 10))
        canvas.clear(Color(rgb: 0x000000))
        canvas.stroke(polyline: [Point(0, 5), Point(40, 5)], style: StrokeStyle(width: 4, cap: .butt),
                      dash: try #require(DashPattern(intervals: [10, 10])), color: Color(rgb: 0xFFFFFF))
        #expect(canvas.buffer.pixel(x: 5, y: 5).map { $0 & 0xFF_FFFF } == 0xFF_FFFF)
        #expect(canvas.buffer.pixel(x: 15, y: 5).map { $0 & 0xFF_FFFF } == 0)
        #expect(canvas.buffer.pixel(x: 25, y: 5).map { $0 & 0xFF_FFFF } == 0xFF_FFFF)
    }
}
