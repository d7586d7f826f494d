import MetroMap
import Raster

/// What the journey card says about a tapped station: at `peek` its names, line roundels and the journey from
/// "you are here" in one line (total time, transfers); at `half` the route's steps; at `full` every stop.
public struct JourneyCardContent: Equatable, Sendable {
    public struct Step: Equatable, Sendable {
        /// `change`: a change of train, one of the transfers the summary counts; `walk`: a walk to the first train
        /// or from the last, which is not.
        public enum Kind: Equatable, Sendable { case ride, change, walk, alight }
        public var kind: Kind
        /// The line ridden or changed to, for the roundel beside the step.
        public var color: Color?
        public var text: String
        /// Every station the ride passes, boarding and alighting included (empty for a change).
        public var stops: [String]
        /// Stops of `stops` a live alert touches, by name: true where it closes the stop (NO_SERVICE, STOP_MOVED).
        /// The every-stop list marks them as the map does, so the step through an alerted station shows it.
        public var alertedStops: [String: Bool] = [:]

        public init(kind: Kind, color: Color?, text: String, stops: [String], alertedStops: [String: Bool] = [:]) {
            self.kind = kind
            self.color = color
            self.text = text
            self.stops = stops
            self.alertedStops = alertedStops
        }
    }

    /// One line and direction of the station's next departures (`[network] timetable`): the line's colour, what
    /// the row is ("Red · towards Richmond") and when ("3 min · 9 min · 15 min last", "no more service today").
    public struct DepartureRow: Equatable, Sendable {
        public var color: Color?
        public var title: String
        public var times: String
        /// Minutes to the first train listed (nil: none, or the service has ended): a board of the next departures
        /// leaves out a line whose next train is hours away (BART's Yellow to Millbrae at 10:45 on a weekday: "9 h 46
        /// min"), which the card of the station still lists.
        public var firstWaitMinutes: Int?

        public init(color: Color?, title: String, times: String, firstWaitMinutes: Int? = nil) {
            self.color = color
            self.title = title
            self.times = times
            self.firstWaitMinutes = firstWaitMinutes
        }
    }

    public var station: StationInfo
    public var summary: String
    public var steps: [Step]
    /// The heading over every stop of the ride, in the card's language.
    public var everyStopHeading: String
    /// The language the card's sentences are worded in (nil: English), for the rows the picture words as it lays
    /// them out (a long ride's folded stops).
    public var language: String?
    /// The route's station ids, "you are here" first; empty when there is none.
    public var routeStationIDs: [String]
    /// The changes of train the summary states; always the number of `change` steps.
    public var transferCount = 0
    /// The route's minutes are an estimate (placeholder running times or a missing walking time): shown "≈".
    public var isEstimated = false
    /// Lines the route rides where the map does not draw them, as the card names them.
    public var undrawnLineNames: [String] = []
    /// The tapped station's next departures per line and direction, under the summary; empty without a timetable.
    public var departures: [DepartureRow] = []
    /// Service notices that touch the station or the journey (live alerts), each shown in full on the card.
    public var notices: [String] = []
    /// The journey as a link for the traveller's phone (`[card] share_url` filled in), shown as a QR code under the
    /// steps; nil: no code.
    public var shareURL: String?
    /// The notices as audio mode says them, index for index (the feed's `tts_*` words where it has them); nil or
    /// another count: as shown.
    public var spokenNotices: [String]? = nil

    /// The row standing for `count` stops a long ride's list folds, in the card's language: "… 9,996 stops …".
    public func foldedStopsRow(_ count: Int) -> String {
        JourneyWording(language: language).foldedStops(count)
    }

    /// The card for `destination` seen from `origin` (the kiosk's `you_are_here`) over `graph`.
    /// `estimated`: the route's times are the scheme's even where its running times are not placeholders (a kiosk
    /// with a timetable that cannot time this journey says so with "≈").
    public init?(map: MetroMap, destination: String, origin: String?, graph: StationGraph?, language: String?,
                 estimated: Bool = false) {
        guard let station = StationInfo(map: map, stationID: destination, language: language) else { return nil }
        self.station = station
        let wording = JourneyWording(language: language)
        everyStopHeading = wording.everyStop
        self.language = language
        func name(_ id: String) -> String {
            guard let station = map.station(id: id) else { return id }
            return language.map { station.name(in: $0) } ?? station.name
        }
        let lines = Dictionary(map.lines.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func lineName(_ id: String?) -> String {
            guard let id, let line = lines[id] else { return "" }
            return LineNaming.name(of: line, in: map, language: language)
        }
        func color(_ id: String?) -> Color? {
            guard let id, let line = lines[id] else { return nil }
            return Color(red: line.color.red, green: line.color.green, blue: line.color.blue)
        }
        steps = []
        routeStationIDs = []
        guard let origin, map.station(id: origin) != nil else {
            summary = ""
            return
        }
        if origin == destination {
            summary = wording.youAreHere
            return
        }
        guard let route = graph?.quickestRoute(from: origin, to: destination) else {
            summary = wording.noRoute(name(origin))
            return
        }
        let itinerary = RouteItinerary(route: route, map: map)
        let minutes = JourneyTimeLimits.wholeMinutes(itinerary.totalSeconds)
        let transfers = itinerary.transferCount
        isEstimated = itinerary.isEstimated || estimated
        transferCount = transfers
        summary = wording.summary(minutes, isEstimated, transfers, name(origin))
        undrawnLineNames = itinerary.undrawnLineIDs.map(lineName)
        // Said at peek too: the traveller looks for the route's lines on the map before reading the steps.
        if !undrawnLineNames.isEmpty { summary += " · " + undrawnLineNames.joined(separator: ", ") + ": " + wording.notOnMap }
        routeStationIDs = itinerary.stationIDs
        for step in itinerary.steps {
            switch step {
            case let .ride(ride):
                steps.append(Step(kind: .ride, color: color(ride.lineID),
                                  text: wording.ride(lineName(ride.lineID), name(ride.boardingStationID),
                                                     wording.heading(ride.heading, name: name), ride.stopCount)
                                      + (ride.isUndrawn ? " (\(wording.notOnMap))" : ""),
                                  stops: ride.stationIDs.map(name)))
            case let .change(change):
                let walk = JourneyTimeLimits.wholeMinutes(change.walkSeconds)
                let text = wording.change(walk, name(change.stationIDs.first ?? ""), change.toLineID.map(lineName))
                if change.isTransfer {
                    steps.append(Step(kind: .change, color: color(change.toLineID), text: text, stops: []))
                } else {
                    // To the first train (at the station the walk ends) or, after the last, to the destination.
                    let walkText = wording.walk(walk, name(change.stationIDs.last ?? ""), change.toLineID.map(lineName))
                    steps.append(Step(kind: .walk, color: color(change.toLineID), text: walkText, stops: []))
                }
            }
        }
        steps.append(Step(kind: .alight, color: nil, text: wording.arrive(name(destination)), stops: []))
    }
}
