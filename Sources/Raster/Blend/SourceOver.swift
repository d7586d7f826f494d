/// Source-over of an opaque-channel colour onto an XRGB8888 pixel with weight `alpha256` in 0...256, red and blue
/// blended together in one multiply (they are 16 bits apart, so per-channel products cannot collide).
@inline(__always)
func blendSourceOver(_ dst: UInt32, redBlue srb: UInt32, green sg: UInt32, alpha256 a: UInt32) -> UInt32 {
    let ia = 256 &- a
    let rb = ((srb &* a &+ (dst & 0xFF00FF) &* ia) >> 8) & 0xFF00FF
    let g = ((sg &* a &+ (dst & 0x00FF00) &* ia) >> 8) & 0x00FF00
    return rb | g
}

/// Maps an 8-bit alpha 0...255 onto 0...256 so that 255 is exactly opaque.
@inline(__always)
func alpha256(_ a: UInt32) -> UInt32 { a &+ (a >> 7) }
