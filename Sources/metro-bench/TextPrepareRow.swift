import Raster

/// Text preparation alone: the labels of the fitted real frame resolved into placed glyph masks (banded drawing's
/// prepare pass over the frame's text commands), on the pool and on one thread timed in turns, so the row shows how
/// preparing text scales with threads (`x t1`). Each side keeps its drawer, so both run from warm glyph memos as a
/// frame does after the first.
enum TextPrepareRow {
    static func run(_ real: MapBenchmark, _ panel: Panel, pool: RenderPool, singleThread: RenderPool,
                    timer: FrameTimer) -> BenchmarkRow {
        let (width, height) = (panel.width, panel.height)
        let fitted = real.views(width: width, height: height)[0].view
        let scene = SceneCommandKind.labels.filter(real.scene(fitted, width: width, height: height, builder: real.builder()))
        let canvas = Canvas(buffer: PixelBuffer(width: width, height: height))
        let onPool = BandedSceneDrawer(), alone = BandedSceneDrawer()
        var glyphs = 0
        let paired = timer.pairedMilliseconds({ glyphs = onPool.prepare(scene, on: canvas, pool: pool) },
                                              { alone.prepare(scene, on: canvas, pool: singleThread) })
        var row = BenchmarkRow(name: "text prepare \(panel.sizeName) t\(pool.threadCount) vs t1 (\(scene.commands.count) labels, \(glyphs) glyphs)",
                               oursMilliseconds: paired.a, peerMilliseconds: nil, sizeName: panel.sizeName)
        row.singleThreadMilliseconds = paired.b
        return row
    }
}
