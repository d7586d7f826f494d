import MetroMap
import Overlay
import Physics
import Raster

/// The journey overlay of a kiosk that knows where it stands (`[map] you_are_here`): the card a tapped station
/// raises with the quickest route from here, that route on the map, and the feedback a finger gets on the map.
/// The loop tells it what the fingers did on the map; it tells the overlay elements what to show.
final class KioskJourney {
    let card: JourneyCardElement
    let route: RouteHighlightElement
    let feedback: TouchFeedbackElement
    private let map: MetroMap
    private let graph: StationGraph
    private let origin: String

    init(map: MetroMap, origin: String, settings: CardSettings, fonts: FontStack?, screen: IntRect) {
        self.map = map
        self.origin = origin
        graph = StationGraph(map: map)
        card = JourneyCardElement(settings: settings, fonts: fonts, screen: screen)
        route = RouteHighlightElement(screen: screen)
        feedback = TouchFeedbackElement(screen: screen)
    }

    /// In drawing order: the route under the finger's feedback, the card on top.
    var elements: [any OverlayElement] { [route, feedback, card] }

    private func placed(_ id: String?) -> (id: String, position: SchemePoint)? {
        guard let id, let position = map.station(id: id)?.position else { return nil }
        return (id, position)
    }

    /// A finger came down on the map over `stationID` (nil: none within reach).
    func fingerDown(over stationID: String?) { feedback.press(placed(stationID)) }

    /// Every finger is up.
    func fingersLifted() { feedback.release() }

    /// A tap on the map: on a station, its card (and route) named and worded in `language`; elsewhere the card goes
    /// and the nearest station pulses.
    func tapped(stationID: String?, nearest: String?, language: String?, at time: Int64) {
        guard let stationID else {
            card.dismiss(at: time)
            route.show(nil, on: map)
            if let nearest = placed(nearest) { feedback.pulse(nearest, at: time) }
            return
        }
        guard let content = JourneyCardContent(map: map, destination: stationID, origin: origin, graph: graph,
                                               language: language) else { return }
        card.show(content, at: time)
        route.show(content.routeStationIDs, on: map)
        if content.routeStationIDs.count > 1 { coveredScreen = true }
    }

    /// Whether the map was asked to keep clear of the card (it fitted a route beside it).
    private var coveredScreen = false

    /// Keeps the route on the map only while the card that describes it is up. Returns true when the card that the
    /// map kept clear of has just gone: the map may take the whole screen again.
    func advance() -> Bool {
        guard card.stationID == nil else { return false }
        if !route.stationIDs.isEmpty { route.show(nil, on: map) }
        defer { coveredScreen = false }
        return coveredScreen
    }

    /// The scheme rectangle around `stationIDs`, for the camera to fit.
    func bounds(of stationIDs: [String]) -> (minimum: SchemePoint, maximum: SchemePoint)? {
        let points = stationIDs.compactMap { map.station(id: $0)?.position }
        guard let first = points.first else { return nil }
        var minimum = first, maximum = first
        for point in points {
            minimum = SchemePoint(x: min(minimum.x, point.x), y: min(minimum.y, point.y))
            maximum = SchemePoint(x: max(maximum.x, point.x), y: max(maximum.y, point.y))
        }
        return (minimum, maximum)
    }
}
