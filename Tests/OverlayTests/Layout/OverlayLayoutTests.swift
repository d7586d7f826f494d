import Physics
import Testing
@testable import Overlay

/// The layout pass: the controls move out of a card's way or fold, the inset takes a free corner, and the regions'
/// union becomes the camera's insets from the edge that costs the map least.
struct OverlayLayoutTests {
    let screen = ScreenRect(x: 0, y: 0, width: 1080, height: 1920)
    /// A column of five 68 px buttons in the bottom-right corner, 30 px from the edges.
    var column: [ScreenRect] {
        (0..<5).map { ScreenRect(x: 982, y: 1890 - 68 - Double(4 - $0) * 84, width: 68, height: 68) }
    }

    @Test func controlsClearOfNoSheetStayWhereTheConfigPutsThem() {
        #expect(OverlayLayout.controls(column, clearOf: nil, screen: screen, margin: 30) == column)
        let aside = ScreenRect(x: 0, y: 0, width: 500, height: 1920)
        #expect(OverlayLayout.controls(column, clearOf: aside, screen: screen, margin: 30) == column)
    }

    @Test func aBottomSheetPushesTheColumnAboveIt() throws {
        let sheet = ScreenRect(x: 0, y: 1920 - 422, width: 1080, height: 422)
        let moved = try #require(OverlayLayout.controls(column, clearOf: sheet, screen: screen, margin: 30))
        #expect(moved.allSatisfy { !OverlayLayout.overlaps($0, sheet) })
        #expect(moved.map(\.maxY).max() == sheet.minY - 30)
        #expect(zip(moved, column).allSatisfy { $0.minX == $1.minX && $0.width == $1.width })
    }

    @Test func aSheetOverTheWholeColumnFoldsIt() {
        let sheet = ScreenRect(x: 0, y: 150, width: 1080, height: 1770)
        #expect(OverlayLayout.controls(column, clearOf: sheet, screen: screen, margin: 30) == nil)
    }

    @Test func theFirstFreeCornerIsTaken() {
        let corners: [(corner: ControlCorner, rect: ScreenRect)] = [
            (.topLeft, ScreenRect(x: 30, y: 30, width: 200, height: 150)),
            (.topRight, ScreenRect(x: 850, y: 30, width: 200, height: 150)),
        ]
        #expect(OverlayLayout.freeCorner(corners, clearOf: []) == .topLeft)
        #expect(OverlayLayout.freeCorner(corners, clearOf: [ScreenRect(x: 0, y: 0, width: 400, height: 1920)]) == .topRight)
        #expect(OverlayLayout.freeCorner(corners, clearOf: [screen]) == nil)
    }

    @Test func eachRegionIsClearedFromItsCheapestEdge() {
        // A column at the right costs its width, a bottom sheet its height, a tall top-left inset its height (330 px across 1080 costs less than 230 across 1920).
        let sheet = ScreenRect(x: 0, y: 1500, width: 1080, height: 420)
        let inset = ScreenRect(x: 30, y: 30, width: 200, height: 300)
        let insets = OverlayLayout.insets(covering: column + [sheet, inset], screen: screen)
        #expect(insets == EdgeInsets(top: 330, left: 0, bottom: 420, right: 98))
        let free = OverlayLayout.freeRegion(screen, insets: insets)
        for region in column + [sheet, inset] { #expect(!OverlayLayout.overlaps(region, free)) }
    }
}

/// The strip across the top (a fixed band): a column at the top goes below it, keeping its gap from the edge, and a
/// sheet never pushes it back up under it.
struct OverlayLayoutBandTests {
    let screen = ScreenRect(x: 0, y: 0, width: 1280, height: 800)
    let band = ScreenRect(x: 0, y: 0, width: 1280, height: 34)
    /// Four 60 px buttons at the top right, 20 px from the edges.
    var column: [ScreenRect] { (0..<4).map { ScreenRect(x: 1200, y: 20 + Double($0) * 70, width: 60, height: 60) } }

    @Test func aColumnAtTheTopGoesBelowTheBand() throws {
        let moved = try #require(OverlayLayout.controls(column, clearOf: nil, below: band, screen: screen, margin: 20))
        #expect(moved.map(\.minY) == column.map { $0.minY + 34 })
        #expect(moved.allSatisfy { !OverlayLayout.overlaps($0, band) })
        // A column clear of the band stays.
        let low = column.map { ScreenRect(x: $0.minX, y: $0.minY + 400, width: $0.width, height: $0.height) }
        #expect(OverlayLayout.controls(low, clearOf: nil, below: band, screen: screen, margin: 20) == low)
    }

    @Test func aSheetBelowPushesTheColumnUpOnlyAsFarAsTheBand() throws {
        let low = column.map { ScreenRect(x: $0.minX, y: $0.minY + 440, width: $0.width, height: $0.height) }
        // A sheet from y 700: the column (460…730) moving up by 50 stays below the band.
        let sheet = ScreenRect(x: 0, y: 700, width: 1280, height: 100)
        let moved = try #require(OverlayLayout.controls(low, clearOf: sheet, below: band, screen: screen, margin: 20))
        #expect(moved.allSatisfy { !OverlayLayout.overlaps($0, band) && !OverlayLayout.overlaps($0, sheet) })
        // A sheet leaving less than the column's height between it and the band: folded, not under the band.
        let tall = ScreenRect(x: 0, y: 250, width: 1280, height: 550)
        #expect(OverlayLayout.controls(column, clearOf: tall, below: band, screen: ScreenRect(x: 0, y: 0, width: 1280, height: 800), margin: 20)?
            .allSatisfy { !OverlayLayout.overlaps($0, band) } ?? true)
        #expect(OverlayLayout.controls(low, clearOf: ScreenRect(x: 0, y: 200, width: 1280, height: 600), below: band, screen: screen, margin: 20) == nil)
    }
}
