/// One kernel input_event as a recording stores it, with the line it came from for error messages.
public struct EvdevEvent: Sendable, Equatable {
    public var timeMicroseconds: Int64
    public var type: UInt16
    public var code: UInt16
    public var value: Int32
    /// 1-based line in the source file (0 when the event did not come from a file).
    public var line: Int

    public init(timeMicroseconds: Int64, type: UInt16, code: UInt16, value: Int32, line: Int = 0) {
        self.timeMicroseconds = timeMicroseconds
        self.type = type
        self.code = code
        self.value = value
        self.line = line
    }
}

/// The few linux/input-event-codes.h numbers protocol A and B decoding needs.
public enum EvdevCode {
    public static let evSyn: UInt16 = 0x00
    public static let evKey: UInt16 = 0x01
    public static let evAbs: UInt16 = 0x03

    public static let synReport: UInt16 = 0
    public static let synMTReport: UInt16 = 2
    public static let synDropped: UInt16 = 3

    public static let btnTouch: UInt16 = 0x14a

    public static let absX: UInt16 = 0x00
    public static let absY: UInt16 = 0x01
    public static let absMTSlot: UInt16 = 0x2f
    /// The first of the per-contact ABS_MT axes (mtdev translates 0x30...0x3a).
    public static let absMTTouchMajor: UInt16 = 0x30
    public static let absMTPositionX: UInt16 = 0x35
    public static let absMTPositionY: UInt16 = 0x36
    public static let absMTTrackingID: UInt16 = 0x39
    public static let absMTPressure: UInt16 = 0x3a
}
