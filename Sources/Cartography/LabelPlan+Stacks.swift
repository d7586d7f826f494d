import MetroMap
import Raster

extension LabelPlan {
    /// The most names one stacked block sets: an interchange whose mark holds more labels than this is left to
    /// the plan's own places (a scheme's transfer of thousands of platforms must not cost a pass over them all).
    static let stackedNames = 3

    /// Ways to set `member`'s name under `lead`'s as one block, left-aligned east of the mark and right-aligned west
    /// of it: beside the lead's platforms and the member's, close before further out, clear of the lines before on
    /// a plate (an interchange's name may sit on one). Never on a leader: a block beside the shared mark is what
    /// reads as both stations' names.
    static func stacked(lead: [Candidate], member: [Candidate], memberIndex: Int, stations: [SchemePoint],
                        gap: Float) -> [Candidate] {
        guard let first = lead.first else { return [] }
        let leadLines = first.lines, leadAdvances = first.lineAdvances
        let lineHeight = first.height - leadAdvances.reduce(0, +)
        // The member's name on one line, and wrapped when it has a wrapped shape.
        var shapes: [Candidate] = []
        for candidate in member where !shapes.contains(where: { $0.lines.map(\.text) == candidate.lines.map(\.text) }) {
            shapes.append(candidate)
        }
        var result: [Candidate] = []
        for plated in [false, true] {
            for shape in shapes {
                let width = max(first.width, shape.width), height = first.height + shape.height
                // The block set as its side sets it, and slid along the mark in steps of a quarter line: east and west of
                // it up or down (the label's own line on top when the block slides down, the other name on top when it
                // slides up), north and south of it left or right, as far as the block still spans the mark.
                let leadFirst = (lines: leadLines + shape.lines, advances: leadAdvances + [lineHeight] + shape.lineAdvances)
                let memberFirst = (lines: shape.lines + leadLines,
                                   advances: shape.lineAdvances + [shape.height - shape.lineAdvances.reduce(0, +)] + leadAdvances)
                let step = lineHeight / 4, reachY = (height - first.height) / 2, reachX = width / 2
                let downs = stride(from: Float(0), through: reachY, by: step), acrosses = stride(from: Float(0), through: reachX, by: 2 * step)
                var ways: [(lines: [(text: String, language: String?, size: Float, width: Float)], advances: [Float],
                            side: Compass, slide: Float, drop: Float)] = []
                for side in Compass.allCases {
                    switch side {
                    case .east, .west:
                        for drop in downs {
                            ways.append((leadFirst.lines, leadFirst.advances, side, 0, drop))
                            if drop > 0 { ways.append((memberFirst.lines, memberFirst.advances, side, 0, -drop)) }
                        }
                    case .north, .south:
                        let order = side == .north ? memberFirst : leadFirst
                        for across in acrosses {
                            ways.append((order.lines, order.advances, side, across, 0))
                            if across > 0 { ways.append((order.lines, order.advances, side, -across, 0)) }
                        }
                    case .northEast, .northWest:
                        ways.append((memberFirst.lines, memberFirst.advances, side, 0, 0))
                    case .southEast, .southWest:
                        ways.append((leadFirst.lines, leadFirst.advances, side, 0, 0))
                    }
                }
                for distance in [2, 0.5 * first.lines[0].size] where distance <= gap {
                    for station in stations {
                        for way in ways {
                            var candidate = Candidate(station: station, lines: way.lines, width: width, height: height,
                                                      side: way.side, distance: distance, lineAdvances: way.advances,
                                                      ascent: first.ascent, onPlate: plated)
                            candidate.members = [memberIndex]
                            candidate.slide = way.slide
                            candidate.drop = way.drop
                            result.append(candidate)
                        }
                    }
                }
            }
        }
        return result
    }
}

extension LabelPlan.Placer {
    /// The plan `spots` with interchanges still unnamed at `level` (twice the home scale) named in one block with
    /// another label of the same interchange's mark that is shown there, the other's name and theirs one under the
    /// other. Beside Moscow's densest hubs every place free of the lines is another hub's name, and each of
    /// Менделеевская, Сретенский бульвар and Площадь трёх вокзалов shares its mark with a hub whose name is drawn
    /// (Новослободская, Тургеневская and Чистые пруды, Комсомольская). The block takes the other's place from the
    /// lowest scale where it is free of every other name of the plan, up to `level`. Else, from `level` on, a block
    /// whose only obstacles are up to `LabelPlan.blockersMoved` names not shown below `level`, each of which can join
    /// a block with another name of its own mark in turn, frees its place so: "Тургеневская / Сретенский бульвар"
    /// goes where Пушкинская and Цветной бульвар were, as "Чеховская / Пушкинская" and "Цветной бульвар / Трубная".
    /// A name set in a block gives up its own place.
    func stack(_ spots: [Spot?], at level: Int, checks: inout Int) -> [Spot?] {
        let count = scales.count
        let missing = drawing.labels.indices.filter {
            drawing.labels[$0].rank == .interchange && (spots[$0]?.level ?? count) > level
        }
        guard !missing.isEmpty else { return spots }
        var group: [SchemePoint: Int] = [:]
        for (index, interchange) in drawing.interchanges.enumerated() {
            for station in interchange.stations { group[station] = index }
        }
        func groups(_ index: Int) -> Set<Int> {
            let label = drawing.labels[index]
            return Set(([label.station] + label.otherStations).compactMap { group[$0] })
        }
        var labelsAt: [Int: [Int]] = [:]
        for index in drawing.labels.indices where drawing.labels[index].rank == .interchange {
            for at in groups(index) { labelsAt[at, default: []].append(index) }
        }
        /// The other labels of `index`'s marks, of marks with few enough labels to stack.
        func partners(_ index: Int) -> [Int] {
            Set(groups(index).flatMap { at -> [Int] in
                let here = labelsAt[at] ?? []
                return here.count <= LabelPlan.stackedNames ? here : []
            }).subtracting([index]).sorted()
        }
        let gap = style.labelGapPixels() - Float(style.labelLineClearancePixels) - 0.5
        var made: [[Int]: Range<Int>] = [:]
        /// `lead`'s blocks with `member`'s name, beside any platform of the shared mark (the unnamed ones too).
        func blocks(_ lead: Int, _ member: Int) -> Range<Int> {
            if let numbers = made[[lead, member]] { return numbers }
            var stations: [SchemePoint] = []
            let shared = groups(member).intersection(groups(lead)).sorted().flatMap { drawing.interchanges[$0].stations }
            for station in [drawing.labels[lead].station] + drawing.labels[lead].otherStations
                + [drawing.labels[member].station] + drawing.labels[member].otherStations + shared
            where !stations.contains(station) {
                stations.append(station)
            }
            let numbers = append(LabelPlan.stacked(lead: candidates[lead], member: candidates[member], memberIndex: member,
                                                   stations: stations, gap: gap), to: lead)
            made[[lead, member]] = numbers
            return numbers
        }
        /// Free of what does not move and of `grids` from `from` up.
        func isFree(_ index: Int, _ number: Int, from: Int, in grids: [OccupancyGrid]) -> Bool {
            checks += 1
            return isClear(index, number, from: from, checks: &checks)
                && !(from..<count).contains { grids[$0].overlaps(footprint(index, number, at: $0)) }
        }
        /// `spot` shown from its level to `from`, then candidate `number`.
        func spot(_ spot: Spot, then number: Int, from: Int) -> Spot {
            from == spot.level ? Spot(level: from, number: number)
                : Spot(level: spot.level, number: spot.number, nearer: (from, number))
        }
        func occupancy(of spots: [Spot?]) -> [OccupancyGrid] {
            var grids = scales.map { _ in OccupancyGrid(cellSize: 96) }
            for (index, spot) in spots.enumerated() {
                if let spot { grids.insert(index, spot, from: spot.level, footprint: footprint) }
            }
            return grids
        }
        var spots = spots
        var taken = occupancy(of: spots)
        var stacked = Set<Int>()
        /// `name` (not shown below `level`) set from `level` on in a block under another name of its mark, free in
        /// `grids` (which then hold it): the other's index and spot.
        func absorb(_ name: Int, into grids: inout [OccupancyGrid], sparing: Set<Int>) -> (Int, Spot)? {
            for lead in partners(name) where !sparing.contains(lead) && !stacked.contains(lead) {
                guard let old = spots[lead], old.level <= level, (old.nearer?.level ?? count) >= level else { continue }
                grids.remove(lead, old, from: old.level, footprint: footprint)
                if let number = blocks(lead, name).first(where: { isFree(lead, $0, from: level, in: grids) }) {
                    let new = spot(Spot(level: old.level, number: old.number), then: number, from: level)
                    grids.insert(lead, new, from: new.level, footprint: footprint)
                    return (lead, new)
                }
                grids.insert(lead, old, from: old.level, footprint: footprint)
            }
            return nil
        }
        for member in missing {
            for lead in partners(member) where !stacked.contains(lead) {
                guard let old = spots[lead], old.level <= level else { continue }
                let numbers = blocks(lead, member)
                var grids = taken
                grids.remove(lead, old, from: old.level, footprint: footprint)
                if let own = spots[member] { grids.remove(member, own, from: own.level, footprint: footprint) }
                // Below the lead's other place (`nearer`) the block would need a third candidate: it starts there.
                let highest = old.nearer.map { min($0.level, level) } ?? level
                var changes: [Int: Spot?]?
                search: for from in old.level...highest {
                    for number in numbers where isFree(lead, number, from: from, in: grids) {
                        changes = [lead: spot(old, then: number, from: from), member: nil]
                        break search
                    }
                }
                if changes == nil, highest == level {
                    var others = spots
                    others[lead] = nil
                    others[member] = nil
                    var kept: [Int: Spot] = [:]
                    for (index, spot) in others.enumerated() { if let spot { kept[index] = spot } }
                    let names = boxes(of: kept, from: level).map(LabelBoxIndex.init)
                    tries: for number in numbers {
                        checks += 1
                        guard isClear(lead, number, from: level, checks: &checks) else { continue }
                        var blockers = Set<Int>()
                        for at in level..<count {
                            checks += names[at].count
                            names[at].insertNames(meeting: footprint(lead, number, at: at), into: &blockers)
                        }
                        guard !blockers.isEmpty, blockers.count <= LabelPlan.blockersMoved,
                              blockers.allSatisfy({ !stacked.contains($0) && (spots[$0]?.level ?? count) >= level })
                        else { continue }
                        var trial = grids
                        for name in blockers { trial.remove(name, spots[name]!, from: spots[name]!.level, footprint: footprint) }
                        let block = spot(old, then: number, from: level)
                        trial.insert(lead, block, from: level, footprint: footprint)
                        var moved: [Int: Spot?] = [lead: block, member: nil]
                        for name in blockers.sorted() {
                            guard let (other, place) = absorb(name, into: &trial,
                                                              sparing: blockers.union([lead, member]).union(moved.keys))
                            else { continue tries }
                            moved[other] = place
                            moved[name] = .some(nil)
                        }
                        changes = moved
                        break
                    }
                }
                guard let changes else { continue }
                for (index, spot) in changes { spots[index] = spot }
                stacked.formUnion(changes.keys)
                taken = occupancy(of: spots)
                break
            }
        }
        return spots
    }
}
