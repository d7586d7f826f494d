import Foundation
import MetroMap
import Raster
import TestSupport
import Testing
@testable import KioskCore

/// A loop draws with the pool it is given and never resizes the process's shared pool (issue 35): loops made by
/// parallel test cases, each with its own `render_threads`, once replaced the shared pool under each other.
struct LoopRenderPoolTests {
    static let demo = try! BundledMap.loadDemo()

    @Test func aLoopDrawsWithItsPoolAndLeavesTheSharedOneAlone() throws {
        let shared = RenderPool.shared
        // A thread count the shared pool does not have, so a resize would replace it.
        let config = try KioskConfigLoader.parse(text: "[display]\nrender_threads = \(shared.threadCount % 8 + 2)\n",
                                                 fileName: "pool.toml")
        let own = RenderPool(threads: 2)
        let clock = SimulatedClock(startMicroseconds: 0)
        let loop = try KioskLoop(map: Self.demo, config: config, fonts: nil, input: TraceInput(frames: []),
                                 output: DamageOnlyScreen(width: 320, height: 200, clock: clock), clock: clock, pool: own)
        #expect(loop.renderer.pool === own)
        #expect(RenderPool.shared === shared, "making a loop replaced the process's render pool")
    }
}
