import Foundation

/// Watches the headphone jack on its own thread, off the frame thread (a control event is a poll on the card's
/// control device): it reads the jack at start and after every change the card reports, and calls `onChange` with
/// each new state. The state is kept for anyone to read (status.json).
public final class HeadphoneJackWatch: @unchecked Sendable {
    private let source: any HeadphoneJackSource
    private let lock = NSLock()
    private var current: HeadphoneJack
    private var stopping = false
    private let ended = DispatchSemaphore(value: 0)
    /// How long one wait lasts before `stop()` is looked at again.
    static let pollMilliseconds: Int32 = 250

    /// Reads the jack at once (the state is known before the first key) and starts watching; `onChange` is called on
    /// the watch's thread with each state that differs from the one before, starting with the first.
    public init(source: any HeadphoneJackSource, onChange: @escaping @Sendable (HeadphoneJack) -> Void) {
        self.source = source
        let first = source.read()
        current = first
        onChange(first)
        guard first != .unknown else {
            // No control to watch: nothing will change.
            ended.signal()
            return
        }
        let thread = Thread { [self] in
            defer { ended.signal() }
            while !isStopping, self.source.waitForChange(timeoutMilliseconds: Self.pollMilliseconds) {
                let state = self.source.read()
                lock.lock()
                let changed = state != current
                current = state
                lock.unlock()
                if changed, !isStopping { onChange(state) }
            }
        }
        thread.name = "headphone-jack"
        thread.start()
    }

    public var state: HeadphoneJack { lock.lock(); defer { lock.unlock() }; return current }

    private var isStopping: Bool { lock.lock(); defer { lock.unlock() }; return stopping }

    /// Ends the watch and waits for its thread (at most one poll).
    public func stop() {
        lock.lock()
        let already = stopping
        stopping = true
        lock.unlock()
        if !already { ended.wait() }
    }
}
