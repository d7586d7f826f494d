/// An absolute axis's range as the device reports it (input_absinfo minimum/maximum).
public struct AxisRange: Sendable, Equatable {
    public var minimum: Int32
    public var maximum: Int32

    public init(minimum: Int32, maximum: Int32) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Maps a raw value onto `0..<pixels` the way libinput's `get_x_transformed` does
    /// ((value − min) · size / (max − min + 1)), so a recording and the live device land on the same pixel.
    public func pixels(_ value: Int32, outputPixels: Int) -> Double {
        let span = Double(Int64(maximum) - Int64(minimum) + 1)
        return Double(Int64(value) - Int64(minimum)) * Double(outputPixels) / span
    }
}
