import Raster

/// Thumbnails of a replay on one image. However long the replay, at most `capacity` frames are kept, spread
/// evenly over it: when full, every other one is dropped and only every other later frame is taken.
struct ContactSheet {
    let frameWidth: Int
    let frameHeight: Int
    let thumbnailWidth: Int
    let thumbnailHeight: Int
    let capacity = 48
    private var thumbnails: [PixelBuffer] = []
    private var takeEvery = 1
    private var seen = 0

    init(frameWidth: Int, frameHeight: Int) {
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        // Each thumbnail fits a 240-pixel square: sized by width alone, a tall narrow --size (3×2000) made
        // 240×160,000 thumbnails and a 1.4 GB sheet (issue 38). Now the sheet never exceeds `maximumBytes`.
        if frameHeight > frameWidth {
            thumbnailHeight = Self.thumbnailSide
            thumbnailWidth = max(1, Self.thumbnailSide * frameWidth / max(frameHeight, 1))
        } else {
            thumbnailWidth = Self.thumbnailSide
            thumbnailHeight = max(1, Self.thumbnailSide * frameHeight / max(frameWidth, 1))
        }
    }

    static let thumbnailSide = 240
    /// The most a rendered sheet holds: 6 columns and 8 rows (48 thumbnails) of 240 × 240 with 4-pixel gaps, 4 bytes
    /// a pixel: about 11.4 MB, whatever the frame size.
    static let maximumBytes = (6 * (thumbnailSide + 4) + 4) * (8 * (thumbnailSide + 4) + 4) * 4

    mutating func add(_ frame: PixelBuffer, label: Int) {
        defer { seen += 1 }
        guard seen % takeEvery == 0 else { return }
        thumbnails.append(downscale(frame))
        if thumbnails.count == capacity {
            thumbnails = thumbnails.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            takeEvery *= 2
        }
    }

    /// Box-filtered thumbnail: each thumbnail pixel averages the frame pixels it covers.
    private func downscale(_ frame: PixelBuffer) -> PixelBuffer {
        let thumbnail = PixelBuffer(width: thumbnailWidth, height: thumbnailHeight)
        for ty in 0..<thumbnailHeight {
            let y0 = ty * frameHeight / thumbnailHeight, y1 = max(y0 + 1, (ty + 1) * frameHeight / thumbnailHeight)
            let row = thumbnail.row(ty)
            for tx in 0..<thumbnailWidth {
                let x0 = tx * frameWidth / thumbnailWidth, x1 = max(x0 + 1, (tx + 1) * frameWidth / thumbnailWidth)
                var r = 0, g = 0, b = 0
                for y in y0..<y1 {
                    let source = frame.row(y)
                    for x in x0..<x1 {
                        let p = Int(source[x])
                        r += p >> 16 & 0xFF; g += p >> 8 & 0xFF; b += p & 0xFF
                    }
                }
                let n = (y1 - y0) * (x1 - x0)
                row[tx] = UInt32(r / n) << 16 | UInt32(g / n) << 8 | UInt32(b / n)
            }
        }
        return thumbnail
    }

    func render() -> PixelBuffer? {
        guard !thumbnails.isEmpty else { return nil }
        let columns = min(6, thumbnails.count), gap = 4
        let rows = (thumbnails.count + columns - 1) / columns
        let sheet = PixelBuffer(width: columns * (thumbnailWidth + gap) + gap, height: rows * (thumbnailHeight + gap) + gap)
        sheet.fill(sheet.bounds, with: 0x404040)
        for (index, thumbnail) in thumbnails.enumerated() {
            let x = gap + (index % columns) * (thumbnailWidth + gap), y = gap + (index / columns) * (thumbnailHeight + gap)
            for row in 0..<thumbnailHeight {
                (sheet.row(y + row) + x).update(from: thumbnail.row(row), count: thumbnailWidth)
            }
        }
        return sheet
    }
}
