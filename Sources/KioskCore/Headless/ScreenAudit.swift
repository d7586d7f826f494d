import Cartography
import Foundation
import MetroMap
import Overlay
import Physics
import Raster
import JSONText

/// What a traveller sees of a route once the kiosk has framed it beside its overlay (`audit-screen`): which of the
/// route's stations and end labels (the destination's plate, "You are here") lie under an overlay element or past
/// the screen's edge, and how much of the screen is left to the map. A label under an element does not count as
/// shown, however much of it peeks out.
public struct ScreenAudit: Codable, Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var routeStations: Int
    /// Route stations whose mark is under an overlay element (the card, a button, the inset).
    public var hiddenRouteStations: Int
    /// Route stations off the screen.
    public var cutRouteStations: Int
    /// End labels (destination plate, "You are here" callout) meeting an overlay element.
    public var hiddenEndLabels: Int
    /// End labels not wholly on the screen.
    public var cutEndLabels: Int
    public var youAreHereShown: Bool
    /// The bend points of the route's rides between its stations (where the drawn line turns or curves away from the
    /// straight chord), and those under an overlay element or off the screen: a route that swings out past both its
    /// stations is as hidden there as at a station. nil when not measured.
    public var routeBends: Int?
    public var hiddenRouteBends: Int?
    public var cutRouteBends: Int?
    /// Station names drawn meeting an element where it rests (the card, the controls, the inset, the legend, the
    /// callout); nil when not measured (no labels). A name half under a button reads as another word.
    public var labelsUnderElements: Int?
    /// The share of the screen no overlay element occupies, 0…1.
    public var mapShare: Double
    public var scale: Double

    enum CodingKeys: String, CodingKey {
        case width, height, routeStations = "route_stations", hiddenRouteStations = "hidden_route_stations"
        case cutRouteStations = "cut_route_stations", hiddenEndLabels = "hidden_end_labels", cutEndLabels = "cut_end_labels"
        case youAreHereShown = "you_are_here_shown", mapShare = "map_share", scale
        case labelsUnderElements = "labels_under_elements"
        case routeBends = "route_bends", hiddenRouteBends = "hidden_route_bends", cutRouteBends = "cut_route_bends"
    }

    /// Route ends hidden or cut, and route stations hidden or cut: what must be 0.
    public var problems: Int {
        hiddenRouteStations + cutRouteStations + hiddenEndLabels + cutEndLabels + (youAreHereShown ? 0 : 1) + (labelsUnderElements ?? 0)
            + (hiddenRouteBends ?? 0) + (cutRouteBends ?? 0)
    }

    /// Measures one framed view: `route` the stations' screen points, `labels` the end labels' rectangles,
    /// `youAreHere` the callout's, `regions` what the overlay elements occupy, `bends` the rides' bend points.
    public init(width: Int, height: Int, route: [ScreenPoint], labels: [ScreenRect], youAreHere: ScreenRect?,
                regions: [ScreenRect], scale: Double, labelsUnderElements: Int? = nil, bends: [ScreenPoint]? = nil) {
        self.labelsUnderElements = labelsUnderElements
        self.width = width
        self.height = height
        self.scale = scale
        let screen = ScreenRect(x: 0, y: 0, width: Double(width), height: Double(height))
        func under(_ rect: ScreenRect) -> Bool { regions.contains { OverlayLayout.overlaps($0, rect) } }
        func inside(_ rect: ScreenRect) -> Bool {
            rect.minX >= screen.minX && rect.minY >= screen.minY && rect.maxX <= screen.maxX && rect.maxY <= screen.maxY
        }
        func cut(_ points: [ScreenPoint]) -> Int { points.filter { !screen.contains($0) }.count }
        func hidden(_ points: [ScreenPoint]) -> Int {
            points.filter { point in screen.contains(point) && regions.contains { $0.contains(point) } }.count
        }
        routeStations = route.count
        cutRouteStations = cut(route)
        hiddenRouteStations = hidden(route)
        routeBends = bends?.count
        cutRouteBends = bends.map(cut)
        hiddenRouteBends = bends.map(hidden)
        let ends = labels + (youAreHere.map { [$0] } ?? [])
        cutEndLabels = ends.filter { !inside($0) }.count
        hiddenEndLabels = ends.filter { inside($0) && under($0) }.count
        youAreHereShown = youAreHere.map { inside($0) && !under($0) } ?? false
        mapShare = Self.freeShare(width: width, height: height, regions: regions)
    }

    /// The share of the screen's pixels under no region, counted on a coarse grid (regions are few and large). A
    /// region covers one run of a row's grid points, found by binary search: testing every point against every region
    /// was a quarter of `audit-screen`'s time (the shared-city audit: 160 views a city, 71,000 points each).
    static func freeShare(width: Int, height: Int, regions: [ScreenRect]) -> Double {
        let step = max(Double(min(width, height)) / 200, 1)
        var columns: [Double] = []
        var x = step / 2
        while x < Double(width) { columns.append(x); x += step }
        // The first column at or right of `edge`; columns.count when none is (or `edge` is NaN).
        func firstColumn(atOrRightOf edge: Double) -> Int {
            var low = 0, high = columns.count
            while low < high {
                let middle = (low + high) / 2
                if columns[middle] >= edge { high = middle } else { low = middle + 1 }
            }
            return low
        }
        // ScreenRect.contains: minX <= x < maxX, the same for y; a region with a NaN edge holds no point.
        let spans = regions.filter { $0.minX < $0.maxX && $0.minY < $0.maxY }
            .map { (rect: $0, columns: firstColumn(atOrRightOf: $0.minX)..<firstColumn(atOrRightOf: $0.maxX)) }
        var free = 0, all = 0
        var y = step / 2
        while y < Double(height) {
            all += columns.count
            let runs = spans.filter { y >= $0.rect.minY && y < $0.rect.maxY }.map(\.columns).sorted { $0.lowerBound < $1.lowerBound }
            var covered = 0, reached = 0
            for run in runs where run.upperBound > reached {
                covered += run.upperBound - max(run.lowerBound, reached)
                reached = run.upperBound
            }
            free += columns.count - covered
            y += step
        }
        return all == 0 ? 0 : Double(free) / Double(all)
    }

    /// A kiosk standing at one place on a screen of one size, set up once for many routes: its journey planner,
    /// controls and "You are here" as the loop makes them.
    public struct Kiosk {
        let journey: KioskJourney
        let controls: KioskControls?
        /// The key to the lines of `[map] legend`, laid out with the controls.
        let legend: LineLegendElement?
        let youAreHere: YouAreHereElement
        let geometry: CameraGeometry
        let maximumScale: Double
        let language: String?
        let width: Int, height: Int
        /// The map's labels as the loop places them, to count those under an element; nil: not counted.
        let labels: MapSceneBuilder?

        /// nil when `from` (a station id or name) is no place on `map`. `labels`: the map's scene as the loop builds
        /// it on this screen (`KioskConfig.sceneBuilder`), to count names under an element; one builder serves every
        /// place on a screen of one size (its label plan is the costly part). `drawing`: the map as drawn, whose
        /// lines the route's rides follow (its bends are audited on every screen, with or without labels): the
        /// builder's, else this one, else the config's drawing of `map`; one serves every place and size.
        public init?(config: KioskConfig, map: MetroMap, from: String, fonts: FontStack?, width: Int, height: Int,
                     labels: MapSceneBuilder? = nil, drawing: MapDrawing? = nil) throws(PhysicsError) {
            self.labels = labels
            var config = config
            config.map.youAreHere = from
            guard let place = config.youAreHerePlace(in: map) else { return nil }
            let screen = IntRect(x: 0, y: 0, width: width, height: height)
            journey = KioskJourney(map: map, place: place, settings: config.cardSettings(), fonts: fonts, screen: screen)
            journey.drawing = labels?.drawing ?? drawing ?? config.drawing(of: map)
            controls = KioskControls(config: config, map: map, fonts: fonts, width: width, height: height)
            legend = config.map.legend.flatMap { corner in
                fonts.map { fonts in
                    LineLegendElement(entries: LineBadges.legendEntries(of: map), corner: corner, screen: screen,
                                      capHeightPixels: config.mapStyle(outputWidth: width, outputHeight: height).labelPixels()
                                          * Float(MapStyle.capHeightRatio), fonts: fonts)
                }
            }
            controls?.legend = legend
            youAreHere = YouAreHereElement(station: place.position, languages: config.map.languages, fonts: fonts, screen: screen,
                                            named: place.stationIDs.first.flatMap(map.station(id:)))
            geometry = CameraGeometry(map: map, viewport: ScreenSize(width: Double(width), height: Double(height)))
            maximumScale = try config.cameraSettings(geometry: geometry).zoomLimits.maximumScale
            language = config.map.languages.first
            self.width = width
            self.height = height
        }

        /// The route to `to` as the loop frames it after a tap on it, with the card resting at `anchor` and the
        /// controls laid out around it; measured on the layout and the camera the loop computes, without drawing the
        /// map or the card (so an audit of every city at 4K stays cheap). nil for an unknown station.
        public func audit(to: String, anchor: CardAnchor = .peek) -> ScreenAudit? {
            guard let content = journey.journey(to: to, language: language) else { return nil }
            journey.showRoute(of: content)
            let stationIDs = journey.route.stationIDs
            let sheet = journey.card.region(at: anchor)
            let framing = journey.framing(of: stationIDs.isEmpty ? [to] : stationIDs, youAreHere: youAreHere, controls: controls,
                                          geometry: geometry, maximumScale: maximumScale, sheet: sheet)
            let camera = framing.camera, geometry = geometry
            let projection = MapProjection { geometry.screenPoint(ofScheme: $0, camera: camera) }
            // The elements as the loop leaves them: the controls laid out around the resting card, the callout and
            // the plate placed by their own code.
            controls?.layOut(clearOf: sheet)
            if controls == nil { legend?.layOut(clearOf: [sheet]) }
            journey.route.advance(to: 0, map: projection)
            youAreHere.advance(to: 0, map: projection)
            let regions = [sheet] + (controls?.elements.compactMap(\.occupiedRegion) ?? []) + (legend?.frame.map { [$0] } ?? [])
            let map = journey.map
            let route = stationIDs.compactMap { map.station(id: $0)?.position }.map(projection.screenPoint(of:))
            let bends = journey.route.bendPoints.map(projection.screenPoint(of:))
            let plate = journey.route.destinationPlate.map(ScreenRect.init)
            let (width, height) = (width, height)
            let shown = youAreHere.anchor.flatMap { anchor in
                // Clamped to an edge with its station off screen, the callout does not show where one is.
                anchor.x >= 0 && anchor.y >= 0 && anchor.x < Float(width) && anchor.y < Float(height)
                    ? youAreHere.box.map(ScreenRect.init) : nil
            }
            // The names the loop draws there: kept clear of where the elements rest, counted against the same places.
            let resting = [sheet] + (controls?.regions(clearOf: sheet) ?? (legend?.frame.map { [$0] } ?? []))
                + (youAreHere.box.map { [ScreenRect($0)] } ?? [])
            let under = labels.map { builder in
                let view = MapFrameRenderer.View(camera: camera)
                builder.overlayRegions = resting.map(Rect.init)
                // The destination is named on its plate, and the map leaves its own label out (as the loop does).
                builder.namedByOverlay = journey.stationsNamedByOverlay
                return builder.labelsUnder(builder.overlayRegions, offsetX: view.offsetX, offsetY: view.offsetY, scale: view.scale,
                                           width: width, height: height)
            }
            return ScreenAudit(width: width, height: height, route: route, labels: plate.map { [$0] } ?? [], youAreHere: shown,
                               regions: regions, scale: camera.scale, labelsUnderElements: under, bends: bends)
        }
    }

    /// One JSON object, keys sorted.
    public var json: String {
        // Plain numbers and strings: encoding cannot fail.
        (try? JSONWriter([.sortedKeys, .escapingSlashes]).text(encoding: self)) ?? "{}"
    }
}
