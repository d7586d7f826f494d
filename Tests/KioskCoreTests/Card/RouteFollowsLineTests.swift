import Foundation
import MetroMap
import Overlay
import struct Physics.ScreenPoint
import struct Physics.ScreenSize
import Raster
import TestSupport
import Testing
@testable import Cartography
@testable import KioskCore

/// The route over the veil lies on the line the map draws: each ride follows its hop's bends (pMetro's
/// `AdditionalNodes`), its spline when the scheme draws it smooth, the other way round when ridden against the
/// hop's stored direction, and the sideways shift of lines sharing a track; not a straight chord across the map.
struct RouteFollowsLineTests {
    static let singaporeDirectory = RepositoryPaths.sharedData("maps/pmetro-singapore").path
    static let moscowDirectory = RepositoryPaths.sharedData("maps/pmetro-moscow").path
    static let scale = 2.0

    /// The platforms of `names` on the line called `line`, in that order.
    static func stations(_ names: [String], on line: String, in map: MetroMap) throws -> (line: MetroLine, ids: [String]) {
        let metroLine = try #require(map.lines.first { $0.name == line })
        let ids = try names.map { name in try #require(metroLine.stationIDs.first { map.station(id: $0)?.name == name }) }
        return (metroLine, ids)
    }

    /// Screen pixels as the map's scene puts them at `scale` with no offset.
    static func projection(_ drawing: MapDrawing, scale: Double) -> MapProjection {
        let origin = drawing.bounds.origin
        return MapProjection { ScreenPoint(x: ($0.x - origin.x) * scale, y: ($0.y - origin.y) * scale) }
    }

    /// The polylines the map strokes in `color` at `scale`: its lines as drawn.
    static func drawnLines(_ drawing: MapDrawing, color: Color, scale: Double) -> [[Point]] {
        let builder = MapSceneBuilder(drawing: drawing, font: nil)
        let width = Int((drawing.bounds.width * scale).rounded(.up)), height = Int((drawing.bounds.height * scale).rounded(.up))
        let scene = builder.scene(offsetX: 0, offsetY: 0, scale: scale, visible: IntRect(x: 0, y: 0, width: width, height: height))
        return scene.commands.compactMap { command in
            guard case let .strokePolyline(points, _, stroke) = command, stroke.xrgb == color.xrgb else { return nil }
            return points
        }
    }

    static func distance(_ p: Point, to polyline: [Point]) -> Float {
        var best = Float.infinity
        for (a, b) in zip(polyline, polyline.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            let length = dx * dx + dy * dy
            let t = length > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0), 1) : 0
            let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
            best = min(best, (x * x + y * y).squareRoot())
        }
        return best
    }

    /// Points every pixel along `polyline`.
    static func samples(_ polyline: [Point]) -> [Point] {
        var result = polyline.prefix(1).map { $0 }
        for (a, b) in zip(polyline, polyline.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            let steps = max(1, Int((dx * dx + dy * dy).squareRoot().rounded(.up)))
            for step in 1...steps {
                let t = Float(step) / Float(steps)
                result.append(Point(a.x + t * dx, a.y + t * dy))
            }
        }
        return result
    }

    /// How far the farthest pixel of each hop of `route` lies from the map's drawn line in `color`.
    static func straying(_ route: RouteHighlightElement, drawing: MapDrawing, color: Color) -> [Float] {
        let drawn = drawnLines(drawing, color: color, scale: scale)
        let projection = projection(drawing, scale: scale)
        return route.shownHops.map { hop in
            let path = hop.path.map { Point(projection.screenPoint(of: $0)) }
            return samples(path).map { point in drawn.map { distance(point, to: $0) }.min() ?? .infinity }.max() ?? .infinity
        }
    }

    /// Singapore's East West line from City Hall to Tiong Bahru bends between Raffles Place and Tanjong Pagar (the
    /// scheme's node at 626,774): both ways round, every pixel of the route lies on the drawn green line; the
    /// straight chord of that hop strays far off it.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: singaporeDirectory + "/Metro.trp"),
                   "the Singapore scheme is in ../shared/data/maps/pmetro-singapore"))
    func singaporesEastWestRouteFollowsTheBendAtTanjongPagar() throws {
        let map = try PMetroImporter.importCity(directory: Self.singaporeDirectory).map
        let drawing = MapDrawing(map: map)
        let (line, ids) = try Self.stations(["City Hall", "Raffles Place", "Tanjong Pagar", "Outram Park", "Tiong Bahru"],
                                            on: "East West", in: map)
        let color = Color(red: line.color.red, green: line.color.green, blue: line.color.blue)
        let route = RouteHighlightElement(screen: IntRect(x: 0, y: 0, width: 1280, height: 800))
        for order in [ids, ids.reversed()] {
            route.show(order, on: map) { drawing.ridePath(lineID: $0, from: $1, to: $2) }
            let bend = try #require(route.shownHops.first { Set($0.stationIDs) == Set([ids[1], ids[2]]) })
            #expect(bend.path.count > 2, "the Raffles Place – Tanjong Pagar hop keeps its bend")
            #expect(bend.path.first == bend.from && bend.path.last == bend.to, "drawn from the station ridden from")
            let off = Self.straying(route, drawing: drawing, color: color)
            #expect(off.allSatisfy { $0 <= 1 }, "pixels off the drawn line per hop: \(off)")
        }
        route.show(ids, on: map)
        let chords = Self.straying(route, drawing: drawing, color: color)
        #expect(chords[1] > 20, "the straight chord across the bend strays \(chords[1]) px")
    }

    /// The route's pixels cover the bend itself: at the scheme's node between Raffles Place and Tanjong Pagar the
    /// highlight is the line's colour; a chord leaves it bare.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: singaporeDirectory + "/Metro.trp"),
                   "the Singapore scheme is in ../shared/data/maps/pmetro-singapore"))
    func theHighlightCoversTheBendAtTanjongPagar() throws {
        let map = try PMetroImporter.importCity(directory: Self.singaporeDirectory).map
        let drawing = MapDrawing(map: map)
        let (line, ids) = try Self.stations(["City Hall", "Raffles Place", "Tanjong Pagar", "Outram Park"], on: "East West", in: map)
        let hop = try #require(line.link(from: ids[1], to: ids[2]) ?? line.link(from: ids[2], to: ids[1]))
        let node = try #require(hop.bendPoints.first)
        let color = Color(red: line.color.red, green: line.color.green, blue: line.color.blue)
        let projection = Self.projection(drawing, scale: Self.scale)
        let at = Point(projection.screenPoint(of: node))
        let screen = IntRect(x: 0, y: 0, width: Int(drawing.bounds.width * Self.scale) + 1, height: Int(drawing.bounds.height * Self.scale) + 1)
        func pixel(following: Bool) -> UInt32 {
            let route = RouteHighlightElement(screen: screen)
            if following {
                route.show(ids, on: map) { drawing.ridePath(lineID: $0, from: $1, to: $2) }
            } else {
                route.show(ids, on: map)
            }
            route.advance(to: 0, map: projection)
            let buffer = PixelBuffer(width: screen.width, height: screen.height)
            route.draw(on: Canvas(buffer: buffer))
            return buffer.pixel(x: Int(at.x), y: Int(at.y)) ?? 0
        }
        #expect(pixel(following: true) & 0xFFFFFF == color.xrgb & 0xFFFFFF)
        #expect(pixel(following: false) & 0xFFFFFF != color.xrgb & 0xFFFFFF)
    }

    /// Moscow draws hops as splines: a smooth hop's route lies on the map's curve to a pixel, ridden either way.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: moscowDirectory + "/Metro.trp"),
                   "the Moscow scheme is in ../shared/data/maps/pmetro-moscow"))
    func aSplineHopIsFollowedAlongItsCurveBothWays() throws {
        let map = try PMetroImporter.importCity(directory: Self.moscowDirectory).map
        let drawing = MapDrawing(map: map)
        let smooth = drawing.pieces.filter { $0.isSmooth && $0.knots.count >= 3 && $0.stationIDs.count == 2 }.prefix(5)
        #expect(smooth.count == 5)
        let route = RouteHighlightElement(screen: IntRect(x: 0, y: 0, width: 1280, height: 800))
        for piece in smooth {
            for ids in [piece.stationIDs, piece.stationIDs.reversed()] {
                route.show(ids, on: map) { drawing.ridePath(lineID: $0, from: $1, to: $2) }
                let path = try #require(route.shownHops.first).path
                #expect(path.count > piece.knots.count, "the curve flattened")
                let off = Self.straying(route, drawing: drawing, color: piece.color)
                #expect(off.allSatisfy { $0 <= 1 }, "\(piece.lineID) \(ids): \(off) px off the drawn curve")
            }
        }
    }

    /// The route a Singapore kiosk at `from` shows for a tap on East West's `to`, over the map as the loop draws it.
    static func singaporeJourney(from: String, to: String) throws -> KioskJourney {
        let map = try PMetroImporter.importCity(directory: singaporeDirectory).map
        var config = KioskConfig()
        config.map.youAreHere = from
        let place = try #require(config.youAreHerePlace(in: map))
        let journey = KioskJourney(map: map, place: place, settings: config.cardSettings(), fonts: nil,
                                   screen: IntRect(x: 0, y: 0, width: 1280, height: 800))
        journey.drawing = MapDrawing(map: map)
        let (_, ids) = try stations([to], on: "East West", in: map)
        journey.showRoute(of: try #require(journey.journey(to: ids[0], language: nil)))
        return journey
    }

    /// The kiosk's journey draws its route along the map the loop drew (`KioskJourney.drawing`).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: singaporeDirectory + "/Metro.trp"),
                   "the Singapore scheme is in ../shared/data/maps/pmetro-singapore"))
    func theJourneysRouteFollowsTheDrawing() throws {
        let journey = try Self.singaporeJourney(from: "City Hall", to: "Tiong Bahru")
        #expect(journey.route.shownHops.contains { $0.path.count > 2 }, "\(journey.route.shownHops.map(\.path.count))")
    }

    /// The camera fitted to a route shows its bends too: Raffles Place → Tanjong Pagar bends below both stations, and
    /// fitted to the stations alone (as deep as a scale of 50 allows) the bend fell outside the free screen.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: singaporeDirectory + "/Metro.trp"),
                   "the Singapore scheme is in ../shared/data/maps/pmetro-singapore"))
    func theFittedRouteShowsItsBend() throws {
        let journey = try Self.singaporeJourney(from: "Raffles Place", to: "Tanjong Pagar")
        let geometry = CameraGeometry(map: journey.map, viewport: ScreenSize(width: 1280, height: 800))
        let framing = journey.framing(of: journey.route.stationIDs, youAreHere: nil, controls: nil, geometry: geometry,
                                      maximumScale: 50)
        let points = journey.route.shownHops.flatMap(\.path)
        #expect(points.count > 2)
        for point in points {
            let shown = geometry.screenPoint(ofScheme: point, camera: framing.camera)
            #expect(shown.x >= framing.free.minX && shown.x <= framing.free.maxX && shown.y >= framing.free.minY
                        && shown.y <= framing.free.maxY, "\(point) shows at \(shown), outside \(framing.free)")
        }
    }
}
