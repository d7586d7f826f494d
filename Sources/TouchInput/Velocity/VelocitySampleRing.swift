/// The last `capacity` samples of one finger, in storage allocated once: a finger that moves for minutes
/// costs no more memory and no more work per estimate than one that moves for 100 ms.
struct VelocitySampleRing: Sendable {
    private var storage: [VelocitySample]
    private var nextIndex = 0
    private(set) var count = 0

    init(capacity: Int) {
        storage = Array(repeating: VelocitySample(x: 0, y: 0, timeMicroseconds: 0), count: max(capacity, 1))
    }

    var capacity: Int { storage.count }

    mutating func append(_ sample: VelocitySample) {
        storage[nextIndex] = sample
        nextIndex = (nextIndex + 1) % storage.count
        count = min(count + 1, storage.count)
    }

    mutating func removeAll() {
        count = 0
        nextIndex = 0
    }

    /// `age` 0 is the newest sample; `age` must be below `count`.
    subscript(age age: Int) -> VelocitySample {
        storage[(nextIndex - 1 - age + storage.count * 2) % storage.count]
    }

    var newest: VelocitySample? { count > 0 ? self[age: 0] : nil }
}
