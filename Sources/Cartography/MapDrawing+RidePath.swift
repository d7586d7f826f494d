import MetroMap
import Raster

extension MapDrawing {
    /// How far (scheme units) a flattened ride path may stray from the map's curve. The map flattens to a quarter
    /// pixel on screen; a twentieth of a scheme unit is that at five pixels a unit, past the deepest zoom a kiosk
    /// shows, and a Catmull-Rom span stays at most 256 chords whatever the tolerance.
    static let ridePathTolerance: Float = 0.05

    /// The path the map draws a ride on `lineID` from station `from` to station `to` along (scheme units, from
    /// `from`'s end to `to`'s): the hop's knots through its bends, its curve flattened when the scheme draws it
    /// smooth, moved sideways as the map moves it beside lines sharing the track. Ridden against the way the scheme
    /// stores the hop it is the same path reversed, so the route lies on the line the traveller sees. nil: the map
    /// draws no such hop.
    public func ridePath(lineID: String, from: String, to: String) -> [SchemePoint]? {
        let forward = [from, to], backward = [to, from]
        guard let piece = pieces.first(where: { $0.lineID == lineID && ($0.stationIDs == forward || $0.stationIDs == backward) }),
              piece.knots.count >= 2 else { return nil }
        var path = piece.knots
        if piece.isSmooth {
            func point(_ p: SchemePoint) -> Point { Point(Float(p.x), Float(p.y)) }
            path = CurveFlattening.flatten(piece.knots.map(point), lead: piece.lead.map(point), trail: piece.trail.map(point),
                                           tolerance: Self.ridePathTolerance)
                .map { SchemePoint(x: Double($0.x), y: Double($0.y)) }
            // The flattened curve's ends are the knots themselves, not their Float roundings.
            path[0] = piece.knots[0]
            path[path.count - 1] = piece.knots[piece.knots.count - 1]
        }
        return piece.stationIDs == forward ? path : path.reversed()
    }
}

extension MapDrawing {
    /// The colour the map draws each line in, by line id (its pieces': accessible mode recolours pieces, not the
    /// scheme).
    public var lineColorsByID: [String: Color] {
        var colors: [String: Color] = [:]
        for piece in pieces where colors[piece.lineID] == nil { colors[piece.lineID] = piece.color }
        return colors
    }
}
