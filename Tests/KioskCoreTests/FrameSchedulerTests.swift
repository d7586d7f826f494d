import Testing
@testable import KioskCore

struct FrameSchedulerTests {
    @Test func theNextFrameIsPresentedOnePeriodAfterTheLast() {
        var scheduler = FrameScheduler(refreshPeriodMicroseconds: 16_667)
        scheduler.presented(at: 1_000_000)
        #expect(scheduler.nextPresentation(after: 1_005_000) == 1_016_667)
    }

    @Test func afterMissedVblanksItAlignsToTheNextOne() {
        var scheduler = FrameScheduler(refreshPeriodMicroseconds: 16_667)
        scheduler.presented(at: 1_000_000)
        #expect(scheduler.nextPresentation(after: 1_040_000) == 1_000_000 + 3 * 16_667)
    }

    @Test func refreshRateInMillihertzKeepsFractionalRates() {
        #expect(FrameScheduler(refreshMillihertz: 59_940).refreshPeriodMicroseconds == 16_683)
        #expect(FrameScheduler(refreshMillihertz: 60_000).refreshPeriodMicroseconds == 16_667)
    }
}
