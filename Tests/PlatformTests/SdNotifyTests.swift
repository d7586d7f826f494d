import Glibc
import Testing
@testable import Platform

/// A real datagram socket standing in for systemd's notify socket: it receives exactly what sd_notify would get.
private final class NotifyListener {
    let fd: Int32
    let path: String

    init(abstract: Bool) throws {
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        let name = "metro-kiosk-test-\(getpid())-\(Int.random(in: 0..<1_000_000_000))"
        path = abstract ? "@" + name : "/tmp/" + name
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        if abstract { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        try #require(bound == 0)
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buffer, buffer.count, 0)
        return n < 0 ? nil : String(decoding: buffer[0..<n], as: UTF8.self)
    }

    deinit {
        close(fd)
        if !path.hasPrefix("@") { unlink(path) }
    }
}

@Test func readyArrivesAsOneDatagramOnAFilesystemSocket() throws {
    let listener = try NotifyListener(abstract: false)
    let notify = SdNotify(environment: ["NOTIFY_SOCKET": listener.path])
    #expect(notify.send([.ready, .status("showing map")]))
    #expect(listener.receive() == "READY=1\nSTATUS=showing map")
}

@Test func aLeadingAtMeansTheAbstractNamespace() throws {
    let listener = try NotifyListener(abstract: true)
    let notify = SdNotify(environment: ["NOTIFY_SOCKET": listener.path])
    #expect(notify.send(.watchdog))
    #expect(listener.receive() == "WATCHDOG=1")
    #expect(notify.send(.stopping))
    #expect(listener.receive() == "STOPPING=1")
}

@Test func statusIsKeptOnOneLine() {
    #expect(SdNotify.Message.status("a\nb").text == "STATUS=a b")
}

@Test func withoutNotifySocketNothingIsSentAndNothingFails() {
    let notify = SdNotify(environment: [:])
    #expect(!notify.send(.ready))
    #expect(notify.watchdogIntervalMicroseconds == nil)
}

@Test func watchdogPingsAtHalfTheIntervalAndOnlyForUs() {
    let us = Int(getpid())
    #expect(SdNotify(environment: ["WATCHDOG_USEC": "10000000"]).watchdogPingMicroseconds == 5_000_000)
    #expect(SdNotify(environment: ["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "\(us)"]).watchdogIntervalMicroseconds == 10_000_000)
    #expect(SdNotify(environment: ["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "\(us + 1)"]).watchdogIntervalMicroseconds == nil)
    #expect(SdNotify(environment: ["WATCHDOG_USEC": "0"]).watchdogIntervalMicroseconds == nil)
    #expect(SdNotify(environment: ["WATCHDOG_USEC": "soon"]).watchdogIntervalMicroseconds == nil)
}

@Test func aSocketThatIsNotThereIsReportedNotFatal() {
    let notify = SdNotify(environment: ["NOTIFY_SOCKET": "/tmp/metro-kiosk-no-such-socket-\(getpid())"])
    #expect(!notify.send(.ready))
}
