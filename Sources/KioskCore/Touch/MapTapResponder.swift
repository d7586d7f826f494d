import MetroMap
import Physics

/// A single tap on the map, once the double tap could no longer come: where it landed and what is under it.
public struct MapTap: Sendable, Equatable {
    /// Where the finger was lifted, output pixels.
    public var location: ScreenPoint
    /// The same point on the scheme, as the map is drawn (the picture's shift included).
    public var scheme: SchemePoint
    /// Output pixels per scheme unit of the map as drawn.
    public var scale: Double
    /// The station within a fingertip's reach (`KioskLoop.tapReachPixels`), if any.
    public var stationID: String?
    public var timeMicroseconds: Int64
}

/// Something that reacts to taps on the map (a station's callout, the journey card, a line's badge): offered each
/// tap in turn, topmost first; the first to take it ends the offer. Registered with
/// `KioskLoop.addMapTapResponder(_:)`, with no change to the loop.
public protocol MapTapResponder: AnyObject {
    /// True takes the tap: nothing below it hears of it.
    func mapTapped(_ tap: MapTap) -> Bool
}
