import Foundation
import MetroMap
import Raster

/// Where each station's name goes and from which scale on, decided once per map so zooming never makes a label
/// jump or flicker. Scales a quarter octave apart span the zoom range; labels are taken by priority (interchanges,
/// termini, then map order), and each gets the lowest scale from which one of its candidate positions stays free
/// of the lines, the station marks, the higher-priority labels and the map's frame at every scale up to the top,
/// and (short of a last resort) nearer its own station than any other, so it cannot be read as a neighbour's name.
/// That candidate is its position for good: a label shown at one scale is shown at every larger one.
final class LabelPlan {
    /// Sides of the station a label can sit on.
    enum Compass: CaseIterable { case east, west, northEast, southEast, northWest, southWest, north, south }

    /// One way to set a name: its lines and where the block sits relative to the station.
    struct Candidate {
        /// The station it sits beside: the label's own, or another platform of the same interchange.
        var station: SchemePoint
        var lines: [(text: String, language: String?, size: Float, width: Float)]
        var width: Float
        var height: Float
        var side: Compass
        /// Pixels between the station mark's reach (its outline and the clearance) and the block's margin.
        var distance: Float
        /// Which line to baseline: the main name's lines are `lineHeight` apart, the second language's smaller.
        var lineAdvances: [Float]
        var ascent: Float
        /// A last resort further out: the block's centre on this bearing from the station (radians, y down),
        /// in place of `side`.
        var bearing: Float?
        /// Farther from the station's mark than the style's label gap (about 1.5 cap heights): only when nothing
        /// nearer is free, in the top octave of the zoom range alone (there the stations are far apart), and joined to
        /// its station by a leader line so it cannot be read as a neighbour's name.
        var isLastResort = false
        var hasLeader: Bool { isLastResort }
        /// An interchange's name set on a white plate, allowed over the lines (never over a station's mark, a caption
        /// or another name), as official diagrams set the names of crowded hubs: tried only when no clear place is
        /// free, and only from twice the smallest scale up, so more interchanges in view are named at 2×. A plate
        /// further out (`isLastResort`) is joined by a leader, which may cross lines but no other station's mark.
        var onPlate = false
        /// Farther still (`LabelPlan.farthestLeader` label sizes): only for an interchange still unnamed at twice the
        /// home scale, where every place within reach of a shorter leader is another hub's name or mark.
        var isFarLeader = false
        /// The other labels whose names this block sets below the label's own, one under the other: stations sharing
        /// one interchange's mark (`LabelPlan.Placer.stack`), as the official Moscow diagram sets "Новослободская /
        /// Менделеевская".
        var members: [Int] = []
        /// Pixels the block sits right of and below where `side` sets it: a stacked block slides along its mark into
        /// the room between its neighbours.
        var slide: Float = 0, drop: Float = 0

        var alignRight: Bool {
            if let bearing { return cos(bearing) < -0.3 }
            return side == .west || side == .northWest || side == .southWest
        }

        /// The text block's top-left corner in world pixels, for a station at `centre` drawn `radius` pixels wide.
        func origin(centre: Raster.Point, radius: Float) -> Raster.Point {
            let corner = besideMark(centre: centre, radius: radius)
            return Raster.Point(corner.x + slide, corner.y + drop)
        }

        /// The corner as `side` (or `bearing`) sets it, before a stacked block's slide.
        private func besideMark(centre: Raster.Point, radius: Float) -> Raster.Point {
            let g = radius + distance, d = g * 0.75
            if let bearing {
                // The block's nearest side `g` from the station: its centre that far plus its half extent on the bearing.
                let ux = cos(bearing), uy = sin(bearing)
                let reach = g + abs(ux) * width / 2 + abs(uy) * height / 2
                return Raster.Point(centre.x + ux * reach - width / 2, centre.y + uy * reach - height / 2)
            }
            switch side {
            case .east: return Raster.Point(centre.x + g, centre.y - height / 2)
            case .west: return Raster.Point(centre.x - g - width, centre.y - height / 2)
            case .north: return Raster.Point(centre.x - width / 2, centre.y - g - height)
            case .south: return Raster.Point(centre.x - width / 2, centre.y + g)
            case .northEast: return Raster.Point(centre.x + d, centre.y - d - height)
            case .northWest: return Raster.Point(centre.x - d - width, centre.y - d - height)
            case .southEast: return Raster.Point(centre.x + d, centre.y + d)
            case .southWest: return Raster.Point(centre.x - d - width, centre.y + d)
            }
        }
    }

    struct Placement {
        /// The label is shown from this scale up (the bottom of the ladder stands for every scale below it).
        var appearance: Double
        var candidate: Candidate
        /// From this scale on the name takes this other place: a hub's far leader at twice the home scale gives way to
        /// its nearer place, or a hub's name moves aside there for another's.
        var nearer: (appearance: Double, candidate: Candidate)? = nil

        /// The candidate shown at `scale`.
        func shown(at scale: Double) -> Candidate {
            guard let nearer, nearer.appearance <= scale * (1 + 1e-9) else { return candidate }
            return nearer.candidate
        }
    }

    let scales: [Double]
    /// Per label of the drawing, in its order; nil: no candidate is ever free (the label is never drawn).
    private(set) var placements: [Placement?]
    let obstacles: LineObstacles
    /// The scheme's own captions, bullets and keys, which a name must not cover.
    let background: BackgroundObstacles
    /// The lines' badges at their termini, which a name must not cover either.
    let badges: LineBadges?
    /// What making the plan cost: candidates tried at a level, label boxes tested against the placed names, and the
    /// grid cells and strokes its line queries looked at. The scaling tests count this instead of timing the plan.
    private(set) var work = 0

    /// Labels in a row that may find no place at a level before the rest of that level is skipped (see `init`). Real
    /// overviews have long runs of names that do not fit followed by some that do: Moscow's pMetro scheme loses 49
    /// placements at 64 and 24 at 128; at 256 every bundled pMetro city's plan is the one made without the cap.
    static let saturation = 256

    /// `home`: the home view's scale (nil: the bottom of `zoom`), from which twice is where every interchange should
    /// be named.
    init(drawing: MapDrawing, style: MapStyle, fonts: FontStack, widths: TextWidthCache, zoom: ClosedRange<Double>,
         home: Double? = nil, badges: LineBadges? = nil, saturation: Int = LabelPlan.saturation) {
        self.badges = badges
        scales = LabelPlan.ladder(zoom)
        obstacles = LineObstacles(drawing: drawing, style: style)
        background = BackgroundObstacles(drawing: drawing, style: style, widths: widths)
        placements = Array(repeating: nil, count: drawing.labels.count)
        let size = style.labelPixels()
        let metrics = fonts.metrics(sizePixels: size)
        let candidates = drawing.labels.map { LabelPlan.candidates($0, style: style, metrics: metrics, widths: widths) }
        let count = scales.count
        let placer = Placer(drawing: drawing, style: style, scales: scales, obstacles: obstacles, background: background,
                            badges: badges, candidates: candidates, saturation: saturation)
        // At twice the home view's scale every interchange should be named. The plan by priority alone leaves some hubs unnamed at 2× (Moscow 98 of 117 interchanges in the
        // fitted 1080p view): ordinary names placed at a smaller scale keep their place when zooming in and fill the
        // hub's only free spots. Those hubs are given their place at 2× first, and the plan is made again around them.
        let homeScale = home ?? scales[0]
        let homeLevel = scales.lastIndex { $0 <= homeScale * (1 + 1e-9) } ?? 0
        let twice = max(scales.lastIndex { $0 <= 2 * homeScale * (1 + 1e-9) } ?? 0, homeLevel)
        var plan = placer.place(reserved: [:])
        var reserved: [Int: Placer.Spot] = [:]
        var checks = plan.checks
        // The names of the home view keep their places when the plan is made again (the hubs' places at 2× are chosen
        // clear of them): otherwise one taking a place freed by a moved name pushes out the next (New York's home view
        // lost 6 of 86). A hub's name moved to make room is the exception.
        var homeSpots: [Int: Placer.Spot] = [:]
        for (index, spot) in plan.spots.enumerated() where (spot?.level ?? count) <= homeLevel { homeSpots[index] = spot }
        for _ in 0..<2 {
            let missing = drawing.labels.indices.filter { index in
                drawing.labels[index].rank == .interchange && reserved[index] == nil && (plan.spots[index]?.level ?? count) > twice
            }
            guard !missing.isEmpty else { break }
            let found = placer.reserve(missing, at: twice, home: homeLevel, around: plan.spots, reserved: reserved)
            checks += found.checks
            guard !found.reserved.isEmpty else { break }
            reserved.merge(found.reserved) { old, _ in old }
            let kept = homeSpots.filter { index, spot in
                reserved[index] == nil && !reserved.contains { placer.meet(index, spot, $0.key, $0.value) }
            }
            plan = placer.place(reserved: kept.merging(reserved) { _, hub in hub })
            checks += plan.checks
        }
        // Hubs still unnamed at 2× whose mark another drawn name shares: both names as one block.
        let spots = placer.stack(plan.spots, at: twice, checks: &checks)
        let chosen = placer.candidates
        placements = spots.enumerated().map { index, spot in
            spot.map {
                Placement(appearance: $0.level == 0 ? 0 : scales[$0.level], candidate: chosen[index][$0.number],
                          nearer: $0.nearer.map { (scales[$0.level], chosen[index][$0.number]) })
            }
        }
        work = checks + obstacles.examined.count
    }

    /// The candidate's block grown by the label margin, in world pixels at `scale`.
    static func bounds(_ candidate: Candidate, label: MapDrawing.Label, drawing: MapDrawing, style: MapStyle, scale: Double) -> Rect {
        let station = candidate.station
        let centre = Raster.Point(Float((station.x - drawing.bounds.x) * scale), Float((station.y - drawing.bounds.y) * scale))
        // Clear of the mark's outline (an interchange's is the widest) by the clearance kept from every stroke.
        let radius = style.stationRadiusPixels(scale: scale)
        let reach = radius + max(radius * 0.3, 1.25) + Float(style.labelLineClearancePixels) + 0.5
        let corner = candidate.origin(centre: centre, radius: reach)
        let margin = Float(style.labelMarginPixels)
        return Rect(minX: corner.x - margin, minY: corner.y - margin,
                    maxX: corner.x + candidate.width + margin, maxY: corner.y + candidate.height + margin)
    }

    /// The text block inside a candidate's `bounds` (its margin taken off).
    static func textBounds(_ bounds: Rect, style: MapStyle) -> Rect {
        let margin = Float(style.labelMarginPixels)
        return Rect(minX: bounds.minX + margin, minY: bounds.minY + margin, maxX: bounds.maxX - margin, maxY: bounds.maxY - margin)
    }

    /// A far label's leader in world pixels at `scale`: from the edge of its station's mark straight to the nearest
    /// point of its text block.
    static func leader(_ candidate: Candidate, textBounds box: Rect, drawing: MapDrawing, style: MapStyle,
                       scale: Double) -> (from: Raster.Point, to: Raster.Point) {
        let station = candidate.station
        let centre = Raster.Point(Float((station.x - drawing.bounds.x) * scale), Float((station.y - drawing.bounds.y) * scale))
        let to = Raster.Point(min(max(centre.x, box.minX), box.maxX), min(max(centre.y, box.minY), box.maxY))
        let dx = to.x - centre.x, dy = to.y - centre.y, length = (dx * dx + dy * dy).squareRoot()
        let radius = style.stationRadiusPixels(scale: scale)
        let edge = min(radius + max(radius * 0.3, 1.25), length)
        guard length > 0 else { return (centre, to) }
        return (Raster.Point(centre.x + dx / length * edge, centre.y + dy / length * edge), to)
    }

    /// Clear of every stroke, station mark and background caption or bullet, inside the map's frame, and over no
    /// label in `grid`.
    static func isFree(_ bounds: Rect, scale: Double, drawing: MapDrawing, style: MapStyle, obstacles: LineObstacles,
                       background: BackgroundObstacles, grid: OccupancyGrid, overLines: Bool = false) -> Bool {
        !grid.overlaps(bounds)
            && isClear(bounds, scale: scale, drawing: drawing, style: style, obstacles: obstacles, background: background,
                       overLines: overLines)
    }

    /// Clear of every stroke (of every station mark alone when `overLines`: a name on a plate), station mark and
    /// background caption or bullet, and inside the map's frame.
    static func isClear(_ bounds: Rect, scale: Double, drawing: MapDrawing, style: MapStyle, obstacles: LineObstacles,
                        background: BackgroundObstacles, overLines: Bool = false) -> Bool {
        guard OccupancyGrid.isPlaceable(bounds), bounds.minX >= 0, bounds.minY >= 0,
              Double(bounds.maxX) <= drawing.bounds.width * scale, Double(bounds.maxY) <= drawing.bounds.height * scale
        else { return false }
        return !obstacles.hits(bounds, scale: scale, origin: drawing.bounds.origin,
                               clearance: Float(style.labelLineClearancePixels), kinds: overLines ? [.station] : [.line, .station])
            && !background.hits(bounds, scale: scale, origin: drawing.bounds.origin)
    }

    /// Whether a label's box (world pixels at `scale`) beside `station` stays inside the frame of the inset holding
    /// the station, when one does: an extra scheme's name spilling over its frame's edge (New York's Staten Island)
    /// reads as part of the map beside it. A station of the main scheme is not held.
    static func staysInItsInset(_ box: Rect, station: SchemePoint, drawing: MapDrawing, scale: Double) -> Bool {
        guard let frame = drawing.insets.first(where: { $0.contains(station) }) else { return true }
        let origin = drawing.bounds
        return Double(box.minX) >= (frame.x - origin.x) * scale && Double(box.maxX) <= (frame.maxX - origin.x) * scale
            && Double(box.minY) >= (frame.y - origin.y) * scale && Double(box.maxY) <= (frame.maxY - origin.y) * scale
    }

    /// Scales a quarter octave apart from the range's bottom up to its top, both included.
    static func ladder(_ zoom: ClosedRange<Double>) -> [Double] {
        guard zoom.lowerBound > 0, zoom.upperBound.isFinite, zoom.upperBound > zoom.lowerBound else { return [zoom.upperBound] }
        var scales: [Double] = []
        var scale = zoom.lowerBound
        while scale < zoom.upperBound * 0.999 && scales.count < 64 {
            scales.append(scale)
            scale *= pow(2, 0.25)
        }
        return scales + [zoom.upperBound]
    }

    /// Candidates best first: the side the scheme's own box is on (when it is near the station), then east, west,
    /// the diagonals, north and south, each close to the mark before further out, beside the label's own station and
    /// then beside the other platforms of its interchange; a long name also as two lines.
    static func candidates(_ label: MapDrawing.Label, style: MapStyle, metrics: FontMetrics, widths: TextWidthCache) -> [Candidate] {
        let size = style.labelPixels()
        let lineHeight = (metrics.ascent + metrics.descent + metrics.lineGap) * 1.05
        let secondSize = size * Float(style.secondLanguageScale)
        // A name no configured font can draw shows the station's other name (Bangkok's Siam with a Tibetan-only name).
        var label = label
        if !widths.canDraw(label.text, language: label.language),
           let other = label.alternatives.first(where: { widths.canDraw($0.text, language: $0.language) }) {
            label.text = other.text
            label.language = other.language
            if label.secondText == other.text { label.secondText = nil }
        }
        var shapes: [[String]] = [[label.text]]
        if let wrapped = wrap(label.text) { shapes.append(wrapped) }
        var sides: [Compass] = [.east, .west, .northEast, .southEast, .northWest, .southWest, .north, .south]
        if let preferred = preferredSide(label, style: style) { sides = [preferred] + sides.filter { $0 != preferred } }
        let distances: [Float] = [2, 0.5 * size, 1.5 * size, 3 * size]
        // The gap a name may keep from its mark without a leader: the candidate's distance plus the clearance kept
        // from the mark and the half pixel of rounding (`bounds`).
        let gap = style.labelGapPixels() - Float(style.labelLineClearancePixels) - 0.5
        var result: [Candidate] = []
        for shape in shapes {
            var lines = shape.map { (text: $0, language: label.language, size: size,
                                     width: widths.width(of: $0, language: label.language, sizePixels: size)) }
            var advances = Array(repeating: lineHeight, count: max(lines.count - 1, 0))
            if let second = label.secondText {
                lines.append((second, label.secondLanguage, secondSize,
                              widths.width(of: second, language: label.secondLanguage, sizePixels: secondSize)))
                advances.append(lineHeight * Float(style.secondLanguageScale))
            }
            let width = lines.map(\.width).max() ?? 0
            let height = lineHeight + advances.reduce(0, +)
            for distance in distances {
                for station in [label.station] + label.otherStations {
                    for side in sides {
                        result.append(Candidate(station: station, lines: lines, width: width, height: height, side: side,
                                                distance: distance, lineAdvances: advances, ascent: metrics.ascent,
                                                isLastResort: distance > gap))
                    }
                }
            }
            // An interchange's last choice near its mark: on a plate over the lines, close before further out.
            if label.rank == .interchange {
                for distance in distances where distance <= gap {
                    for station in [label.station] + label.otherStations {
                        for side in sides {
                            result.append(Candidate(station: station, lines: lines, width: width, height: height, side: side,
                                                    distance: distance, lineAdvances: advances, ascent: metrics.ascent,
                                                    onPlate: true))
                        }
                    }
                }
            }
            // Crowded hubs: sixteen bearings further out, into whatever gap the lines leave; an interchange's last
            // choice also on a plate over the lines, as official diagrams join a hub's name by a leader across them.
            for plated in label.rank == .interchange ? [false, true] : [false] {
                for distance in [2 * size, 4 * size, 7 * size] {
                    for station in [label.station] + label.otherStations {
                        for step in 0..<16 {
                            result.append(Candidate(station: station, lines: lines, width: width, height: height, side: .east,
                                                    distance: distance, lineAdvances: advances, ascent: metrics.ascent,
                                                    bearing: Float(step) * .pi / 8, isLastResort: true, onPlate: plated))
                        }
                    }
                }
                // Hubs left unnamed at 2× (`Placer.reserve`): farther out, to the bound on a leader's length.
                // Thirty-two bearings at three reaches: between dense hubs the gaps are narrow.
                for reach in [5.5, 8.5, farthestLeader] where label.rank == .interchange {
                    for station in [label.station] + label.otherStations {
                        for step in 0..<32 {
                            var far = Candidate(station: station, lines: lines, width: width, height: height, side: .east,
                                                distance: reach * size, lineAdvances: advances, ascent: metrics.ascent,
                                                bearing: Float(step) * .pi / 16, isLastResort: true, onPlate: plated)
                            far.isFarLeader = true
                            result.append(far)
                        }
                    }
                }
            }
        }
        return result
    }

    /// How far out, in label sizes, the farthest leader reaches from its station's mark: the bound on a leader's
    /// length (audit-map's longest_leader_mm: 43 mm at 2× of Moscow's fitted 1080p view, 96 dpi). Leaders up to 7
    /// label sizes left ten of Moscow's central hubs unnamed at 2×.
    static let farthestLeader: Float = 10

    /// How many hubs' names in the way of an unnamed hub's place at 2× may move aside for it (`Placer.makeRoom`).
    static let blockersMoved = 3

    /// Squares along a leader, 2 px wide and 3 px apart, standing for it where names are tested against each other.
    static func leaderSquares(_ leader: (from: Raster.Point, to: Raster.Point)) -> [Rect] {
        let dx = leader.to.x - leader.from.x, dy = leader.to.y - leader.from.y
        let steps = max(Int(((dx * dx + dy * dy).squareRoot() / 3).rounded(.up)), 1)
        return (0...steps).map { step in
            let t = Float(step) / Float(steps), x = leader.from.x + dx * t, y = leader.from.y + dy * t
            return Rect(minX: x - 1, minY: y - 1, maxX: x + 1, maxY: y + 1)
        }
    }

    /// Whether two footprints (a name's box and its leader's squares) meet.
    static func meet(_ a: [Rect], _ b: [Rect]) -> Bool { a.contains { box in b.contains { box.overlaps($0) } } }

    /// A name of more than 12 characters split at the space nearest its middle, unless a part is 1–2 letters.
    static func wrap(_ text: String) -> [String]? {
        guard text.count > 12 else { return nil }
        let spaces = text.indices.filter { text[$0] == " " }
        let middle = text.count / 2
        guard let split = spaces.min(by: {
            abs(text.distance(from: text.startIndex, to: $0) - middle) < abs(text.distance(from: text.startIndex, to: $1) - middle)
        }) else { return nil }
        let parts = [String(text[..<split]), String(text[text.index(after: split)...])]
        return parts.allSatisfy({ $0.count > 2 }) ? parts : nil
    }

    /// The side of the station the scheme's own box is on, when the box is within three station widths of it.
    static func preferredSide(_ label: MapDrawing.Label, style: MapStyle) -> Compass? {
        guard let box = label.box, box.width.isFinite, box.height.isFinite else {
            switch label.anchor {
            case .right: return nil
            case .left: return .west
            case .above: return .north
            case .below: return .south
            case .aboveRight: return .northEast
            case .aboveLeft: return .northWest
            case .belowRight: return .southEast
            case .belowLeft: return .southWest
            }
        }
        let p = label.station, reach = style.stationRadius * 6
        let dx = max(box.x - p.x, 0, p.x - box.maxX), dy = max(box.y - p.y, 0, p.y - box.maxY)
        guard dx * dx + dy * dy <= reach * reach else { return nil }
        let centreX = box.x + box.width / 2 - p.x, centreY = box.y + box.height / 2 - p.y
        let east = box.x >= p.x - style.stationRadius, west = box.maxX <= p.x + style.stationRadius
        let above = centreY < -box.height / 2, below = centreY > box.height / 2
        switch (east || (!west && centreX > 0 && abs(centreX) > abs(centreY)), west || (!east && centreX < 0 && abs(centreX) > abs(centreY))) {
        case (true, _): return above ? .northEast : below ? .southEast : .east
        case (_, true): return above ? .northWest : below ? .southWest : .west
        default: return centreY < 0 ? .north : .south
        }
    }
}
