import Physics
import Raster

/// The search sheet as one element: a panel holding the field, the keyboard and the result list (its children,
/// drawn over it and offered each touch before it), and the close button in the field's row. The panel takes every
/// touch that lands on it, so nothing typed or scrolled reaches the map beneath. Each turn it asks `find` for the
/// rows of what the keyboard has typed, so a key's letter and its results appear in the frame after its lift.
public final class SearchSheetElement: OverlayElement {
    public let field: SearchFieldElement
    public let keyboard: SearchKeyboardElement
    public let results: SearchResultsElement
    /// Where the parts are; nil while the sheet is closed.
    public private(set) var layout: SearchSheetLayout?
    public var palette: ControlPalette {
        didSet {
            guard palette != oldValue else { return }
            field.palette = palette
            keyboard.palette = palette
            results.palette = palette
            changed = true
        }
    }
    /// Whether a finger is on the close button (drawn pressed, as the keys are).
    public private(set) var isClosePressed = false { didSet { if isClosePressed != oldValue { changed = true } } }

    private var find: (String) -> [SearchResultsElement.Row] = { _ in [] }
    /// The text the list was last filled for; nil: not yet since the sheet opened.
    private var listedQuery: String?
    private var closeDown = false
    private var pending: [OverlayRequest] = []
    private var changed = true

    public init(rate: DecelerationRate, palette: ControlPalette = .standard, fonts: FontStack?) {
        self.palette = palette
        field = SearchFieldElement(palette: palette, fonts: fonts)
        keyboard = SearchKeyboardElement(layout: nil, palette: palette, fonts: fonts)
        results = SearchResultsElement(rate: rate, palette: palette, fonts: fonts)
    }

    public var isOpen: Bool { layout != nil }

    /// Opens the sheet laid out as `layout`, empty; `find` gives the rows for a typed text, best first.
    public func open(_ layout: SearchSheetLayout, find: @escaping (String) -> [SearchResultsElement.Row]) {
        self.layout = layout
        self.find = find
        keyboard.clear()
        keyboard.layout = layout.keyboard
        field.rect = layout.field
        field.isRightToLeft = layout.keyboard.script.isRightToLeft
        results.isRightToLeft = layout.keyboard.script.isRightToLeft
        field.text = ""
        listedQuery = nil
        results.hide()
        endClosePress()
        changed = true
    }

    /// Closes the sheet and forgets what was typed (a choice, the close button, the idle return).
    public func close() {
        guard layout != nil else { return }
        layout = nil
        keyboard.clear()
        keyboard.layout = nil
        field.rect = nil
        field.text = ""
        listedQuery = nil
        results.hide()
        _ = results.takeChosenStation()
        endClosePress()
        changed = true
    }

    /// The typed text the list shows the results of.
    public var query: String { keyboard.text }

    public var children: [any OverlayElement] { layout == nil ? [] : [results, field, keyboard] }

    /// The panel: the parts and the margin around them.
    public var frame: ScreenRect? {
        guard let layout else { return nil }
        let region = layout.occupiedRegion, margin = layout.marginPixels
        return ScreenRect(minX: region.minX - margin, minY: region.minY - margin, maxX: region.maxX + margin, maxY: region.maxY + margin)
    }

    public var occupiedRegion: ScreenRect? { frame }
    public var needsRedraw: Bool { changed }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        guard let layout else { return }
        let text = keyboard.text
        guard text != listedQuery else { return }
        listedQuery = text
        field.text = text
        if let list = layout.results { results.show(find(text), in: list, rowHeight: layout.rowHeight) }
    }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        guard let layout, let frame, frame.contains(point) else { return false }
        closeDown = layout.close.contains(point)
        isClosePressed = closeDown
        return true
    }

    public func touchMoved(to point: ScreenPoint, timeMicroseconds: Int64) {
        guard closeDown, let layout else { return }
        isClosePressed = layout.close.contains(point)
    }

    public func touchUp(at point: ScreenPoint, timeMicroseconds: Int64) {
        defer { endClosePress() }
        guard closeDown, let layout, layout.close.contains(point) else { return }
        pending.append(.closeSearch)
    }

    public func touchCancelled(timeMicroseconds: Int64) { endClosePress() }

    private func endClosePress() {
        closeDown = false
        isClosePressed = false
    }

    /// The close button's request, or the station of a result row just tapped.
    public func takeRequests() -> [OverlayRequest] {
        defer { pending = [] }
        if let station = results.takeChosenStation() { return pending + [.showStation(id: station)] }
        return pending
    }

    public func draw(on canvas: Canvas) {
        guard let layout, let frame else { return }
        canvas.fillRect(Rect(frame), color: palette.border)
        let close = Rect(layout.close)
        canvas.fillRect(close, color: isClosePressed ? palette.pressedFill : palette.fill)
        // A cross of two bars.
        let centre = Point(close.minX + close.width / 2, close.minY + close.height / 2)
        let arm = close.width * 0.28, half = max(1.5, close.width * 0.05)
        for sign in [Float(1), -1] {
            let (ux, uy) = (Float(0.7071), Float(0.7071) * sign), (nx, ny) = (-uy * half, ux * half)
            var bar = PathBuilder()
            bar.addPolygon([Point(centre.x - ux * arm + nx, centre.y - uy * arm + ny), Point(centre.x + ux * arm + nx, centre.y + uy * arm + ny),
                            Point(centre.x + ux * arm - nx, centre.y + uy * arm - ny), Point(centre.x - ux * arm - nx, centre.y - uy * arm - ny)])
            canvas.fill(bar.build(), color: palette.glyph)
        }
    }

    public func didPresent() { changed = false }
}
