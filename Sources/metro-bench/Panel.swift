import KioskCore

/// A display the benchmark sizes its rows for: the upright frame the kiosk draws and how the scanout turns it.
/// A portrait frame is a landscape panel mounted upright, so its scanout copy turns the frame 90°.
struct Panel {
    let width: Int
    let height: Int
    let rotation: OutputRotation

    /// `WIDTHxHEIGHT`, or `WIDTHxHEIGHT@DEGREES` for a panel mounted another way (0, 90, 180 or 270).
    init?(parsing text: String) {
        let mount = text.split(separator: "@", omittingEmptySubsequences: false)
        let parts = mount[0].split(separator: "x")
        guard mount.count <= 2, parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0,
              w * h <= 64 << 20 else { return nil }
        width = w
        height = h
        if mount.count == 2 {
            guard let degrees = Int(mount[1]), [0, 90, 180, 270].contains(degrees),
                  let turned = OutputRotation(degrees: degrees) else { return nil }
            rotation = turned
        } else {
            rotation = h > w ? .clockwise90 : .none
        }
    }

    var sizeName: String { "\(width)x\(height)" }
    var rotationNote: String { rotation == .none ? "" : " rot\(rotation.rawValue)" }
}
