import Physics

/// The one layout pass over the screen's fixed elements: each declares the region it occupies in its current state
/// (`OverlayElement.occupiedRegion`), and conflicts are settled here rather than by each element on its own. The
/// journey card is the anchor: it goes where the passenger drags it, so the control column moves out of its way
/// (above a bottom sheet, beside a side sheet) or folds away when no room is left, and the overview inset takes the
/// first corner that neither covers. The camera then fits everything it is asked to show into what remains
/// (`insets(covering:screen:)`).
public enum OverlayLayout {
    /// Whether two regions share any area (touching edges do not).
    public static func overlaps(_ a: ScreenRect, _ b: ScreenRect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// The smallest rectangle holding every one of `rects`; nil for none.
    public static func union(_ rects: [ScreenRect]) -> ScreenRect? {
        guard let first = rects.first else { return nil }
        return rects.dropFirst().reduce(first) {
            ScreenRect(minX: min($0.minX, $1.minX), minY: min($0.minY, $1.minY), maxX: max($0.maxX, $1.maxX), maxY: max($0.maxY, $1.maxY))
        }
    }

    /// The control column at `home` (its buttons' rectangles where the config puts them) moved out of `sheet`: by the
    /// shortest shift (up, down, left or right) that clears the sheet by `margin` and keeps every button on `screen`.
    /// `band`: a full-width region at the top that stays whatever the card does (the live-service strip): a column
    /// reaching into it first moves down below it, keeping the gap it kept from the screen's edge, and no shift
    /// away from the sheet takes it back up there.
    /// nil: no such shift exists, and the column folds away while the sheet is there (a card raised to `full`).
    public static func controls(_ home: [ScreenRect], clearOf sheet: ScreenRect?, below band: ScreenRect? = nil,
                                screen: ScreenRect, margin: Double) -> [ScreenRect]? {
        var home = home
        var area = screen
        if let band, let column = union(home) {
            area = ScreenRect(minX: screen.minX, minY: min(max(screen.minY, band.maxY), screen.maxY), maxX: screen.maxX, maxY: screen.maxY)
            if overlaps(column, band) {
                // Down by the band's depth; when that runs off the bottom, just clear of the band by the margin.
                let candidates = [band.maxY - screen.minY, band.maxY + margin - column.minY]
                guard let dy = candidates.first(where: { column.maxY + $0 <= screen.maxY }) else { return nil }
                home = home.map { ScreenRect(x: $0.minX, y: $0.minY + dy, width: $0.width, height: $0.height) }
            }
        }
        guard let sheet, let column = union(home), overlaps(column, sheet) else { return home }
        let shifts: [(dx: Double, dy: Double)] = [
            (0, sheet.minY - margin - column.maxY), (0, sheet.maxY + margin - column.minY),
            (sheet.minX - margin - column.maxX, 0), (sheet.maxX + margin - column.minX, 0),
        ]
        let fitting = shifts.filter { shift in
            column.minX + shift.dx >= area.minX && column.maxX + shift.dx <= area.maxX
                && column.minY + shift.dy >= area.minY && column.maxY + shift.dy <= area.maxY
        }
        guard let best = fitting.min(by: { abs($0.dx) + abs($0.dy) < abs($1.dx) + abs($1.dy) }) else { return nil }
        return home.map { ScreenRect(x: $0.minX + best.dx, y: $0.minY + best.dy, width: $0.width, height: $0.height) }
    }

    /// The first of `corners` (in the order given: the preferred one first) whose rectangle meets none of
    /// `occupied`; nil when every corner is taken.
    public static func freeCorner<Corner>(_ corners: [(corner: Corner, rect: ScreenRect)], clearOf occupied: [ScreenRect]) -> Corner? {
        corners.first { candidate in !occupied.contains { overlaps($0, candidate.rect) } }?.corner
    }

    /// The union of `regions` as edge insets: each region is cleared from the screen edge that costs the map the
    /// least area (a control column at the right costs its width across the screen's height; the same column
    /// cleared from the bottom would cost its height across the whole width), and each edge keeps the deepest
    /// region cleared from it. Whatever the camera puts inside the rectangle left over is under no region.
    public static func insets(covering regions: [ScreenRect], screen: ScreenRect) -> EdgeInsets {
        var insets = EdgeInsets()
        for region in regions {
            let left = max(region.maxX - screen.minX, 0), right = max(screen.maxX - region.minX, 0)
            let top = max(region.maxY - screen.minY, 0), bottom = max(screen.maxY - region.minY, 0)
            let costs = [(left * screen.height, 0), (right * screen.height, 1), (top * screen.width, 2), (bottom * screen.width, 3)]
            guard let cheapest = costs.min(by: { $0.0 < $1.0 }) else { continue }
            switch cheapest.1 {
            case 0: insets.left = max(insets.left, left)
            case 1: insets.right = max(insets.right, right)
            case 2: insets.top = max(insets.top, top)
            default: insets.bottom = max(insets.bottom, bottom)
            }
        }
        return insets
    }

    /// The part of `screen` left by `insets`: where the camera puts what it fits.
    public static func freeRegion(_ screen: ScreenRect, insets: EdgeInsets) -> ScreenRect {
        ScreenRect(minX: screen.minX + insets.left, minY: screen.minY + insets.top,
                   maxX: max(screen.maxX - insets.right, screen.minX + insets.left),
                   maxY: max(screen.maxY - insets.bottom, screen.minY + insets.top))
    }
}
