import Physics
import Raster

/// The search sheet as one element: a panel holding the field, the keyboard and the result list (its children,
/// drawn over it and offered each touch before it), and the close button in the field's row. The panel takes every
/// touch that lands on it, so nothing typed or scrolled reaches the map beneath. Each turn it asks `find` for the
/// rows of what the keyboard has typed, so a key's letter and its results appear in the frame after its lift.
/// With the field empty it lists the lines instead (`browse`), the alternative to typing for a traveller who knows
/// the line but not the spelling: a tap on a line lists its stations in order, its first row leading back.
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
    private var browse: (String?) -> [SearchResultsElement.Row] = { _ in [] }
    private var noMatch: (String) -> String? = { _ in nil }
    /// The line whose stations the empty field lists; nil: the list of lines.
    public private(set) var browsedLine: String?
    /// What the list was last filled for; nil: not yet since the sheet opened.
    private var listed: Listing?

    /// What the list shows: the results of a typed text, or (field empty) the lines or one line's stations.
    private enum Listing: Equatable {
        case results(String)
        case browsing(line: String?)
    }
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

    /// Opens the sheet laid out as `layout`, empty; `find` gives the rows for a typed text, best first; `browse` the
    /// rows of the lines (nil) or of one line's stations, its first row the way back; `noMatch` what the list
    /// says when a typed text finds nothing.
    public func open(_ layout: SearchSheetLayout, find: @escaping (String) -> [SearchResultsElement.Row],
                     browse: @escaping (String?) -> [SearchResultsElement.Row] = { _ in [] },
                     noMatch: @escaping (String) -> String? = { _ in nil }) {
        self.layout = layout
        self.find = find
        self.browse = browse
        self.noMatch = noMatch
        browsedLine = nil
        keyboard.clear()
        keyboard.layout = layout.keyboard
        field.rect = layout.field
        field.isRightToLeft = layout.keyboard.script.isRightToLeft
        results.isRightToLeft = layout.keyboard.script.isRightToLeft
        field.text = ""
        listed = nil
        results.hide()
        endClosePress()
        changed = true
    }

    /// Lays the open sheet out again for another keyboard (the traveller switched the language), keeping what was
    /// typed so far and what the list shows; `find`, `browse` and `noMatch` are those of the new language.
    public func relayout(_ layout: SearchSheetLayout, find: @escaping (String) -> [SearchResultsElement.Row],
                         browse: @escaping (String?) -> [SearchResultsElement.Row], noMatch: @escaping (String) -> String?) {
        guard self.layout != nil else { return }
        self.layout = layout
        self.find = find
        self.browse = browse
        self.noMatch = noMatch
        keyboard.layout = layout.keyboard
        field.rect = layout.field
        field.isRightToLeft = layout.keyboard.script.isRightToLeft
        results.isRightToLeft = layout.keyboard.script.isRightToLeft
        // The names (and the hint) are the new language's: list again.
        listed = nil
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
        listed = nil
        browsedLine = nil
        results.hide()
        _ = results.takeChosen()
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
        guard layout != nil else { return }
        list()
    }

    /// Lists what the field holds now rather than at the next frame: the keypad reads the rows (and the hint said
    /// when there are none) as they will be shown.
    public func refreshList() { list() }

    /// Fills the list for what the field holds, when that changed since it was last filled.
    private func list() {
        guard let layout else { return }
        let text = keyboard.text
        // Typing leaves the line browsed: an emptied field goes back to the lines.
        if !text.isEmpty { browsedLine = nil }
        let listing: Listing = text.isEmpty ? .browsing(line: browsedLine) : .results(text)
        guard listing != listed else { return }
        listed = listing
        field.text = text
        guard let list = layout.results else { return }
        let rows = text.isEmpty ? browse(browsedLine) : find(text)
        results.emptyText = text.isEmpty ? nil : noMatch(text)
        results.show(rows, in: list, rowHeight: layout.rowHeight)
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

    /// The close button's request, or the station of a result row just tapped. A line row tapped lists that
    /// line's stations (or the lines again) at once, in the frame after the tap.
    public func takeRequests() -> [OverlayRequest] {
        defer { pending = [] }
        if let chosen = results.takeChosen(), let id = choose(chosen) { return pending + [.showStation(id: id)] }
        return pending
    }

    /// What a tap on a row does, also what the keypad's 5 on a focused row does: a line row lists that line's
    /// stations (or the lines again) at once; a station row is returned for the caller to open.
    public func choose(_ target: SearchResultsElement.Row.Target) -> String? {
        switch target {
        case .station(let id): return id
        case .line(let id):
            browsedLine = id
            list()
        case .lines:
            browsedLine = nil
            list()
        }
        return nil
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
