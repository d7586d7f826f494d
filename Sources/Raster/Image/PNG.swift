import CPNG
import OutputFile

/// Why a PNG could not be written or read, with the file and libpng's own message.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    /// Encoded, but the file could not be put in place (refused target or failed write): exit 73.
    case output(OutputFileError)

    public var description: String {
        switch self {
        case .output(let error): return error.description
        case .cannotWrite(let path, let reason): return "\(path): cannot write PNG: \(reason)"
        case .cannotRead(let path, let reason): return "\(path): cannot read PNG: \(reason)"
        }
    }
}

/// Writes `region` (default: the whole buffer) of an XRGB8888 buffer as an 8-bit RGB PNG, through `OutputFile`
/// (atomic replace of a regular file; devices, FIFOs and directories refused).
public func writePNG(_ buffer: PixelBuffer, region: IntRect? = nil, to path: String,
                     symlinks: OutputFile.Symlinks = .follow) throws(PNGError) {
    let bytes = try encodePNG(buffer, region: region, path: path)
    do {
        try OutputFile.write(bytes, to: path, symlinks: symlinks)
    } catch {
        throw .output(error)
    }
}

/// The PNG file's bytes for `region` of the buffer; `path` only names the file in errors.
public func encodePNG(_ buffer: PixelBuffer, region: IntRect? = nil, path: String = "PNG") throws(PNGError) -> [UInt8] {
    let r = (region ?? buffer.bounds).intersection(buffer.bounds)
    guard !r.isEmpty else { throw .cannotWrite(path: path, reason: "empty image") }
    var rgb = [UInt8](repeating: 0, count: r.width * r.height * 3)
    rgb.withUnsafeMutableBufferPointer { out in
        var o = 0
        for y in r.y0..<r.y1 {
            let row = buffer.row(y)
            for x in r.x0..<r.x1 {
                let p = row[x]
                out[o] = UInt8(truncatingIfNeeded: p >> 16)
                out[o + 1] = UInt8(truncatingIfNeeded: p >> 8)
                out[o + 2] = UInt8(truncatingIfNeeded: p)
                o += 3
            }
        }
    }
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(r.width)
    image.height = UInt32(r.height)
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR)  // PNG_FORMAT_RGB
    // First call sizes the file, second fills it (libpng's documented two-pass use of write_to_memory).
    var size = 0
    var ok = rgb.withUnsafeBufferPointer { bytes in
        png_image_write_to_memory(&image, nil, &size, 0, bytes.baseAddress, Int32(r.width * 3), nil)
    }
    var file = [UInt8](repeating: 0, count: ok != 0 ? size : 0)
    if ok != 0 {
        ok = rgb.withUnsafeBufferPointer { bytes in
            file.withUnsafeMutableBytes { out in
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, bytes.baseAddress, Int32(r.width * 3), nil)
            }
        }
    }
    if ok == 0 {
        let reason = libpngMessage(&image)
        png_image_free(&image)
        throw .cannotWrite(path: path, reason: reason)
    }
    return Array(file.prefix(size))
}

/// Reads any PNG libpng understands into a new XRGB8888 buffer (alpha composited onto black, as libpng's
/// simplified reader does when asked for a format without alpha).
public func readPNG(path: String) throws(PNGError) -> PixelBuffer {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    guard png_image_begin_read_from_file(&image, path) != 0 else {
        let reason = libpngMessage(&image)
        png_image_free(&image)
        throw .cannotRead(path: path, reason: reason)
    }
    // BGR with a filler-free layout is not offered, so read BGRA: in memory B,G,R,A is 0xAARRGGBB little-endian.
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_BGR)
    let width = Int(image.width), height = Int(image.height)
    guard width > 0, height > 0, width < 1 << 15, height < 1 << 15 else {
        png_image_free(&image)
        throw .cannotRead(path: path, reason: "unsupported size \(width)x\(height)")
    }
    let buffer = PixelBuffer(width: width, height: height)
    let ok = png_image_finish_read(&image, nil, buffer.pixels, Int32(buffer.strideBytes), nil)
    guard ok != 0 else {
        let reason = libpngMessage(&image)
        png_image_free(&image)
        throw .cannotRead(path: path, reason: reason)
    }
    for y in 0..<height {
        let row = buffer.row(y)
        for x in 0..<width {
            let p = row[x]
            let a = p >> 24
            if a == 255 {
                row[x] = p & 0x00FF_FFFF
            } else {
                // Straight alpha onto black.
                let r = ((p >> 16) & 0xFF) * a / 255, g = ((p >> 8) & 0xFF) * a / 255, b = (p & 0xFF) * a / 255
                row[x] = r << 16 | g << 8 | b
            }
        }
    }
    return buffer
}

private func libpngMessage(_ image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { raw in
        let bytes = raw.prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
