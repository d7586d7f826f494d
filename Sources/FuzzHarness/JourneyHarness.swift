import KioskCore
import MetroMap
import Raster

/// Map file bytes → the whole path one tap takes on a kiosk (issue 38: a tap once trapped in the card's minutes): an
/// accepted map is routed from its first station to its last and to one chosen by the input, and the kiosk's loop
/// settles the journey card and the framed route on a small screen, as `snapshot --route` does.
enum JourneyHarness {
    // One font stack for every input: fonts lock their own faces and caches (issue 35).
    static let fonts = try? FontStack.loadDefault()

    static func run(_ bytes: [UInt8]) {
        guard let map = try? MapFileLoader.parse(bytes: bytes, fileName: "fuzz.toml"),
              let from = map.stations.first, let last = map.stations.last else { return }
        // A second destination picked by the input's own bytes, so mutations reach middle stations too.
        let picked = map.stations[bytes.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF } % map.stations.count]
        for to in [last, picked] {
            _ = try? KioskStill.render(.route(from: from.id, to: to.id), settings: KioskConfig(), map: map, fonts: fonts,
                                          width: 96, height: 64)
        }
    }
}
