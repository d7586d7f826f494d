/// What decoding needs to know about the recorded device: its axes and the state it was in when recording began.
public struct TouchDeviceDescription: Sendable, Equatable {
    /// Absolute axes by code (ABS_X, ABS_MT_POSITION_X, ...).
    public var axes: [UInt16: AxisRange]
    /// The slot that was current when the recording started (evemu prints it as ABS_MT_SLOT's value):
    /// the kernel only sends ABS_MT_SLOT when it changes, so the first events may address this slot implicitly.
    public var initialSlot: Int

    public init(axes: [UInt16: AxisRange], initialSlot: Int = 0) {
        self.axes = axes
        self.initialSlot = initialSlot
    }

    /// Protocol B devices have slots; the others report one contact with ABS_X/ABS_Y and BTN_TOUCH.
    public var isMultitouch: Bool {
        axes[EvdevCode.absMTSlot] != nil && axes[EvdevCode.absMTPositionX] != nil && axes[EvdevCode.absMTPositionY] != nil
    }

    /// Protocol A devices report anonymous contacts (ABS_MT_POSITION_X/Y, each contact ended by SYN_MT_REPORT)
    /// without slots; they are decoded through libmtdev (`ProtocolATranslator`).
    public var isProtocolA: Bool {
        axes[EvdevCode.absMTSlot] == nil && axes[EvdevCode.absMTPositionX] != nil && axes[EvdevCode.absMTPositionY] != nil
    }

    public var slotCount: Int {
        guard let slots = axes[EvdevCode.absMTSlot], slots.maximum >= 0 else { return 1 }
        return Int(slots.maximum) + 1
    }
}
