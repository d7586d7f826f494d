import Physics
import Raster

/// One round button of the control column. As on iOS, a press acts when the finger lifts on the button: the pressed
/// look follows the finger (off when it slides off, on again when it comes back) and a press lifted elsewhere does
/// nothing. The zoom buttons repeat while held, so a passenger who cannot pinch can zoom as far as they like.
public final class ControlButton: OverlayElement {
    public let kind: ControlKind
    public var rect: ScreenRect { didSet { if rect != oldValue { changed = true } } }
    public var palette: ControlPalette { didSet { if palette != oldValue { changed = true } } }
    /// A toggle that is on (accessible mode): drawn inverted.
    public var isActive = false { didSet { if isActive != oldValue { changed = true } } }
    /// Text drawn on the button (the language button's current language); nil draws its icon.
    public var caption: String? { didSet { if caption != oldValue { changed = true } } }
    public private(set) var isPressed = false { didSet { if isPressed != oldValue { changed = true } } }

    /// How long a zoom button must be held before it repeats, and how often it then steps.
    public static let holdDelayMicroseconds: Int64 = 400_000
    public static let repeatIntervalMicroseconds: Int64 = 200_000
    /// One press zooms ×2 (as a double tap does); a held button steps by ×1.25 per repeat, about 3× a second.
    public static let pressFactor = 2.0
    public static let repeatFactor = 1.25

    private let fonts: FontStack?
    private var pressedAt: Int64?
    private var nextRepeat: Int64?
    private var repeated = false
    private var pending: [OverlayRequest] = []
    private var changed = true

    public init(kind: ControlKind, rect: ScreenRect, palette: ControlPalette = .standard, fonts: FontStack?) {
        self.kind = kind
        self.rect = rect
        self.palette = palette
        self.fonts = fonts
    }

    /// Folded away by the layout (a card raised over the whole column): neither drawn nor touched.
    public var isFolded = false {
        didSet {
            guard isFolded != oldValue else { return }
            changed = true
            if isFolded { endPress() }
        }
    }

    public var frame: ScreenRect? { isFolded ? nil : rect }
    public var occupiedRegion: ScreenRect? { frame }
    public var needsRedraw: Bool { changed }
    public var nextChangeMicroseconds: Int64? { isPressed ? nextRepeat : nil }

    private var repeats: Bool { kind == .zoomIn || kind == .zoomOut }
    private var factor: Double { kind == .zoomIn ? Self.pressFactor : 1 / Self.pressFactor }
    private var repeatFactor: Double { kind == .zoomIn ? Self.repeatFactor : 1 / Self.repeatFactor }

    /// A round button: the corners of its square frame are not the button.
    public func contains(_ point: ScreenPoint) -> Bool {
        guard !isFolded else { return false }
        let r = rect.width / 2, dx = point.x - (rect.minX + r), dy = point.y - (rect.minY + r)
        return dx * dx + dy * dy <= r * r
    }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        // Held: step at each repeat time reached (a late frame steps once, then goes on from the next due time).
        guard isPressed, let due = nextRepeat, timeMicroseconds >= due else { return }
        pending.append(.zoomContinuing(factor: repeatFactor, about: nil))
        repeated = true
        var next = due + Self.repeatIntervalMicroseconds
        while next <= timeMicroseconds { next += Self.repeatIntervalMicroseconds }
        nextRepeat = next
    }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        guard contains(point) else { return false }
        isPressed = true
        pressedAt = timeMicroseconds
        repeated = false
        nextRepeat = repeats ? timeMicroseconds + Self.holdDelayMicroseconds : nil
        return true
    }

    public func touchMoved(to point: ScreenPoint, timeMicroseconds: Int64) {
        guard pressedAt != nil else { return }
        isPressed = contains(point)
        // Sliding off stops a held zoom; coming back starts the hold again.
        if repeats { nextRepeat = isPressed ? (nextRepeat ?? timeMicroseconds + Self.holdDelayMicroseconds) : nil }
    }

    public func touchUp(at point: ScreenPoint, timeMicroseconds: Int64) {
        defer { endPress() }
        guard pressedAt != nil, contains(point) else { return }
        switch kind {
        case .zoomIn, .zoomOut: if !repeated { pending.append(.zoom(factor: factor, about: nil)) }
        case .home: pending.append(.home)
        case .language: pending.append(.nextLanguage)
        case .accessible: pending.append(.toggleAccessible)
        case .search: pending.append(.openSearch)
        }
    }

    public func touchCancelled(timeMicroseconds: Int64) { endPress() }

    private func endPress() {
        isPressed = false
        pressedAt = nil
        nextRepeat = nil
    }

    public func takeRequests() -> [OverlayRequest] {
        defer { pending = [] }
        return pending
    }

    public func draw(on canvas: Canvas) {
        let rect = Rect(rect), r = rect.width / 2, centre = Point(rect.minX + r, rect.minY + r)
        let fill = isPressed ? palette.pressedFill : isActive ? palette.activeFill : palette.fill
        let ink = isActive && !isPressed ? palette.activeGlyph : palette.glyph
        canvas.fillCircle(center: centre, radius: r, color: fill)
        canvas.strokeCircle(center: centre, radius: r - max(1, r / 24), width: max(2, r / 12), color: palette.border)
        let arm = r * 0.5, bar = max(2, r * 0.14)
        switch kind {
        case .zoomIn:
            canvas.fillRect(Rect(minX: centre.x - arm, minY: centre.y - bar / 2, maxX: centre.x + arm, maxY: centre.y + bar / 2), color: ink)
            canvas.fillRect(Rect(minX: centre.x - bar / 2, minY: centre.y - arm, maxX: centre.x + bar / 2, maxY: centre.y + arm), color: ink)
        case .zoomOut:
            canvas.fillRect(Rect(minX: centre.x - arm, minY: centre.y - bar / 2, maxX: centre.x + arm, maxY: centre.y + bar / 2), color: ink)
        case .home:
            var roof = PathBuilder()
            roof.addPolygon([Point(centre.x, centre.y - arm), Point(centre.x + arm, centre.y),
                             Point(centre.x - arm, centre.y)])
            canvas.fill(roof.build(), color: ink)
            canvas.fillRect(Rect(minX: centre.x - arm * 0.65, minY: centre.y - 1, maxX: centre.x + arm * 0.65, maxY: centre.y + arm * 0.8),
                            color: ink)
            canvas.fillRect(Rect(minX: centre.x - arm * 0.2, minY: centre.y + arm * 0.25, maxX: centre.x + arm * 0.2, maxY: centre.y + arm * 0.8),
                            color: fill)
        case .search:
            // A magnifying glass: a ring, its handle towards the lower right.
            let lens = arm * 0.62, lensCentre = Point(centre.x - arm * 0.22, centre.y - arm * 0.22)
            canvas.strokeCircle(center: lensCentre, radius: lens, width: bar, color: ink)
            let along = Float(0.7071), start = lens + bar * 0.3, end = arm * 1.15
            let (ux, uy) = (along, along), (nx, ny) = (-along * bar / 2, along * bar / 2)
            var handle = PathBuilder()
            handle.addPolygon([Point(lensCentre.x + ux * start + nx, lensCentre.y + uy * start + ny),
                               Point(lensCentre.x + ux * end + nx, lensCentre.y + uy * end + ny),
                               Point(lensCentre.x + ux * end - nx, lensCentre.y + uy * end - ny),
                               Point(lensCentre.x + ux * start - nx, lensCentre.y + uy * start - ny)])
            canvas.fill(handle.build(), color: ink)
        case .language, .accessible:
            let text = caption ?? (kind == .accessible ? "Aa" : "")
            guard let fonts, !text.isEmpty else { return }
            let size = r * (kind == .accessible ? 0.9 : 0.75)
            let line = fonts.shape(text, sizePixels: size)
            let metrics = fonts.metrics(sizePixels: size)
            let width = fonts.measure(text, sizePixels: size)
            canvas.draw(line, at: Point(centre.x - width / 2, centre.y + (metrics.ascent - metrics.descent) / 2), color: ink)
        }
    }

    public func didPresent() { changed = false }
}
