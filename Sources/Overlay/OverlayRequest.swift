import Raster

/// What an overlay element asks of the map: elements sit below the camera's layer, so they ask and the loop acts,
/// in the same turn as the input that caused it (feedback within one frame).
public enum OverlayRequest: Equatable, Sendable {
    /// Zoom the map by `factor` about a screen point (nil: the centre of the screen), animated by the zoom spring.
    case zoom(factor: Double, about: Point?)
    /// Animate the map back to its home view.
    case home
    /// Animate the map (spring, log-scale zoom) so that these stations (a route) fit into the screen less `insets`,
    /// the part an overlay (the journey card) leaves uncovered.
    case fitRoute(stationIDs: [String], insets: EdgeInsets)
}
