import Raster

/// What the machine gives several threads right now: the same fixed arithmetic (no memory traffic) shared out
/// over the render pool and over one thread, timed in turns. A virtual machine's cores can be two hardware threads
/// of one physical core, or lent to other machines for a while; this row's `x t1` says how much of a second core
/// there was, where a full-redraw row's lower speed-up alone could not tell the rasterizer from the host.
enum CoreCheckRow {
    static func run(pool: RenderPool, singleThread: RenderPool, timer: FrameTimer) -> BenchmarkRow {
        // 64 tasks of about 40 µs each, like a full-redraw frame's bands at 1080p.
        let tasks = 64
        let results = UnsafeMutablePointer<UInt64>.allocate(capacity: tasks)
        defer { results.deallocate() }
        func spin(on pool: RenderPool) {
            pool.run(tasks: tasks) { task, _ in
                // Eight independent multiply-add chains fill a core's arithmetic units as drawing does, so that
                // two hardware threads sharing one core show as less than two cores (one chain would not).
                var x = SIMD8<UInt64>(0, 1, 2, 3, 4, 5, 6, 7) &+ UInt64(task)
                let factor = SIMD8<UInt64>(3, 5, 7, 9, 11, 13, 15, 17)
                for _ in 0..<12_000 {
                    x = x &* factor &+ SIMD8(x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[0])
                }
                results[task] = x.wrappedSum()
            }
        }
        let paired = timer.pairedMilliseconds({ spin(on: pool) }, { spin(on: singleThread) })
        var row = BenchmarkRow(name: "core-check arithmetic t\(pool.threadCount)", oursMilliseconds: paired.a,
                               peerMilliseconds: nil)
        row.singleThreadMilliseconds = paired.b
        return row
    }
}
