#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small fixed set of threads that run one batch of numbered tasks at a time, the caller taking part.
/// `run` returns when every task is done (a barrier), so a frame's passes follow each other in order.
///
/// Each worker starts on its own contiguous share of the tasks (worker 0, the caller, the first), so a band of rows
/// is drawn, shifted, resampled and copied out by the same core frame after frame and its pixels stay in that
/// core's caches; a worker that runs out takes tasks from the end of the share with the most left. Which thread
/// runs a task therefore varies from run to run; callers make the result independent of that by giving each task
/// its own output region (a band of rows) and each worker its own scratch (`worker` indexes it). A pool of one thread runs everything on the caller, which is
/// how `[display] render_threads = 1` turns threading off with the very same arithmetic.
///
/// Threads sleep on a condition variable between runs (no spinning: the kiosk shares its cores with nothing, but
/// a spinning pool would take them from the scanout and input threads of a small board). A run ends when its
/// tasks are done, not when every helper has woken: a helper that was slow to wake (not yet scheduled: another
/// thread had its core) finds the run over and goes back to sleep, instead of making the caller wait for it.
public final class RenderPool: @unchecked Sendable {
    /// Threads that execute tasks, the caller's included (helpers that failed to start are not counted).
    public let threadCount: Int
    private let state: PoolState
    private var threads: [pthread_t] = []

    /// `threads` is clamped to 1...64; 1 makes no threads at all.
    public init(threads requested: Int) {
        let state = PoolState()
        self.state = state
        var started: [pthread_t] = []
        for worker in 1..<min(64, max(1, requested)) {
            let context = Unmanaged.passRetained(WorkerStart(state: state, worker: worker)).toOpaque()
            var thread = pthread_t()
            guard pthread_create(&thread, nil, { raw in
                let start = Unmanaged<WorkerStart>.fromOpaque(raw!).takeRetainedValue()
                start.state.workerLoop(start.worker)
                return nil
            }, context) == 0 else {
                Unmanaged<WorkerStart>.fromOpaque(context).release()
                break
            }
            started.append(thread)
        }
        threads = started
        threadCount = started.count + 1
        state.setWorkers(threadCount)
    }

    deinit {
        state.stop()
        for thread in threads { pthread_join(thread, nil) }
    }

    /// The number of online cores: the default for `[display] render_threads`.
    public static var onlineCores: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Runs `body(task, worker)` for every task in 0..<tasks and returns when all are done. `worker` is in
    /// 0..<threadCount and no two tasks with the same worker run at once. A run started while another is in
    /// progress (from a task, or from another thread) runs serially on its caller as worker 0 — callers that
    /// may do that must not share worker-0 scratch with the outer run.
    public func run(tasks: Int, _ body: (_ task: Int, _ worker: Int) -> Void) {
        guard tasks > 0 else { return }
        guard threadCount > 1, tasks > 1 else {
            for task in 0..<tasks { body(task, 0) }
            return
        }
        withoutActuallyEscaping(body) { escapable in
            if !state.run(tasks: tasks, escapable) {
                for task in 0..<tasks { escapable(task, 0) }
            }
        }
    }

    /// A pool that runs everything on the caller.
    public static let serial = RenderPool(threads: 1)

    /// The process's pool, used by the frame renderer and the scanout copy unless they are given one; sized
    /// from `[display] render_threads` at start-up (`configureShared`), the online cores until then.
    public static var shared: RenderPool {
        sharedPool.withLock { shared in
            if let pool = shared { return pool }
            let pool = RenderPool(threads: onlineCores)
            shared = pool
            return pool
        }
    }

    /// Replaces the shared pool unless it already has that many threads; nil means the online cores.
    public static func configureShared(threads: Int?) {
        let count = min(64, max(1, threads ?? onlineCores))
        sharedPool.withLock { shared in
            if shared?.threadCount != count { shared = RenderPool(threads: count) }
        }
    }

    private static let sharedPool = PthreadMutex<RenderPool?>(nil)
}

/// What the helper threads share with the caller; the threads hold this, not the pool, so the pool can go away.
private final class PoolState: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let wake: UnsafeMutablePointer<pthread_cond_t>
    private let done: UnsafeMutablePointer<pthread_cond_t>
    // All guarded by `lock`.
    private var job: ((Int, Int) -> Void)?
    /// Per worker, the tasks of its share not yet claimed: next[w]..<end[w].
    private var next: [Int] = [0]
    private var end: [Int] = [0]
    private var generation = 0
    /// Helpers holding `job` (running or about to claim tasks); the run ends when its tasks are all claimed and
    /// this is 0, so no task is still running and no helper keeps the closure past the run.
    private var holders = 0
    private var stopping = false
    private var running = false

    init() {
        lock = .allocate(capacity: 1)
        wake = .allocate(capacity: 1)
        done = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(wake, nil)
        pthread_cond_init(done, nil)
    }

    deinit {
        pthread_cond_destroy(wake)
        pthread_cond_destroy(done)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        wake.deallocate()
        done.deallocate()
    }

    func setWorkers(_ count: Int) {
        next = [Int](repeating: 0, count: count)
        end = [Int](repeating: 0, count: count)
    }

    func stop() {
        pthread_mutex_lock(lock)
        stopping = true
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(lock)
    }

    /// False, having done nothing, when a run is already in progress.
    func run(tasks: Int, _ body: @escaping (Int, Int) -> Void) -> Bool {
        pthread_mutex_lock(lock)
        if running {
            pthread_mutex_unlock(lock)
            return false
        }
        running = true
        job = body
        let workers = next.count
        for w in 0..<workers {
            next[w] = tasks * w / workers
            end[w] = tasks * (w + 1) / workers
        }
        generation &+= 1
        pthread_cond_broadcast(wake)
        pthread_mutex_unlock(lock)
        while let task = claim(worker: 0) { body(task, 0) }
        pthread_mutex_lock(lock)
        while holders > 0 { pthread_cond_wait(done, lock) }
        job = nil
        running = false
        pthread_mutex_unlock(lock)
        return true
    }

    /// The next task of `worker`'s share, else the last of the share with the most left, else nil.
    private func claim(worker: Int) -> Int? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if next[worker] < end[worker] {
            next[worker] += 1
            return next[worker] - 1
        }
        var victim = worker, most = 0
        for w in 0..<next.count where end[w] - next[w] > most {
            victim = w
            most = end[w] - next[w]
        }
        guard most > 0 else { return nil }
        end[victim] -= 1
        return end[victim]
    }

    func workerLoop(_ worker: Int) {
        var seen = 0
        pthread_mutex_lock(lock)
        while true {
            while generation == seen && !stopping { pthread_cond_wait(wake, lock) }
            if stopping { break }
            seen = generation
            // Woken after the run ended (its tasks done without this helper): nothing to do.
            guard job != nil else { continue }
            holders += 1
            pthread_mutex_unlock(lock)
            do {
                // Scoped so the closure is released before the caller is told this helper is done; `job` stays
                // set while a helper holds it.
                let body = job!
                while let task = claim(worker: worker) { body(task, worker) }
            }
            pthread_mutex_lock(lock)
            holders -= 1
            if holders == 0 { pthread_cond_signal(done) }
        }
        pthread_mutex_unlock(lock)
    }
}

private final class WorkerStart {
    let state: PoolState
    let worker: Int
    init(state: PoolState, worker: Int) {
        self.state = state
        self.worker = worker
    }
}

/// A frame's rows cut into the fixed bands every parallel pass uses.
public struct BandedRows {
    public let height: Int
    public let bandHeight: Int

    public init(height: Int, bandHeight: Int = BandedSceneDrawer.bandHeight) {
        self.height = max(0, height)
        self.bandHeight = bandHeight
    }

    public var count: Int { (height + bandHeight - 1) / bandHeight }

    public subscript(band: Int) -> Range<Int> {
        band * bandHeight..<min(height, (band + 1) * bandHeight)
    }
}
