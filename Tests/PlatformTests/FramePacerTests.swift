import Testing
@testable import Platform

/// A display that completes a flip at the first vblank after it was submitted, counting vblanks, like real hardware.
private struct VblankDisplay {
    let period: Int64
    var sequence: UInt32 = 0
    func completion(submittedAt t: Int64) -> FlipCompletion {
        let vblank = (t / period + 1) * period
        return FlipCompletion(sequence: UInt32(vblank / period), timestampMicroseconds: vblank)
    }
}

/// QEMU's bochs/virtio-gpu: the flip completes as soon as it lands, with sequence 0.
private struct VirtualDisplay {
    let latency: Int64
    func completion(submittedAt t: Int64) -> FlipCompletion {
        FlipCompletion(sequence: 0, timestampMicroseconds: t + latency)
    }
}

/// The kiosk's loop in miniature: submit as soon as the pacer allows (rendering takes `renderMicroseconds`),
/// return the times frames became visible.
private func presentations(frames: Int, pacer: inout FramePacer, renderMicroseconds: Int64,
                           complete: (Int64) -> FlipCompletion) -> [Int64] {
    var now: Int64 = 1_000_000
    var shown: [Int64] = []
    for _ in 0..<frames {
        now += renderMicroseconds
        if let slot = pacer.earliestSubmitMicroseconds(), slot > now { now = slot }
        let flip = complete(now)
        shown.append(pacer.record(flip))
        now = max(now, flip.timestampMicroseconds)
    }
    return shown
}

@Test func realVblankIsNotSelfPacedAndShowsOneFramePerRefresh() {
    var pacer = FramePacer(refreshPeriodMicroseconds: 16_667)
    let display = VblankDisplay(period: 16_667)
    let shown = presentations(frames: 30, pacer: &pacer, renderMicroseconds: 2_000) { display.completion(submittedAt: $0) }
    #expect(!pacer.isSelfPaced)
    #expect(pacer.earliestSubmitMicroseconds() == nil)
    for (a, b) in zip(shown, shown.dropFirst()) { #expect(b - a == 16_667) }
}

@Test func virtualGPUWithSequenceZeroIsPacedAtTheRefresh() {
    var pacer = FramePacer(refreshPeriodMicroseconds: 16_667)
    let display = VirtualDisplay(latency: 300)
    let shown = presentations(frames: 30, pacer: &pacer, renderMicroseconds: 2_000) { display.completion(submittedAt: $0) }
    #expect(pacer.isSelfPaced)
    // Without pacing the frames would come 2.3 ms apart; paced, one per refresh from the second frame on.
    for (a, b) in zip(shown.dropFirst(), shown.dropFirst(2)) { #expect(b - a == 16_667 + 300) }
}

@Test func flipsFasterThanHalfAPeriodAreSelfPacedEvenWithASequence() {
    var pacer = FramePacer(refreshPeriodMicroseconds: 16_667)
    pacer.record(FlipCompletion(sequence: 5, timestampMicroseconds: 1_000_000))
    #expect(!pacer.isSelfPaced)
    pacer.record(FlipCompletion(sequence: 6, timestampMicroseconds: 1_002_000))
    #expect(pacer.isSelfPaced)
    #expect(pacer.earliestSubmitMicroseconds() == Int64(1_002_000 + 16_667))
}

@Test func aSlowFrameOnAVirtualGPUIsNotHeldBack() {
    var pacer = FramePacer(refreshPeriodMicroseconds: 10_000)
    pacer.record(FlipCompletion(sequence: 0, timestampMicroseconds: 0))
    // Held until the slot one period after the last flip, and no longer: a frame ready later goes at once.
    #expect(pacer.earliestSubmitMicroseconds() == 10_000)
    #expect(pacer.earliestSubmitMicroseconds()! <= 25_000)
}

@Test func flipTimestampUsesTheMicrosecondRemainder() {
    let flip = FlipCompletion(sequence: 9, seconds: 4_000, microseconds: 999_999)
    #expect(flip.timestampMicroseconds == 4_000_999_999)
}
