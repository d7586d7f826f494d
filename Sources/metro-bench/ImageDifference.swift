import Raster

/// How far two renderings of the same scene are apart: the mean absolute channel difference (0...255) and the
/// share of pixels where some channel differs by more than 64 levels. A check that both renderers did the same work.
struct ImageDifference: CustomStringConvertible {
    let meanChannelDifference: Double
    let stronglyDifferentShare: Double

    init(_ a: PixelBuffer, _ b: PixelBuffer) {
        var sum = 0, strong = 0
        let width = min(a.width, b.width), height = min(a.height, b.height)
        for y in 0..<height {
            let ra = a.row(y), rb = b.row(y)
            for x in 0..<width {
                let p = ra[x], q = rb[x]
                var worst = 0
                for shift in [0, 8, 16] as [UInt32] {
                    let d = abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
                    sum += d
                    worst = max(worst, d)
                }
                if worst > 64 { strong += 1 }
            }
        }
        let pixels = Double(max(1, width * height))
        meanChannelDifference = Double(sum) / (pixels * 3)
        stronglyDifferentShare = Double(strong) / pixels
    }

    var description: String {
        "mean channel difference \(String(format3: meanChannelDifference)) levels, "
            + "\(String(format3: stronglyDifferentShare * 100))% of pixels differ by more than 64"
    }
}
