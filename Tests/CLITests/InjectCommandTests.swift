import Foundation
import Testing
import TestSupport

@Test func injectRejectsABadTraceNamingFileAndLineBeforeTouchingUinput() throws {
    let path = NSTemporaryDirectory() + "metro-kiosk-inject-\(getpid()).csv"
    try "time_us,slot,event,x,y\n0,0,down,10,10\n8000,0,slide,20,10\n".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try MetroKioskProcess.run(["inject", "--trace", path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("\(path):3:8: expected event down, move, up or cancel"))
}

// Build machines have no /dev/dri; a kiosk without a GPU driver gets a sentence, not a crash.
@Test(.enabled(if: !HostTools.hasDRMDevices, "this machine has DRM devices; the VM test covers outputs on them"))
func outputsSaysSoWhenThereIsNoDRMDevice() throws {
    let result = try MetroKioskProcess.run(["outputs"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("no DRM cards"))
}

@Test func injectRejectsABadKeyTraceNamingFileAndLineBeforeTouchingUinput() throws {
    let path = NSTemporaryDirectory() + "metro-kiosk-inject-keys-\(getpid()).csv"
    try "time_us,key,state\n0,5,down\n100000,11,up\n".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try MetroKioskProcess.run(["inject", "--keys", path])
    #expect(result.status == 65)
    #expect(result.stderr.contains("\(path):3:8: expected a key"))
}
