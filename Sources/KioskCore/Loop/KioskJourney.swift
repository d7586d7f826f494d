import Cartography
import Foundation
import LiveTimetable
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
    let map: MetroMap
    private let graph: StationGraph
    /// Where the kiosk stands: every platform of it a journey may start from.
    let place: YouAreHerePlace
    /// The real timetable (`[network]`): with it the card gives times and departures; without, the scheme's minutes.
    var timetable: KioskTimetable?
    /// The wall clock the timetable is read at (the kiosk's; a snapshot's `--at`).
    var wallClock: () -> Date = { Date() }
    /// The live service at a wall-clock moment in a language (`KioskLive`); nil: the timetable alone.
    var live: ((Date, String?) -> LiveService?)?
    /// Whether journeys must be step-free now (`[access] step_free`, or accessible mode on).
    var stepFree: () -> Bool = { false }
    /// The map as drawn (the loop's, set whenever it is rebuilt): the route's rides follow its lines' paths; nil,
    /// straight hops station to station. The card shows its lines in the colours the map draws them in (accessible
    /// mode recolours them).
    var drawing: MapDrawing? {
        didSet {
            let drawn = drawing?.lineColorsByID ?? [:]
            card.lineColors = Dictionary(map.lines.compactMap { line in
                drawn[line.id].map { (Color(red: line.color.red, green: line.color.green, blue: line.color.blue), $0) }
            }, uniquingKeysWith: { first, _ in first })
        }
    }
    /// The language the shown card is worded in, and the wall-clock second it was last worded for.
    private var shownLanguage: String?
    private var wordedSecond: Int64?

    init(map: MetroMap, place: YouAreHerePlace, settings: CardSettings, fonts: FontStack?, screen: IntRect) {
        self.map = map
        self.place = place
        graph = StationGraph(map: map)
        card = JourneyCardElement(settings: settings, fonts: fonts, screen: screen)
        route = RouteHighlightElement(screen: screen, fonts: fonts)
        feedback = TouchFeedbackElement(screen: screen)
    }

    /// In drawing order: the route under the finger's feedback, the card on top.
    var elements: [any OverlayElement] { [route, feedback, card] }

    /// The platform of the kiosk's place a journey to `destination` starts from: the destination itself when it is
    /// one of them, else the one with the quickest route (a route from another platform would begin by changing to
    /// the one this starts from).
    func origin(to destination: String) -> String {
        if place.stationIDs.contains(destination) { return destination }
        let timed = place.stationIDs.compactMap { id in
            graph.quickestRoute(from: id, to: destination).map { (id, RouteItinerary(route: $0, map: map).totalSeconds) }
        }
        return timed.min { $0.1 < $1.1 }?.0 ?? place.stationIDs[0]
    }

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
        guard let content = journey(to: stationID, language: language) else { return }
        shownLanguage = language
        wordedSecond = Self.second(of: wallClock())
        card.show(content, at: time)
        showRoute(of: content)
        if content.routeStationIDs.count > 1 { coveredScreen = true }
    }

    /// The card's content for a journey from here to `destination`, worded in `language`, with its share link.
    func journey(to destination: String, language: String?) -> JourneyCardContent? {
        var content: JourneyCardContent?
        let origin = origin(to: destination)
        if let timetable {
            let wall = wallClock()
            content = TimedJourneyCard(map: map, graph: graph, timetable: timetable)
                .content(destination: destination, origin: origin, language: language, at: wall,
                         stepFree: stepFree(), live: live?(wall, language))
        } else {
            content = JourneyCardContent(map: map, destination: destination, origin: origin, graph: graph, language: language)
        }
        // A card without a route (the kiosk's own station) has no journey to hand over.
        if let shareURL, content?.routeStationIDs.count ?? 0 > 1 {
            content?.shareURL = shareURL.url(from: origin, to: destination, at: wallClock())
        }
        return content
    }

    /// `[card] share_url`: the link the card's QR code carries; nil: no code.
    var shareURL: ShareURLTemplate?

    /// With a timetable, the shown card is worded again each wall-clock second (its departures tick down, the next
    /// train to take changes once one leaves) and replaced only when its words changed: the card's picture is drawn
    /// again, the map under it is not. Tells the card when the next second begins, so the loop wakes for it.
    func refresh(at time: Int64) {
        guard timetable != nil, let stationID = card.stationID else {
            card.refreshMicroseconds = nil
            return
        }
        let wall = wallClock()
        let microseconds = Int64((wall.timeIntervalSince1970 * 1_000_000).rounded(.down))
        card.refreshMicroseconds = time + (1_000_000 - ((microseconds % 1_000_000) + 1_000_000) % 1_000_000)
        let second = Self.second(of: wall)
        guard second != wordedSecond else { return }
        wordedSecond = second
        guard let content = journey(to: stationID, language: shownLanguage), content != card.content else { return }
        card.update(content)
        if content.routeStationIDs != route.stationIDs, card.content == content { showRoute(of: content) }
    }

    /// How far ahead the departures board looks: a line whose next train is later is left to the station's card.
    static let departuresHereHorizonMinutes = 60

    /// The next departures from the kiosk's own place (every platform of it, one row per line and direction, as the
    /// card lists a tapped station's) at the wall clock, worded in `language`: those within the horizon and those whose
    /// service has ended (all of them when no train comes within it: at night the first of the morning); empty
    /// without a timetable.
    func departuresHere(language: String?) -> [JourneyCardContent.DepartureRow] {
        let rows = allDeparturesHere(language: language)
        // A row that says the service has ended stays: that is news too.
        let soon = rows.filter { row in row.firstWaitMinutes.map { $0 <= Self.departuresHereHorizonMinutes } ?? true }
        return soon.contains { $0.firstWaitMinutes != nil } ? soon : rows
    }

    private func allDeparturesHere(language: String?) -> [JourneyCardContent.DepartureRow] {
        guard let timetable else { return [] }
        let wall = wallClock()
        let (day, now) = timetable.moment(wall)
        let card = TimedJourneyCard(map: map, graph: graph, timetable: timetable)
        let live = live?(wall, language)
        var rows: [JourneyCardContent.DepartureRow] = []
        for station in place.stationIDs {
            for row in card.departures(at: station, day: day, now: now, wording: JourneyWording(language: language),
                                           times: TimetableWording(language: language), live: live, language: language)
            where !rows.contains(where: { $0.title == row.title }) {
                rows.append(row)
            }
        }
        return rows
    }

    private static func second(of date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    /// The route of `content` on the map, its destination named on a plate.
    func showRoute(of content: JourneyCardContent) {
        let drawing = drawing
        // In the drawing's colours, so in accessible mode the route is the colour its lines are drawn in.
        route.show(content.routeStationIDs, on: map, destinationName: content.station.name,
                   lineColors: drawing?.lineColorsByID ?? [:]) { line, from, to in
            drawing?.ridePath(lineID: line, from: from, to: to)
        }
    }

    /// The stations the overlay names itself: the shown route's destination, whose plate carries its name. The map
    /// leaves their labels out, as a journey planner's map shows the chosen place's name once, on its pin; the loop
    /// and the screen audit both ask here.
    var stationsNamedByOverlay: Set<SchemePoint> {
        guard route.stationIDs.count > 1, let name = route.destinationName, !name.isEmpty,
              let destination = route.stationIDs.last.flatMap({ map.station(id: $0)?.position }) else { return [] }
        return [destination]
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

    /// What the camera fits for the route through `stationIDs`: each station's mark, the bends of its rides, the
    /// destination's plate, and "you are here" on the kiosk's place, beside the card where it rests (or peeks, rising)
    /// and the controls laid out around it.
    /// `fixed`: regions of elements that stay where they are whatever the card does (the live-service strip).
    func framing(of stationIDs: [String], youAreHere: YouAreHereElement?, controls: KioskControls?, geometry: CameraGeometry,
                 maximumScale: Double, sheet: ScreenRect? = nil, fixed: [ScreenRect] = []) -> RouteFraming {
        let sheet = sheet ?? card.occupiedRegion ?? card.region(at: .peek)
        let regions = [sheet] + (controls?.regions(clearOf: sheet) ?? []) + fixed
        youAreHere?.below = routeLeavesUpward
        return RouteFraming(marks: marks(of: stationIDs, youAreHere: youAreHere?.extent), regions: regions, geometry: geometry,
                            maximumScale: maximumScale)
    }

    /// Whether the shown route's first ride or walk heads up the screen from the kiosk's place: the "You are here"
    /// callout, above its station otherwise, then goes below it, or its box would hide the first stretch of the very
    /// route the traveller asked for (the demo's Central Square → Library ran under it for 100 px). A stretch that
    /// climbs more gently than about one in three passes beside the box and leaves it above.
    var routeLeavesUpward: Bool {
        guard let path = route.shownHops.first?.path, let start = path.first,
              let next = path.dropFirst().first(where: { $0 != start }) else { return false }
        let dx = next.x - start.x, dy = next.y - start.y
        return dy < 0 && -dy * 3 >= abs(dx)
    }

    /// The route's marks as the overlay draws them (after `tapped` named the destination).
    func marks(of stationIDs: [String], youAreHere: ScreenRect?) -> [RouteFraming.Mark] {
        var marks = stationIDs.compactMap { id in map.station(id: id)?.position.map { RouteFraming.Mark(at: $0, extent: route.stationExtent) } }
        if let last = stationIDs.last.flatMap({ map.station(id: $0)?.position }) {
            marks.append(RouteFraming.Mark(at: last, extent: route.destinationExtent))
        }
        if let youAreHere { marks.append(RouteFraming.Mark(at: place.position, extent: youAreHere)) }
        // The shown route's rides between its stations: a line bending out past them (a hop round a corner, a curve)
        // stays in view and clear of the card as its stations do.
        if route.stationIDs == stationIDs {
            marks += route.bendPoints.map { RouteFraming.Mark(at: $0, extent: route.pathExtent) }
        }
        return marks
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
