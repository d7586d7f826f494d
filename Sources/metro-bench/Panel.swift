import KioskCore

/// A display the benchmark sizes its rows for: the upright frame the kiosk draws and how the scanout turns it.
/// A portrait frame is a landscape panel mounted upright, so its scanout copy turns the frame 90°.
struct Panel {
    let width: Int
    let height: Int
    let rotation: OutputRotation

    init?(parsing text: String) {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w * h <= 64 << 20 else { return nil }
        width = w
        height = h
        rotation = h > w ? .clockwise90 : .none
    }

    var sizeName: String { "\(width)x\(height)" }
    var rotationNote: String { rotation == .none ? "" : " rot\(rotation.rawValue)" }
}
