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
        drawnOnScreen(offsetX: offsetX, offsetY: offsetY, scale: scale, width: width, height: height)
            .filter { drawn in regions.contains { drawn.text.overlaps($0) } }.count
    }

    /// The stations (by position: their own and their other platforms') whose names this builder draws on a
    /// `width`×`height` screen at this camera, the overlay's regions kept clear (`keepingClearOfOverlay` false: whose
    /// names the plan sets there, drawn or not).
    public func stationsNamed(offsetX: Int, offsetY: Int, scale: Double, width: Int, height: Int,
                              keepingClearOfOverlay: Bool = true) -> Set<SchemePoint> {
        var named = Set<SchemePoint>()
        for drawn in drawnOnScreen(offsetX: offsetX, offsetY: offsetY, scale: scale, width: width, height: height,
                                   keepingClearOfOverlay: keepingClearOfOverlay) {
            // A stacked block names every station whose name it holds.
            for index in drawn.label.labelIndices {
                let own = drawing.labels[index]
                named.insert(own.station)
                named.formUnion(own.otherStations)
            }
        }
        return named
    }

    /// The blocks (with the label margin, what an overlay region must not meet for a name to be drawn) on screen, in
    /// output pixels, of the names the plan sets at this camera, whether or not an overlay region keeps one from being
    /// drawn: where an element pinned to the map can go without taking a name's place. nil when the plan for this
    /// scale is not made yet. The overlay's own names are not among them. Asked every frame: no more than the boxes.
    public func plannedNameBoxes(offsetX: Int, offsetY: Int, scale: Double, width: Int, height: Int) -> [Rect]? {
        guard placedLabels(scale: scale) != nil else { return nil }
        let dx = Float(offsetX), dy = Float(offsetY)
        return drawnOnScreen(offsetX: offsetX, offsetY: offsetY, scale: scale, width: width, height: height,
                             keepingClearOfOverlay: false).map { drawn in
            let box = drawn.label.bounds
            return Rect(minX: box.minX - dx, minY: box.minY - dy, maxX: box.maxX - dx, maxY: box.maxY - dy)
        }
    }

    /// The placed labels drawn at this camera, each with its text block on screen (output pixels).
    private func drawnOnScreen(offsetX: Int, offsetY: Int, scale: Double, width: Int, height: Int,
                               keepingClearOfOverlay: Bool = true) -> [(label: LabelLayout.PlacedLabel, text: Rect)] {
        guard let placed = placedLabels(scale: scale) else { return [] }
        let screen = Rect(minX: 0, minY: 0, maxX: Float(width), maxY: Float(height))
        let dx = Float(offsetX), dy = Float(offsetY)
        return placed.compactMap { label in
            let text = label.textBounds
            let onScreen = Rect(minX: text.minX - dx, minY: text.minY - dy, maxX: text.maxX - dx, maxY: text.maxY - dy)
            guard onScreen.overlaps(screen), !isNamedByOverlay(label),
                  !keepingClearOfOverlay || !Self.meets(label, regions: overlayRegions, offsetX: offsetX, offsetY: offsetY)
            else { return nil }
            return (label, onScreen)
        }
    }
}
