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
