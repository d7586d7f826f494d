import Cartography
import MetroMap
import Overlay
import Physics
import Raster

extension KioskLoop {
    /// The screen audit of what the loop shows now (`ScreenAudit`): the route the card describes, where the camera
    /// has put it, under the regions the overlay's elements occupy at this moment. nil without a route.
    public func screenAudit() -> ScreenAudit? {
        guard let journey, journey.route.stationIDs.count > 1 else { return nil }
        let shown = camera.shownCamera, geometry = camera.geometry
        let route = journey.route.stationIDs.compactMap { journey.map.station(id: $0)?.position }
            .map { geometry.screenPoint(ofScheme: $0, camera: shown) }
        let regions = overlay.allElements.compactMap(\.occupiedRegion)
        let (width, height) = (output.width, output.height)
        let here = youAreHere.flatMap { element -> ScreenRect? in
            guard let anchor = element.anchor, anchor.x >= 0, anchor.y >= 0, anchor.x < Float(width), anchor.y < Float(height) else { return nil }
            return element.box.map(ScreenRect.init)
        }
        return ScreenAudit(width: width, height: height, route: route,
                           labels: journey.route.destinationPlate.map { [ScreenRect($0)] } ?? [], youAreHere: here,
                           regions: regions, scale: shown.scale, labelsUnderElements: labelsUnderElements(),
                           bends: journey.route.bendPoints.map { geometry.screenPoint(ofScheme: $0, camera: shown) })
    }

    /// Station names the map draws now that meet an overlay element where it rests (`labelRegions`): 0 when the
    /// labels keep clear of the overlay.
    public func labelsUnderElements() -> Int {
        let view = MapFrameRenderer.View(camera: shifted(camera.shownCamera))
        return renderer.builder.labelsUnder(labelRegions.map(Rect.init), offsetX: view.offsetX, offsetY: view.offsetY,
                                            scale: view.scale, width: output.width, height: output.height)
    }

    /// The stations whose names the map draws on screen now (by position), the overlay's regions kept clear
    /// (`keepingClearOfOverlay` false: whose names the plan sets on screen, drawn or not): the overlay's own names
    /// (the "You are here" callout's) are not among them.
    public func stationsNamedOnScreen(keepingClearOfOverlay: Bool = true) -> Set<SchemePoint> {
        let view = MapFrameRenderer.View(camera: shifted(camera.shownCamera))
        return renderer.builder.stationsNamed(offsetX: view.offsetX, offsetY: view.offsetY, scale: view.scale,
                                              width: output.width, height: output.height, keepingClearOfOverlay: keepingClearOfOverlay)
    }
}
