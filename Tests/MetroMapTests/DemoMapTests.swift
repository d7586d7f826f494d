import Testing
@testable import MetroMap

@Suite struct DemoMapTests {
    let map: MetroMap

    init() throws {
        map = try BundledMap.loadDemo()
    }

    @Test func demoMapIsFoundInTheSourceTree() throws {
        let path = try #require(BundledMap.demoPath)
        #expect(path.hasSuffix("maps/demo-city.toml"))
    }

    @Test func demoMapMeetsItsFloor() {
        #expect(map.lines.count >= 6)
        #expect(map.stations.count >= 60)
        #expect(map.lines.contains { $0.hasLoop })
        #expect(map.lines.contains { $0.hasBranch })
        #expect(map.transfers.count >= 4)
        // Interchanges also as stations shared by several lines.
        #expect(map.stations.contains { map.lines(servingStation: $0.id).count >= 3 })
        #expect(map.bounds.width >= 1500 && map.bounds.height >= 1000)
    }

    @Test func everyStationHasALatinNameAndACyrillicOne() {
        for station in map.stations {
            #expect(station.name.unicodeScalars.allSatisfy { $0.isASCII }, "\(station.id)")
            let russian = station.localizedNames["ru"] ?? ""
            #expect(russian.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }, "\(station.id)")
        }
    }

    @Test func everyStationIsPlacedWithALabelAndNoLabelsOverlap() {
        let boxes = map.stations.compactMap(\.labelBox)
        #expect(boxes.count == map.stations.count)
        #expect(map.stations.allSatisfy { $0.isPlaced })
        for (index, box) in boxes.enumerated() {
            for other in boxes[(index + 1)...] {
                #expect(!box.intersects(other), "\(box) overlaps \(other)")
            }
            #expect(box.x >= map.bounds.x && box.maxX <= map.bounds.maxX && box.y >= map.bounds.y
                    && box.maxY <= map.bounds.maxY)
        }
    }

    @Test func labelsDoNotCoverStationCircles() {
        for box in map.stations.compactMap(\.labelBox) {
            for station in map.stations {
                guard let position = station.position else { continue }
                let circle = SchemeRect(x: position.x - 8, y: position.y - 8, width: 16, height: 16)
                #expect(!box.intersects(circle), "label \(box) covers \(station.id)")
            }
        }
    }

    @Test func everyStationCanReachEveryOther() throws {
        let graph = StationGraph(map: map)
        let start = try #require(map.stations.first?.id)
        for station in map.stations {
            #expect(graph.quickestRoute(from: start, to: station.id) != nil, "\(station.id)")
        }
    }
}
