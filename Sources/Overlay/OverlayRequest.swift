import MetroMap
import Physics

/// What an overlay element asks of the map: elements sit below the camera's layer, so they ask and the loop acts,
/// in the same turn as the input that caused it (feedback within one frame).
public enum OverlayRequest: Equatable, Sendable {
    /// Zoom the map by `factor` about a screen point (nil: the centre of the screen), animated by the zoom spring.
    case zoom(factor: Double, about: ScreenPoint?)
    /// A step of a held zoom button: like `zoom`, but the zoom already running carries its speed into this one, so
    /// steps follow each other without the map stopping between them.
    case zoomContinuing(factor: Double, about: ScreenPoint?)
    /// Animate the map back to its home view.
    case home
    /// Animate the map (camera spring, scale kept) to show `centre` in the middle of the screen: a tap on the inset.
    case jump(to: SchemePoint)
    /// Move the view by `delta` scheme units at once, no animation (the finger drags it): the inset's outline.
    case pan(by: SchemePoint)
    /// Label the map in the next of `[map] languages`.
    case nextLanguage
    /// Turn accessible mode (larger labels, thicker lines, high contrast, no double-tap timing) on or off.
    case toggleAccessible
    /// Animate the map (spring, log-scale zoom) so that these stations (a route) fit into the screen less `insets`,
    /// the part an overlay (the journey card) leaves uncovered.
    case fitRoute(stationIDs: [String], insets: EdgeInsets)
    /// Open the station search sheet (the search button).
    case openSearch
    /// Close the search sheet without choosing (its close button).
    case closeSearch
    /// A station was chosen in the search results: close the sheet and show it as a tap on it on the map does.
    case showStation(id: String)
    /// Open the search sheet listing the stations of line `id` in order (a tap on the line's legend entry).
    case browseLine(id: String)
}
