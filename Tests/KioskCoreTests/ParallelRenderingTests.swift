import Foundation
import MetroMap
import Physics
import Raster
import Testing
import TestSupport
@testable import Cartography
@testable import KioskCore

/// Frames drawn with 1, 2 and 4 threads are the same bytes: the bands are fixed by the frame, never by the pool.
struct ParallelRenderingTests {
    static let pools = [RenderPool(threads: 1), RenderPool(threads: 2), RenderPool(threads: 4)]
    let font = try! Font.loadDefault()

    /// Every frame kind the kiosk draws (full, pan from the last frame, pinch from the snapshot, the redraw once
    /// the scale settles) for each pool, as raw pixels.
    func frames(_ map: MetroMap, width: Int, height: Int, pool: RenderPool) -> [(String, [UInt32])] {
        let renderer = MapFrameRenderer(width: width, height: height,
                                        builder: MapSceneBuilder(drawing: MapDrawing(map: map), font: font), pool: pool)
        let geometry = CameraGeometry(map: map, viewport: .init(width: Double(width), height: Double(height)))
        let fitted = MapFrameRenderer.View(camera: geometry.fittedCamera)
        let centre = SchemePoint(x: map.bounds.x + map.bounds.width / 2, y: map.bounds.y + map.bounds.height / 2)
        let close = MapFrameRenderer.View(camera: geometry.camera(centredOn: centre, scale: 1))
        func pixels() -> [UInt32] {
            (0..<height).flatMap { y in Array(UnsafeBufferPointer(start: renderer.buffer.row(y), count: width)) }
        }
        var out: [(String, [UInt32])] = []
        for (name, view) in [("fitted", fitted), ("scale 1", close)] {
            #expect(renderer.render(view, scaleSettled: true).method == .full)
            out.append(("\(name) full", pixels()))
            var panned = view
            panned.offsetX += 37
            panned.offsetY -= 70
            #expect(renderer.render(panned, scaleSettled: true).method == .shifted)
            out.append(("\(name) pan", pixels()))
            let pinched = MapFrameRenderer.View(offsetX: Int(Double(panned.offsetX + width / 2) * 1.15) - width / 2,
                                                offsetY: Int(Double(panned.offsetY + height / 2) * 1.15) - height / 2,
                                                scale: panned.scale * 1.15)
            #expect(renderer.render(pinched, scaleSettled: false).method == .scaled)
            out.append(("\(name) pinch", pixels()))
            #expect(renderer.render(pinched, scaleSettled: true).method == .full)
            out.append(("\(name) settled", pixels()))
        }
        return out
    }

    func expectSameBytes(_ map: MetroMap, width: Int, height: Int) {
        let reference = frames(map, width: width, height: height, pool: Self.pools[0])
        for pool in Self.pools.dropFirst() {
            #expect(pool.threadCount == Self.pools.firstIndex { $0 === pool }.map { [1, 2, 4][$0] })
            for ((name, one), (_, many)) in zip(reference, frames(map, width: width, height: height, pool: pool)) {
                let differing = zip(one, many).filter { $0 != $1 }.count
                #expect(differing == 0, "\(width)x\(height) \(name): \(differing) pixels differ with \(pool.threadCount) threads")
            }
        }
    }

    @Test func theDemoMapIsTheSameWithOneTwoAndFourThreads() {
        expectSameBytes(try! BundledMap.loadDemo(), width: 1000, height: 700)
    }

    static let moscowDirectory = RepositoryPaths.sharedData.appendingPathComponent("maps/pmetro-moscow").path

    @Test(.enabled(if: FileManager.default.fileExists(atPath: moscowDirectory + "/Metro.trp"),
                   "the Moscow scheme is in ../shared/data/maps/pmetro-moscow"))
    func moscowIsTheSameWithOneTwoAndFourThreadsLandscapeAndPortrait() throws {
        let moscow = try PMetroImporter.importCity(directory: Self.moscowDirectory).map
        expectSameBytes(moscow, width: 1280, height: 800)
        expectSameBytes(moscow, width: 540, height: 960)
    }

    @Test func thePoolRunsEveryTaskOnceOnAWorkerOfItsOwn() {
        for pool in Self.pools {
            var seen = [Int](repeating: 0, count: 1000)
            var workers = Set<Int>()
            let lock = NSLock()
            seen.withUnsafeMutableBufferPointer { counts in
                pool.run(tasks: 1000) { task, worker in
                    counts[task] += 1
                    lock.lock(); workers.insert(worker); lock.unlock()
                }
            }
            #expect(seen.allSatisfy { $0 == 1 })
            #expect(workers.allSatisfy { (0..<pool.threadCount).contains($0) })
        }
    }

    /// Runs of a few tiny tasks, back to back: the caller usually finishes before a helper wakes, and a helper
    /// that wakes late must find the run over (or join the next one), never run a finished run's tasks again.
    @Test func backToBackRunsDoEachTaskOnceBeforeReturning() {
        for pool in Self.pools {
            var wrong = 0
            for run in 0..<3000 {
                let tasks = 2 + run % 5
                var counts = [Int](repeating: 0, count: tasks)
                counts.withUnsafeMutableBufferPointer { counts in
                    pool.run(tasks: tasks) { task, _ in counts[task] += 1 }
                }
                if counts.contains(where: { $0 != 1 }) { wrong += 1 }
            }
            #expect(wrong == 0, "\(wrong) runs on \(pool.threadCount) threads did a task other than once")
        }
    }
}
