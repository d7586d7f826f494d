import MetroMap
import Raster

/// Labels and the overlay's fixed elements: a station name is never drawn meeting an element's region (a name half
/// under the + button reads as another word, and one wholly under it is no name at all), and the screen audit counts
/// the names that would be drawn under one.
extension MapSceneBuilder {
    /// Whether a placed label (its block with the label margin, in world pixels) meets any of `regions` (output
    /// pixels) with the map at this offset.
    public static func meets(_ label: LabelLayout.PlacedLabel, regions: [Rect], offsetX: Int, offsetY: Int) -> Bool {
        guard !regions.isEmpty else { return false }
        let box = label.bounds, dx = Float(offsetX), dy = Float(offsetY)
        return regions.contains { region in
            box.minX - dx < region.maxX && region.minX < box.maxX - dx && box.minY - dy < region.maxY && region.minY < box.maxY - dy
        }
    }

    /// Whether `label` names a station the overlay names itself (`namedByOverlay`): the station it stands for or
    /// another platform of that name at the same place.
    public func isNamedByOverlay(_ label: LabelLayout.PlacedLabel) -> Bool {
        guard !namedByOverlay.isEmpty else { return false }
        let own = drawing.labels[label.labelIndex]
        return namedByOverlay.contains(own.station) || own.otherStations.contains(where: namedByOverlay.contains)
    }

    /// The names this builder draws on a `width`×`height` screen at this camera (with its `overlayRegions` kept
    /// clear) whose text meets one of `regions`: what the screen audit requires to be 0.
    public func labelsUnder(_ regions: [Rect], offsetX: Int, offsetY: Int, scale: Double, width: Int, height: Int) -> Int {
        guard let placed = placedLabels(scale: scale) else { return 0 }
        let screen = Rect(minX: 0, minY: 0, maxX: Float(width), maxY: Float(height))
        return placed.filter { label in
            let text = label.textBounds, dx = Float(offsetX), dy = Float(offsetY)
            let onScreen = Rect(minX: text.minX - dx, minY: text.minY - dy, maxX: text.maxX - dx, maxY: text.maxY - dy)
            return onScreen.overlaps(screen) && !Self.meets(label, regions: overlayRegions, offsetX: offsetX, offsetY: offsetY)
                && !isNamedByOverlay(label)
                && regions.contains { onScreen.overlaps($0) }
        }.count
    }
}
