import CDRM
import KioskCore
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// Committing frames: the damage copy into the back buffer, the mode set or page flip, the flip completions.
extension DRMOutput {
    /// Whether a frame may be submitted at `now`: a display is there, no flip is in flight, and the pacer's slot came.
    public func canSubmit(now: Int64) -> Bool {
        guard display != nil, !isFlipPending else { return false }
        return (pacer.earliestSubmitMicroseconds() ?? now) <= now
    }

    /// Copies the damaged part of `frame` into the back buffer and shows it: a mode set the first time
    /// (synchronous: the completion is returned at once), a page flip after that (its completion comes through
    /// `dispatchEvents`). Submits at once: `presentAndWait` is the paced, blocking form the kiosk uses.
    @discardableResult
    public func present(_ frame: ShadowFrame, damage: IntRect) throws(DRMError) -> PresentResult {
        try present(width: frame.width, height: frame.height, damage: damage) { region, memory, pitchBytes in
            DamageCopy.copy(from: frame, damage: region, to: memory, pitchBytes: pitchBytes,
                            format: configuration.format, rotation: configuration.rotation)
        }
    }

    /// As `present(_:damage:)` for a frame with opaque layers over its base: the copy into the back buffer
    /// takes each layer's pixels from its own picture (`DamageCopy.copy(_:damage:...)`).
    @discardableResult
    public func present(_ frame: LayeredFrame, damage: IntRect) throws(DRMError) -> PresentResult {
        try present(width: frame.base.width, height: frame.base.height, damage: damage) { region, memory, pitchBytes in
            DamageCopy.copy(frame, damage: region, to: memory, pitchBytes: pitchBytes,
                            format: configuration.format, rotation: configuration.rotation)
        }
    }

    /// `copy`: fills the back buffer's stale region (upright) at the buffer's memory and pitch.
    private func present(width: Int, height: Int, damage: IntRect,
                         copy: (_ region: IntRect, _ memory: UnsafeMutableRawPointer, _ pitchBytes: Int) -> Void)
        throws(DRMError) -> PresentResult {
        guard let display else { return .noDisplay }
        guard !isFlipPending else { return .busy }
        guard width == display.uprightWidth, height == display.uprightHeight else {
            throw .call("present: frame is \(width)x\(height), display needs \(display.uprightWidth)x\(display.uprightHeight)", errno: EINVAL)
        }
        let backIndex = 1 - frontIndex
        for buffer in buffers { buffer.staleRegion = buffer.staleRegion.union(damage) }
        let back = buffers[backIndex]
        let copyStarted = MonotonicClock.nowMicroseconds()
        copy(back.staleRegion, back.memory, back.pitchBytes)
        lastCopyMicroseconds = MonotonicClock.nowMicroseconds() - copyStarted
        back.staleRegion = IntRect(x: 0, y: 0, width: 0, height: 0)

        if !modeIsSet {
            var connectorID = display.connector.id
            var mode = display.mode.info
            guard drmModeSetCrtc(card.fd, display.crtcID, back.framebufferID, 0, 0, &connectorID, 1, &mode) == 0 else {
                throw .call("drmModeSetCrtc(\(display.connector.name), \(display.mode))", errno: errno)
            }
            // virtio-gpu shows a buffer only once told it changed.
            _ = drmModeDirtyFB(card.fd, back.framebufferID, nil, 0)
            modeIsSet = true
            frontIndex = backIndex
            return .shown(FlipCompletion(sequence: 0, timestampMicroseconds: MonotonicClock.nowMicroseconds()))
        }
        let userData = Unmanaged.passUnretained(self).toOpaque()
        guard drmModePageFlip(card.fd, display.crtcID, back.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData) == 0 else {
            let code = errno
            if code == EBUSY { return .busy }
            throw .call("drmModePageFlip(\(display.connector.name))", errno: code)
        }
        isFlipPending = true
        frontIndex = backIndex
        return .flipPending
    }

    public enum PresentResult: Equatable {
        /// Shown at once (the first frame, by mode set).
        case shown(FlipCompletion)
        /// Submitted; the completion arrives through `dispatchEvents`.
        case flipPending
        /// A flip is still in flight: try again after its completion.
        case busy
        case noDisplay
    }

    /// Reads flip completions; call when `fileDescriptor` polls readable. Each completion is fed to the pacer.
    public func dispatchEvents() throws(DRMError) -> [FlipCompletion] {
        var context = drmEventContext()
        context.version = 2
        context.page_flip_handler = { _, sequence, seconds, microseconds, userData in
            guard let userData else { return }
            let output = Unmanaged<DRMOutput>.fromOpaque(userData).takeUnretainedValue()
            output.completions.append(FlipCompletion(sequence: sequence, seconds: seconds, microseconds: microseconds))
        }
        guard drmHandleEvent(card.fd, &context) == 0 else { throw .call("drmHandleEvent", errno: errno) }
        var done = completions
        completions = []
        if !timestampsAreMonotonic {
            let now = MonotonicClock.nowMicroseconds()
            done = done.map { FlipCompletion(sequence: $0.sequence, timestampMicroseconds: now) }
        }
        for flip in done {
            isFlipPending = false
            pacer.record(flip)
        }
        return done
    }

    /// Waits up to `timeoutMilliseconds` for the flip in flight and returns its completion (nil on timeout or when
    /// none is in flight). The kiosk blocks here after each flip (through `presentAndWait`): nothing else is drawn
    /// before the frame is on screen, and input that arrives meanwhile waits in libinput's queue.
    public func waitForFlip(timeoutMilliseconds: Int32) throws(DRMError) -> FlipCompletion? {
        guard isFlipPending else { return nil }
        var fds = pollfd(fd: card.fd, events: Int16(POLLIN), revents: 0)
        let deadline = MonotonicClock.nowMicroseconds() + Int64(timeoutMilliseconds) * 1000
        while isFlipPending {
            let left = max(0, (deadline - MonotonicClock.nowMicroseconds()) / 1000)
            let ready = poll(&fds, 1, Int32(left))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return nil }
            if let last = try dispatchEvents().last { return last }
        }
        return nil
    }


    /// What `presentAndWait` did with a frame.
    public enum Presentation: Equatable {
        /// On screen: by mode set (the first frame, synchronous) or by a page flip, whose completion this is.
        case shown(FlipCompletion, byModeSet: Bool)
        /// Flipped, but the flip did not complete in time (a hung driver; the watchdog counts these).
        case flipTimedOut
        /// A flip from before is still in flight after waiting for it.
        case busy
        case noDisplay
    }

    /// Shows `frame` the way the kiosk and the test pattern do: waits for a flip still in flight (handing its
    /// completion to `earlierFlip`) and for the pacer's slot (self-paced drivers), submits, then waits up to
    /// `timeoutMilliseconds` for the flip to land.
    public func presentAndWait(_ frame: ShadowFrame, damage: IntRect, timeoutMilliseconds: Int32 = 1000,
                               earlierFlip: (FlipCompletion) -> Void = { _ in }) throws(DRMError) -> Presentation {
        try presentAndWait(timeoutMilliseconds: timeoutMilliseconds, earlierFlip: earlierFlip) { () throws(DRMError) in
            try present(frame, damage: damage)
        }
    }

    /// As `presentAndWait(_:damage:...)` for a frame with opaque layers composed at scanout.
    public func presentAndWait(_ frame: LayeredFrame, damage: IntRect, timeoutMilliseconds: Int32 = 1000,
                               earlierFlip: (FlipCompletion) -> Void = { _ in }) throws(DRMError) -> Presentation {
        try presentAndWait(timeoutMilliseconds: timeoutMilliseconds, earlierFlip: earlierFlip) { () throws(DRMError) in
            try present(frame, damage: damage)
        }
    }

    private func presentAndWait(timeoutMilliseconds: Int32, earlierFlip: (FlipCompletion) -> Void,
                                submit: () throws(DRMError) -> PresentResult) throws(DRMError) -> Presentation {
        if isFlipPending, let completion = try waitForFlip(timeoutMilliseconds: timeoutMilliseconds) {
            earlierFlip(completion)
        }
        waitForSubmitSlot()
        switch try submit() {
        case let .shown(completion):
            return .shown(completion, byModeSet: true)
        case .flipPending:
            guard let completion = try waitForFlip(timeoutMilliseconds: timeoutMilliseconds) else { return .flipTimedOut }
            return .shown(completion, byModeSet: false)
        case .busy:
            return .busy
        case .noDisplay:
            return .noDisplay
        }
    }

    /// Sleeps until the pacer allows the next submission (virtual GPUs without a real vblank); returns at once
    /// when a flip is still in flight or no display is connected, where waiting would not help.
    private func waitForSubmitSlot() {
        while true {
            let now = MonotonicClock.nowMicroseconds()
            if canSubmit(now: now) { return }
            guard let slot = pacer.earliestSubmitMicroseconds(), slot > now else { return }
            var pause = timespec(tv_sec: Int((slot - now) / 1_000_000), tv_nsec: Int((slot - now) % 1_000_000) * 1000)
            nanosleep(&pause, nil)
        }
    }
}
