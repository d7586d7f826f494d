import Foundation
import Testing
import TestSupport

/// systemd/metro-kiosk.service as systemd itself reads it.
private enum ServiceUnit {
    static var path: URL { RepositoryPaths.root.appendingPathComponent("systemd/metro-kiosk.service") }

    static var text: String { (try? String(contentsOf: path, encoding: .utf8)) ?? "" }

    static func values(_ key: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "=", maxSplits: 1)
            return parts.count == 2 && parts[0] == Substring(key) ? String(parts[1]) : nil
        }
    }

    /// A copy whose ExecStart is the freshly built executable: `verify` insists the binary exists.
    static func copyForVerify() throws -> URL {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("metro-kiosk-unit-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let copy = dir.appendingPathComponent("metro-kiosk.service")
        let rewritten = text.replacingOccurrences(of: "ExecStart=/usr/local/bin/metro-kiosk",
                                                  with: "ExecStart=" + MetroKioskProcess.executableURL.path)
        try rewritten.write(to: copy, atomically: true, encoding: .utf8)
        return copy
    }

    static var analyzer: String? {
        HostTools.systemdAnalyze
    }

    static func analyze(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: analyzer ?? "/usr/bin/systemd-analyze")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// systemd/70-metro-kiosk.rules, the udev rule shipped beside the unit: its one rule, continuation lines joined.
private enum CardRule {
    static var path: URL { RepositoryPaths.root.appendingPathComponent("systemd/70-metro-kiosk.rules") }

    static var text: String { (try? String(contentsOf: path, encoding: .utf8)) ?? "" }

    static var rule: String {
        text.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n").filter { !$0.hasPrefix("#") }
            .joined(separator: "\n")
    }

    /// The device unit systemd makes of the rule's SYSTEMD_ALIAS (as `systemd-escape --path --suffix=device`).
    static var deviceUnit: String? {
        guard let alias = rule.firstMatch(of: /ENV\{SYSTEMD_ALIAS\}\+="([^"]+)"/)?.1 else { return nil }
        let escaped = alias.split(separator: "/").map { part in
            part.utf8.map { byte -> String in
                let character = Character(Unicode.Scalar(byte))
                return character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == ".")
                    ? String(character) : String(format: "\\x%02x", byte)
            }.joined()
        }
        return escaped.joined(separator: "-") + ".device"
    }
}

/// Once, under load, the kiosk started before its DRM card existed ("no DRM card") and only `Restart=` brought it
/// up. The unit now waits for a card, whatever its number (bochs's card0, virtio-gpu's card1): the rule gives every
/// card, not its connectors (card0-Virtual-1), the systemd tag and one alias; the unit wants that device unit and is
/// ordered after it, but does not require it, so with no card at all the kiosk still starts when the wait times out.
@Test func serviceUnitWaitsForAnyDRMCardItsRuleNames() throws {
    let rule = CardRule.rule
    for match in [#"SUBSYSTEM=="drm""#, #"KERNEL=="card[0-9]*""#, #"ENV{DEVTYPE}=="drm_minor""#, #"TAG+="systemd""#] {
        #expect(rule.contains(match), "70-metro-kiosk.rules lacks \(match): \(rule)")
    }
    let device = try #require(CardRule.deviceUnit, "70-metro-kiosk.rules sets no SYSTEMD_ALIAS: \(rule)")
    func named(_ key: String) -> Bool {
        ServiceUnit.values(key).flatMap { $0.split(separator: " ").map(String.init) }.contains(device)
    }
    #expect(named("Wants") && named("After"), "the unit neither wants nor follows \(device)")
    #expect(!named("Requires") && !named("BindsTo") && !named("Requisite"), "the unit fails without \(device)")
}

/// The hardening score `systemd-analyze security --offline=true` gave the unit when it was written (0.6, "SAFE"),
/// with a little room; losing a sandboxing option pushes it over. Device access (DRM, input, the VT, the device
/// groups, netlink for hotplug) is what keeps it above 0.
private let exposureThreshold = 1.0

@Test func serviceUnitIsAWatchdoggedNotifyServiceOnTTY1() {
    #expect(ServiceUnit.values("Type") == ["notify"])
    #expect(ServiceUnit.values("Restart") == ["always"])
    #expect(!ServiceUnit.values("WatchdogSec").isEmpty)
    #expect(ServiceUnit.values("Conflicts").contains("getty@tty1.service"))
    #expect(ServiceUnit.values("User") == ["metro-kiosk"])
    let groups = ServiceUnit.values("SupplementaryGroups").flatMap { $0.split(separator: " ").map(String.init) }
    #expect(Set(groups) == ["video", "input", "render"])
    // No network for the kiosk, but the udev netlink events hotplug needs must reach it.
    #expect(ServiceUnit.values("PrivateNetwork").isEmpty)
    #expect(ServiceUnit.values("IPAddressDeny") == ["any"])
    #expect(ServiceUnit.values("RestrictAddressFamilies") == ["AF_UNIX AF_NETLINK"])
}

@Test(.enabled(if: ServiceUnit.analyzer != nil, "systemd-analyze is not installed (Debian 12: the systemd package)"))
func systemdAcceptsTheServiceUnitWithoutWarnings() throws {
    let copy = try ServiceUnit.copyForVerify()
    defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
    let result = try ServiceUnit.analyze(["verify", copy.path])
    #expect(result.status == 0, "systemd-analyze verify: \(result.output)")
    // Unknown keys and bad values are warnings with exit 0: any line naming our unit is a problem.
    let complaints = result.output.split(separator: "\n").filter { $0.contains("metro-kiosk.service") }
    #expect(complaints.isEmpty, "\(complaints.joined(separator: "\n"))")
}

@Test(.enabled(if: ServiceUnit.analyzer != nil, "systemd-analyze is not installed (Debian 12: the systemd package)"))
func serviceUnitHardeningScoresSafe() throws {
    let result = try ServiceUnit.analyze(["security", "--offline=true", ServiceUnit.path.path])
    let line = try #require(result.output.split(separator: "\n").first { $0.contains("Overall exposure level") })
    // "→ Overall exposure level for metro-kiosk.service: 0.6 SAFE 😀"
    let score = try #require(line.split(separator: ":").last?.split(separator: " ").first.flatMap { Double($0) })
    #expect(score <= exposureThreshold, "exposure \(score) (threshold \(exposureThreshold)): \(result.output)")
}
