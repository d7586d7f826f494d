import Foundation
import MetroMap
import Physics
import Raster
import JSONText

/// What an operator checks before putting a scheme on a kiosk: how many names one view shows and whether any is
/// unreadable (across a line, over another name, cut by the edge of the map, missing glyphs), and which stations
/// no zoom ever names. Measured on the placed labels' text blocks against the strokes as the frame draws them.
public struct MapAudit: Codable, Equatable, Sendable {
    /// Stations with a place on the scheme.
    public var stations: Int
    /// Stations with a name to show (pMetro hides some, e.g. a second platform of one interchange).
    public var namedStations: Int
    /// Named stations whose mark is inside the view.
    public var namedInView: Int
    /// Of those, the ones whose label is drawn.
    public var labelledInView: Int
    /// Labels drawn in the view whose text block crosses a line's stroke.
    public var crossingLine: Int
    /// Labels drawn in the view whose text block overlaps another drawn label's.
    public var overlapping: Int
    /// Labels that reach past the map's frame (the area the camera can show at this scale), so no pan shows them
    /// whole. At the fitted home view that frame is the screen.
    public var cutByFrame: Int
    /// Labels drawn in the view with characters no configured font has.
    public var missingGlyphs: Int
    /// Stations with a name that no scale from the fitted one to `maximumScale` labels.
    public var unlabelledAtEveryZoom: [String]
    /// The widest gap, on the panel, between a label drawn in the view without a leader line and the edge of its
    /// station's mark: how far a traveller's eye has to travel from a dot to its name.
    public var farthestLabelMillimetres: Double
    /// Labels drawn in the view that sit farther out, joined to their station by a leader line.
    public var leaderLines: Int
    /// The longest of those leaders on the panel, from the mark's edge to the text.
    public var longestLeaderMillimetres: Double
    /// Leaders that pass over another drawn name's text: a rule through a name reads as part of it.
    public var leaderCrossings: Int
    /// Leaders that cross a line's stroke: a plated hub's name is joined across the lines, as official diagrams do,
    /// where no place clear of them is free; the others keep clear of lines.
    public var leadersAcrossLines: Int
    /// Labels drawn in the view, without a leader line, with another station's mark nearer their text than their own:
    /// read as that station's.
    public var labelsNearerAnotherStation: Int
    /// Labels drawn in the view over the scheme's own captions, bullets, legend keys or notes (BackgroundObstacles).
    public var overBackground: Int
    /// Each interchange whose mark is in the view, by name, and whether its label is drawn.
    public var interchanges: [InterchangeInView]
    /// Names drawn in the view whose text meets a region the builder keeps clear for the overlay (`overlayRegions`:
    /// the controls, the inset, the legend at rest): hidden under a button or the legend, so not shown at all.
    public var labelsUnderElements: Int
    public var scale: Double
    public var maximumScale: Double

    public struct InterchangeInView: Codable, Equatable, Sendable {
        public var name: String
        public var labelled: Bool
        /// Its name is placed at this scale but wholly past the frame, its mark at the frame's edge (Washington's
        /// Crystal City at 2×, 9 pixels above the bottom, named below it): the plan is the same for every pan, so the
        /// name does not jump into view; a pan of a name's height shows it.
        public var nameBeyondFrame: Bool

        /// Named in the view, or beside its mark just past the frame.
        public var named: Bool { labelled || nameBeyondFrame }

        enum CodingKeys: String, CodingKey {
            case name, labelled, nameBeyondFrame = "name_beyond_frame"
        }
    }

    enum CodingKeys: String, CodingKey {
        case stations, namedStations = "named_stations", namedInView = "named_in_view", labelledInView = "labelled_in_view"
        case crossingLine = "crossing_line", overlapping, cutByFrame = "cut_by_frame", missingGlyphs = "missing_glyphs"
        case unlabelledAtEveryZoom = "unlabelled_at_every_zoom", scale, maximumScale = "max_scale"
        case farthestLabelMillimetres = "farthest_label_mm", labelsNearerAnotherStation = "labels_nearer_another_station"
        case overBackground = "over_background", interchanges, leaderLines = "leader_lines"
        case longestLeaderMillimetres = "longest_leader_mm", leaderCrossings = "leader_crossings"
        case leadersAcrossLines = "leaders_across_lines"
        case labelsUnderElements = "labels_under_elements"
    }

    /// Audits the frame `builder` draws for `view` on a `viewport`-sized screen; `zoom` is the scale range the
    /// camera allows (the fitted scale up to `[map] max_scale`); `pixelsPerMillimetre`: the panel's, for distances.
    public init(builder: MapSceneBuilder, view: MapFrameRenderer.View, viewport: ScreenSize, zoom: ClosedRange<Double>,
                pixelsPerMillimetre: Double = 96 / 25.4) {
        let drawing = builder.drawing
        let scale = view.scale
        self.scale = scale
        maximumScale = zoom.upperBound
        stations = drawing.stations.count
        namedStations = drawing.labels.count
        let placed = builder.placedLabels(scale: scale) ?? []
        let origin = drawing.bounds
        let screen = Rect(minX: Float(view.offsetX), minY: Float(view.offsetY),
                          maxX: Float(view.offsetX) + Float(viewport.width), maxY: Float(view.offsetY) + Float(viewport.height))
        func world(_ p: SchemePoint) -> Raster.Point {
            Raster.Point(Float((p.x - origin.x) * scale), Float((p.y - origin.y) * scale))
        }
        func inside(_ p: Raster.Point, _ r: Rect) -> Bool { p.x >= r.minX && p.x < r.maxX && p.y >= r.minY && p.y < r.maxY }
        namedInView = drawing.labels.filter { inside(world($0.station), screen) }.count
        // What the scene draws: names meeting an overlay element's region are left out of it.
        let shown = placed.filter {
            $0.textBounds.overlaps(screen)
                && !MapSceneBuilder.meets($0, regions: builder.overlayRegions, offsetX: view.offsetX, offsetY: view.offsetY)
        }
        labelsUnderElements = builder.labelsUnder(builder.overlayRegions, offsetX: view.offsetX, offsetY: view.offsetY,
                                                  scale: scale, width: Int(viewport.width), height: Int(viewport.height))
        // A stacked block names each of its stations.
        let labelledIndices = Set(shown.flatMap(\.labelIndices).filter { inside(world(drawing.labels[$0].station), screen) })
        labelledInView = labelledIndices.count
        interchanges = drawing.labels.indices.filter { index in
            let label = drawing.labels[index]
            return label.rank == .interchange && ([label.station] + label.otherStations).contains { inside(world($0), screen) }
        }.map { index in
            let labelled = shown.contains { $0.labelIndices.contains(index) }
            return InterchangeInView(name: drawing.labels[index].text, labelled: labelled,
                                     nameBeyondFrame: !labelled && placed.contains { $0.labelIndices.contains(index) && !$0.textBounds.overlaps(screen) })
        }

        let obstacles = LineObstacles(drawing: drawing, style: builder.style)
        // A name on a plate covers the lines under it: it crosses none as read.
        crossingLine = shown.filter { !$0.onPlate && obstacles.hits($0.textBounds, scale: scale, origin: drawing.bounds.origin, clearance: 0, kinds: [.line]) }.count
        // From the mark as drawn: an interchange's white disc has a dark outline around it.
        let disc = builder.style.stationRadiusPixels(scale: scale)
        let ringed = Set(drawing.stations.filter(\.isInterchange).map(\.position))
        leaderLines = shown.filter { $0.leader != nil }.count
        longestLeaderMillimetres = shown.compactMap(\.leader).map { leader in
            Double(hypot(leader.to.x - leader.from.x, leader.to.y - leader.from.y)) / pixelsPerMillimetre
        }.max().map { ($0 * 10).rounded() / 10 } ?? 0
        leaderCrossings = shown.filter { label in
            guard let leader = label.leader else { return false }
            return shown.contains { $0.labelIndex != label.labelIndex && LineObstacles.segmentMeetsRect(leader.from, leader.to, $0.textBounds) }
        }.count
        leadersAcrossLines = shown.filter { label in
            label.leader.map { obstacles.leaderCrossesLine($0, scale: scale, origin: drawing.bounds.origin) } ?? false
        }.count
        farthestLabelMillimetres = shown.filter { $0.leader == nil }.map { label -> Double in
            let centre = world(label.anchor), box = label.textBounds
            let dx = max(max(box.minX - centre.x, 0), centre.x - box.maxX), dy = max(max(box.minY - centre.y, 0), centre.y - box.maxY)
            let radius = Double(ringed.contains(label.anchor) ? disc + max(disc * 0.3, 1.25) : disc)
            return max(Double((dx * dx + dy * dy).squareRoot()) - radius, 0) / pixelsPerMillimetre
        }.max().map { ($0 * 10).rounded() / 10 } ?? 0
        // A name joined to its station by a leader is not read as a neighbour's, wherever it sits.
        labelsNearerAnotherStation = shown.filter { label in
            guard label.leader == nil else { return false }
            let own = label.labelIndices.flatMap { [drawing.labels[$0].station] + drawing.labels[$0].otherStations }
            return obstacles.isNearerToAnotherStation(label.textBounds, scale: scale, origin: drawing.bounds.origin, own: own)
        }.count
        let background = BackgroundObstacles(drawing: drawing, style: builder.style, widths: builder.textWidths)
        overBackground = shown.filter { background.hits($0.textBounds, scale: scale, origin: drawing.bounds.origin) }.count
        overlapping = shown.indices.filter { i in
            shown.indices.contains { j in j != i && shown[i].textBounds.overlaps(shown[j].textBounds) }
        }.count
        // The area any pan at this scale can show: the map's extent, or the screen around it when it is smaller.
        let extentX = Float(origin.width * scale), extentY = Float(origin.height * scale)
        let slackX = max(Float(viewport.width) - extentX, 0) / 2, slackY = max(Float(viewport.height) - extentY, 0) / 2
        let frame = Rect(minX: -slackX, minY: -slackY, maxX: extentX + slackX, maxY: extentY + slackY)
        cutByFrame = shown.filter {
            $0.textBounds.minX < frame.minX || $0.textBounds.minY < frame.minY
                || $0.textBounds.maxX > frame.maxX || $0.textBounds.maxY > frame.maxY
        }.count
        if let fonts = builder.fonts {
            missingGlyphs = shown.filter { label in
                label.lines.contains { !fonts.shape($0.text, sizePixels: $0.sizePixels, language: $0.language).missingCharacters.isEmpty }
            }.count
        } else {
            missingGlyphs = 0
        }
        var everLabelled = Set<Int>()
        for ladderScale in Self.ladder(zoom) {
            everLabelled.formUnion((builder.placedLabels(scale: ladderScale) ?? []).flatMap(\.labelIndices))
        }
        unlabelledAtEveryZoom = drawing.labels.indices.filter { !everLabelled.contains($0) }.map { drawing.labels[$0].text }
    }

    /// Scales a quarter octave apart from the range's bottom to its top, both included.
    public static func ladder(_ zoom: ClosedRange<Double>) -> [Double] {
        guard zoom.lowerBound > 0, zoom.upperBound.isFinite else { return [zoom.upperBound] }
        var scales: [Double] = []
        var scale = zoom.lowerBound
        while scale < zoom.upperBound && scales.count < 200 {
            scales.append(scale)
            scale *= pow(2, 0.25)
        }
        return scales + [zoom.upperBound]
    }

    /// One JSON object, keys sorted.
    public var json: String {
        // Plain numbers and strings: encoding cannot fail.
        (try? JSONWriter([.sortedKeys, .escapingSlashes]).text(encoding: self)) ?? "{}"
    }
}
