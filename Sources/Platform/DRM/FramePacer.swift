/// A page flip the kernel reported done: the new buffer is being scanned out since `timestampMicroseconds`
/// (CLOCK_MONOTONIC). `sequence` is the vblank counter; virtual GPUs leave it 0.
public struct FlipCompletion: Sendable, Equatable {
    public var sequence: UInt32
    public var timestampMicroseconds: Int64

    public init(sequence: UInt32, timestampMicroseconds: Int64) {
        self.sequence = sequence
        self.timestampMicroseconds = timestampMicroseconds
    }

    /// tv_sec/tv_usec to microseconds: seconds times a million plus the remainder, never a division of a total.
    public init(sequence: UInt32, seconds: UInt32, microseconds: UInt32) {
        self.init(sequence: sequence, timestampMicroseconds: Int64(seconds) * 1_000_000 + Int64(microseconds))
    }
}

/// Decides when the next flip may be submitted. (When it will be seen is KioskCore's FrameScheduler's to say.)
///
/// A real display completes at most one flip per vblank, so waiting for the completion paces frames by itself.
/// Virtual GPUs (QEMU bochs, virtio-gpu) complete a flip as soon as it lands, with sequence 0: submitting on every
/// completion would spin at hundreds of frames per second, so then we pace from CLOCK_MONOTONIC at the mode's refresh.
public struct FramePacer: Sendable {
    public let refreshPeriodMicroseconds: Int64
    /// Once a driver shows it has no real vblank it does not grow one: the decision sticks.
    public private(set) var isSelfPaced = false
    /// The time the last flip became visible (the kernel's timestamp, or our slot when self-paced).
    public private(set) var lastPresentationMicroseconds: Int64?

    public init(refreshPeriodMicroseconds: Int64) {
        self.refreshPeriodMicroseconds = max(1, refreshPeriodMicroseconds)
    }

    /// Records a completion and returns the time the frame became visible.
    @discardableResult
    public mutating func record(_ flip: FlipCompletion) -> Int64 {
        if let last = lastPresentationMicroseconds,
           flip.sequence == 0 || flip.timestampMicroseconds - last < refreshPeriodMicroseconds / 2 {
            isSelfPaced = true
        } else if lastPresentationMicroseconds == nil, flip.sequence == 0 {
            isSelfPaced = true
        }
        lastPresentationMicroseconds = flip.timestampMicroseconds
        return flip.timestampMicroseconds
    }

    /// The earliest time the next flip may be submitted; nil means at once (a real vblank will hold it).
    public func earliestSubmitMicroseconds() -> Int64? {
        guard isSelfPaced, let last = lastPresentationMicroseconds else { return nil }
        return last + refreshPeriodMicroseconds
    }
}
