import MetroMap
import Physics
import Raster

/// The callout as an overlay element: pinned to the tapped station while the map moves, shown for
/// `shownMicroseconds`, hidden by the next finger that touches the screen. It never takes a touch: a pan that starts
/// on the card pans the map.
public final class StationCalloutElement: OverlayElement {
    public static let shownMicroseconds: Int64 = 8_000_000

    private let fonts: FontStack?
    private let bounds: IntRect
    private var shown: (info: StationInfo, untilMicroseconds: Int64)?
    /// The station whose callout went out in the last presented frame.
    private var presentedStationID: String?
    public private(set) var layout: StationCallout.Layout?

    /// `fonts` nil: the station is still selected (and recorded) but nothing can be drawn.
    public init(fonts: FontStack?, screen bounds: IntRect) {
        self.fonts = fonts
        self.bounds = bounds
    }

    /// The callout in one font (no fallback).
    public convenience init(font: Font?, screen bounds: IntRect) {
        self.init(fonts: font.map { FontStack(fonts: [$0]) }, screen: bounds)
    }

    /// The station whose callout is up, if any.
    public var stationID: String? { shown?.info.stationID }

    /// What the callout that is up says.
    public var info: StationInfo? { shown?.info }

    /// Shows `info` from now until `timeMicroseconds + shownMicroseconds`; nil hides the callout.
    public func show(_ info: StationInfo?, at timeMicroseconds: Int64) {
        shown = info.map { ($0, timeMicroseconds + Self.shownMicroseconds) }
    }

    public var frame: ScreenRect? { layout.map { ScreenRect($0.frame) } }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        if let shown, timeMicroseconds >= shown.untilMicroseconds { self.shown = nil }
        guard let shown, let fonts else {
            layout = nil
            return
        }
        layout = StationCallout.layout(shown.info, at: Point(map.screenPoint(of: shown.info.position)), in: bounds, fonts: fonts)
    }

    public var needsRedraw: Bool { stationID != presentedStationID }

    public var nextChangeMicroseconds: Int64? { shown?.untilMicroseconds }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        shown = nil
        return false
    }

    public func draw(on canvas: Canvas) {
        guard let shown, let layout, let fonts else { return }
        StationCallout.draw(shown.info, layout: layout, on: canvas, fonts: fonts)
    }

    public func didPresent() {
        presentedStationID = stationID
    }
}
