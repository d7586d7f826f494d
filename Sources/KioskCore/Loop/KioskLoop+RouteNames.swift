import Cartography
import MetroMap
import Overlay
import Raster

/// The names of the shown route's stations, handed from the map's labels to the route drawn over the veil: the veil
/// dims the map's own names to grey, and the stations a traveller rides through are the ones they need to read.
extension KioskLoop {
    /// Hands the route the names the map sets at `view` for the route's stations (leaving out those the map keeps
    /// clear of the overlay), once the map has its labels at that scale: while the scale changes the names placed
    /// for the last settled scale follow the map, since placing labels every frame of a pinch would cost frames.
    func nameRouteStations(at view: MapFrameRenderer.View, scaleSettled: Bool) {
        guard let journey, scaleSettled else { return }
        let route = journey.route
        let builder = renderer.builder
        route.nameColor = builder.style.labelColor
        route.nameHalo = builder.style.labelHalo
        guard route.stationIDs.count > 1, let placed = builder.placedLabels(scale: view.scale) else {
            route.name([])
            return
        }
        route.name(Self.routeStationNames(placed.filter { !builder.isNamedByOverlay($0) }, of: route.stationIDs, map: journey.map,
                                          drawing: builder.drawing, scale: view.scale, regions: builder.overlayRegions,
                                          offsetX: view.offsetX, offsetY: view.offsetY))
    }

    /// The stations the overlay names itself: the route's destination on its plate
    /// (`KioskJourney.stationsNamedByOverlay`), and the kiosk's own station while the "You are here" callout carries
    /// its name: the callout takes whichever side of the station covers the fewest names, and where it left the
    /// map's own label free the station was named twice, beside its mark and in the callout.
    var stationsNamedByOverlay: Set<SchemePoint> {
        var named = journey?.stationsNamedByOverlay ?? []
        if let youAreHere, youAreHere.name != nil { named.insert(youAreHere.station) }
        return named
    }

    /// The labels of `placed` (world pixels at `scale`) that name a station of the route, or another platform of
    /// the same name at one, as the route element draws them: anchored at their first baseline in scheme units.
    static func routeStationNames(_ placed: [LabelLayout.PlacedLabel], of stationIDs: [String], map: MetroMap,
                                  drawing: MapDrawing, scale: Double, regions: [Rect], offsetX: Int, offsetY: Int)
        -> [RouteHighlightElement.StationName] {
        let points = Set(stationIDs.compactMap { map.station(id: $0)?.position })
        let origin = drawing.bounds.origin
        return placed.compactMap { label in
            let own = drawing.labels[label.labelIndex]
            guard points.contains(own.station) || own.otherStations.contains(where: points.contains),
                  !MapSceneBuilder.meets(label, regions: regions, offsetX: offsetX, offsetY: offsetY),
                  let first = label.lines.first else { return nil }
            let anchor = SchemePoint(x: origin.x + Double(first.origin.x) / scale, y: origin.y + Double(first.origin.y) / scale)
            let box = label.bounds
            return RouteHighlightElement.StationName(
                anchor: anchor,
                lines: label.lines.map { line in
                    .init(text: line.text, language: line.language, sizePixels: line.sizePixels,
                          offset: Point(line.origin.x - first.origin.x, line.origin.y - first.origin.y))
                },
                plate: Rect(minX: box.minX - first.origin.x, minY: box.minY - first.origin.y,
                            maxX: box.maxX - first.origin.x, maxY: box.maxY - first.origin.y))
        }
    }
}
