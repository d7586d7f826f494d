/// libinput's touch calibration: a 2×3 affine matrix in normalized device coordinates (0...1 on both axes),
/// `[a b c; d e f]` mapping (x, y) to (a·x + b·y + c, d·x + e·y + f), as the LIBINPUT_CALIBRATION_MATRIX udev property.
public struct CalibrationMatrix: Sendable, Equatable {
    public var values: [Float]

    public static let identity = CalibrationMatrix(unchecked: [1, 0, 0, 0, 1, 0])

    private init(unchecked values: [Float]) { self.values = values }

    /// Six finite numbers, or nil.
    public init?(_ values: [Double]) {
        guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
        self.values = values.map(Float.init)
    }

    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        let v = values.map(Double.init)
        return (v[0] * x + v[1] * y + v[2], v[3] * x + v[4] * y + v[5])
    }
}
