/// When to poll a source next: every poll period while it answers, and after consecutive failures an exponential
/// backoff (the period doubled per failure, up to a ceiling), so a broken or overloaded agency server is not
/// hammered by every kiosk in the fleet. A jitter fraction spreads a fleet's retries apart.
public struct RetrySchedule: Hashable, Sendable {
    public var pollSeconds: Double
    public var maximumBackoffSeconds: Double

    public init(pollSeconds: Double, maximumBackoffSeconds: Double) {
        self.pollSeconds = pollSeconds
        self.maximumBackoffSeconds = max(maximumBackoffSeconds, pollSeconds)
    }

    /// Seconds until the next poll after `failures` consecutive failures (0: the last poll succeeded), with
    /// `jitter` in 0..<1 adding up to a tenth more.
    public func delaySeconds(afterFailures failures: Int, jitter: Double = 0) -> Double {
        let doubled = pollSeconds * Double(1 << min(max(failures, 0), 30))
        let base = min(doubled, failures == 0 ? pollSeconds : maximumBackoffSeconds)
        return base * (1 + 0.1 * min(max(jitter, 0), 1))
    }
}
