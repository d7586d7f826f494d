import CDRM
import KioskCore
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// A CPU-writable scanout buffer: created by the kernel, mapped into our memory, registered as a framebuffer.
final class DumbBuffer {
    let card: DRMCard
    let width: Int
    let height: Int
    let format: ScanoutPixelFormat
    let handle: UInt32
    let pitchBytes: Int
    let sizeBytes: Int
    let framebufferID: UInt32
    let memory: UnsafeMutableRawPointer
    /// What changed in the upright frame since this buffer was last written: with two buffers, a buffer misses the
    /// damage of the frame shown in between, so it must catch up on that too.
    var staleRegion: IntRect

    init(card: DRMCard, width: Int, height: Int, format: ScanoutPixelFormat, uprightDamage: IntRect) throws(DRMError) {
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        let created = drmModeCreateDumbBuffer(card.fd, UInt32(width), UInt32(height), format.bitsPerPixel, 0,
                                              &handle, &pitch, &size)
        guard created == 0 else { throw .call("drmModeCreateDumbBuffer(\(width)x\(height))", errno: -created) }
        var fb: UInt32 = 0
        let added = drmModeAddFB(card.fd, UInt32(width), UInt32(height), UInt8(format.depth), UInt8(format.bitsPerPixel),
                                 pitch, handle, &fb)
        guard added == 0 else {
            let code = errno
            drmModeDestroyDumbBuffer(card.fd, handle)
            throw .call("drmModeAddFB(\(width)x\(height), \(format.rawValue))", errno: code)
        }
        var offset: UInt64 = 0
        let prepared = drmModeMapDumbBuffer(card.fd, handle, &offset)
        let mapped = prepared == 0
            ? mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, card.fd, off_t(offset))
            : MAP_FAILED
        guard let mapped, mapped != MAP_FAILED else {
            let code = prepared != 0 ? -prepared : errno
            drmModeRmFB(card.fd, fb)
            drmModeDestroyDumbBuffer(card.fd, handle)
            throw .call("mapping a dumb buffer", errno: code)
        }
        // Black, not whatever the kernel left there, until the first copy lands.
        memset(mapped, 0, Int(size))
        self.card = card
        self.width = width
        self.height = height
        self.format = format
        self.handle = handle
        self.pitchBytes = Int(pitch)
        self.sizeBytes = Int(size)
        self.framebufferID = fb
        self.memory = mapped
        self.staleRegion = uprightDamage
    }

    deinit {
        munmap(memory, sizeBytes)
        drmModeRmFB(card.fd, framebufferID)
        drmModeDestroyDumbBuffer(card.fd, handle)
    }
}
