import Physics
import Raster
import StationSearch

/// The search sheet's on-screen keyboard, drawn by our rasterizer: a key shows pressed while the finger is on it
/// and types when the finger lifts on it (as the control buttons act, so a finger sliding across keys types nothing
/// it did not mean). What it typed is `keys`, one scalar a key; `text` is those keys as the search field shows them,
/// Hangul jamo composed into syllables.
public final class SearchKeyboardElement: OverlayElement {
    public var layout: SearchKeyboardLayout? {
        didSet { if layout != oldValue { pressed = nil; focused = nil; changed = true } }
    }
    public var palette: ControlPalette { didSet { if palette != oldValue { changed = true } } }
    public private(set) var keys = "" { didSet { if keys != oldValue { changed = true } } }
    /// The key under the finger that came down on it, while the finger stays on it.
    public private(set) var pressed: SearchKeyboardLayout.PlacedKey? { didSet { if pressed != oldValue { changed = true } } }
    /// The key the keypad's focus is on (audio mode), drawn as a pressed key is, so who sees a little sees where it is.
    public var focused: SearchKeyboardLayout.PlacedKey? { didSet { if focused != oldValue { changed = true } } }

    private let fonts: FontStack?
    private var down: SearchKeyboardLayout.PlacedKey?
    private var changed = true

    public init(layout: SearchKeyboardLayout?, palette: ControlPalette = .standard, fonts: FontStack?) {
        self.layout = layout
        self.palette = palette
        self.fonts = fonts
    }

    /// What the search field shows and the search is asked.
    public var text: String { HangulComposer.compose(keys) }

    /// Empties the field (the idle return, a new search).
    public func clear() {
        keys = ""
        pressed = nil
        focused = nil
        down = nil
    }

    /// What a key does to the text, whether a finger lifted on it or the keypad typed it.
    public func type(_ key: KeyboardKey) {
        switch key {
        case .character(let letter): keys += letter
        case .space: if !keys.isEmpty, !keys.hasSuffix(" ") { keys += " " }
        case .backspace: if !keys.isEmpty { keys.unicodeScalars.removeLast() }
        }
    }

    public var frame: ScreenRect? { layout?.frame }
    public var occupiedRegion: ScreenRect? { frame }
    public var needsRedraw: Bool { changed }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {}

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        guard let layout, layout.frame.contains(point) else { return false }
        // A touch between keys or beside a short row is the keyboard's: it must not reach the map beneath.
        down = layout.key(at: point)
        pressed = down
        return true
    }

    public func touchMoved(to point: ScreenPoint, timeMicroseconds: Int64) {
        guard let down else { return }
        pressed = down.cell.contains(point) ? down : nil
    }

    public func touchUp(at point: ScreenPoint, timeMicroseconds: Int64) {
        defer { pressed = nil; down = nil }
        guard let down, down.cell.contains(point) else { return }
        type(down.key)
    }

    public func touchCancelled(timeMicroseconds: Int64) {
        pressed = nil
        down = nil
    }

    public func draw(on canvas: Canvas) {
        guard let layout else { return }
        canvas.fillRect(Rect(layout.frame), color: palette.border)
        for placed in layout.keys {
            let face = Rect(placed.face)
            canvas.fillRect(face, color: placed == pressed || placed == focused ? palette.pressedFill : palette.fill)
            let centre = Point(face.minX + face.width / 2, face.minY + face.height / 2)
            let unit = min(face.width, face.height)
            switch placed.key {
            case .character(let letter):
                guard let fonts else { continue }
                let size = unit * 0.5
                let width = fonts.measure(letter, sizePixels: size)
                let metrics = fonts.metrics(sizePixels: size)
                canvas.draw(fonts.shape(letter, sizePixels: size),
                            at: Point(centre.x - width / 2, centre.y + (metrics.ascent - metrics.descent) / 2), color: palette.glyph)
            case .space:
                // A bar, as keyboards mark the space key, so it needs no glyph from the fonts.
                canvas.fillRect(Rect(minX: centre.x - face.width * 0.3, minY: centre.y + unit * 0.12,
                                     maxX: centre.x + face.width * 0.3, maxY: centre.y + unit * 0.18), color: palette.glyph)
            case .backspace:
                drawErase(centre: centre, unit: unit, towardsRight: layout.script.isRightToLeft,
                          ground: placed == pressed || placed == focused ? palette.pressedFill : palette.fill, on: canvas)
            }
        }
    }

    /// The erase glyph (⌫): a key cap pointed at the end a backspace deletes from, a ✕ cut into it in the key's
    /// ground. Text read right to left ends at its left and is deleted from there towards the right, so for those
    /// scripts the glyph is mirrored (⌦'s shape), as the Hebrew and Arabic keyboards of iOS and Android draw it.
    private func drawErase(centre: Point, unit: Float, towardsRight: Bool, ground: Color, on canvas: Canvas) {
        let halfWidth = unit * 0.32, halfHeight = unit * 0.2
        // Laid out pointing left, then mirrored about the key's centre when the deletion runs rightwards.
        func at(_ x: Float, _ y: Float) -> Point { Point(towardsRight ? 2 * centre.x - x : x, y) }
        let tip = centre.x - halfWidth, shoulder = tip + halfHeight, back = centre.x + halfWidth
        var cap = PathBuilder()
        cap.addPolygon([at(tip, centre.y), at(shoulder, centre.y - halfHeight), at(back, centre.y - halfHeight),
                        at(back, centre.y + halfHeight), at(shoulder, centre.y + halfHeight)])
        canvas.fill(cap.build(), color: palette.glyph)
        let crossX = (shoulder + back) / 2, arm = halfHeight * 0.5, half = max(1, unit * 0.03)
        for sign in [Float(1), -1] {
            let (ux, uy) = (Float(0.7071), Float(0.7071) * sign), (nx, ny) = (-uy * half, ux * half)
            var bar = PathBuilder()
            bar.addPolygon([at(crossX - ux * arm + nx, centre.y - uy * arm + ny), at(crossX + ux * arm + nx, centre.y + uy * arm + ny),
                            at(crossX + ux * arm - nx, centre.y + uy * arm - ny), at(crossX - ux * arm - nx, centre.y - uy * arm - ny)])
            canvas.fill(bar.build(), color: ground)
        }
    }

    public func didPresent() { changed = false }
}
