import Foundation
import MetroMap
import Overlay
import Raster
import TestSupport
import Testing
@testable import KioskCore

/// `[card] share_url`: the journey card carries a QR code of the filled link that a reader decodes (zbarimg, from
/// Debian's zbar-tools, which scripts/install-deps installs: a missing one fails here rather than skipping), at
/// modules of at least 0.5 mm with a 4-module quiet zone; a bad template is a located config error.
struct ShareCodeTests {
    static let demo = try! BundledMap.loadDemo()

    /// The card the kiosk would raise for a tap on `destination`, drawn as the card draws it.
    private func picture(config text: String, destination: String) throws -> (JourneyCardPicture, KioskJourney, Int) {
        let config = try KioskConfigLoader.parse(text: text, fileName: "share.toml")
        let place = try #require(config.youAreHerePlace(in: Self.demo))
        let journey = KioskJourney(map: Self.demo, place: place, settings: config.cardSettings(), fonts: nil,
                                   screen: IntRect(x: 0, y: 0, width: 1280, height: 800))
        journey.shareURL = config.shareURL
        let content = try #require(journey.journey(to: destination, language: "en"))
        // A 320 mm wide panel at 1280 px: 4 px/mm, so 0.5 mm is 2 px.
        let module = QRCode.modulePixels(pixelsPerMillimetre: 4)
        let picture = JourneyCardPicture(content: content, width: 460, minimumHeight: 800, fonts: nil, scalePixels: 1,
                                         qrModulePixels: module)
        return (picture, journey, module)
    }

    @Test func theCardsCodeDecodesToTheFilledLink() throws {
        let (picture, _, module) = try picture(config: """
            [map]
            you_are_here = "Central Square"
            [card]
            share_url = "https://example.org/j?from={from}&to={to}"
            """, destination: "library")
        #expect(module == 2 && Double(module) >= QRCode.minimumModuleMillimetres * 4)
        let rect = try #require(picture.shareCodeRect)
        // The quiet zone: 4 modules of white on every side of the symbol.
        let quiet = QRCode.quietZoneModules * module
        for y in rect.y0..<rect.y1 {
            for x in rect.x0..<rect.x1 where x < rect.x0 + quiet || x >= rect.x1 - quiet || y < rect.y0 + quiet || y >= rect.y1 - quiet {
                #expect(picture.buffer.pixel(x: x, y: y).map { $0 & 0xFFFFFF } == 0xFFFFFF, "quiet zone at \(x),\(y)")
            }
        }
        let zbarimg = try #require(HostTools.executable("/usr/bin/zbarimg"), "zbarimg missing: run scripts/install-deps (zbar-tools)")
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("share-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: png) }
        try writePNG(picture.buffer, region: rect, to: png)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zbarimg)
        process.arguments = ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", png]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "https://example.org/j?from=central-square&to=library")
    }

    @Test func withoutTheKeyOrForTheKiosksOwnStationThereIsNoCode() throws {
        let plain = try picture(config: "[map]\nyou_are_here = \"Central Square\"\n", destination: "library").0
        #expect(plain.shareCodeRect == nil)
        let here = try picture(config: """
            [map]
            you_are_here = "Central Square"
            [card]
            share_url = "https://example.org/j?from={from}&to={to}"
            """, destination: "central-square").0
        #expect(here.shareCodeRect == nil, "no journey to hand over")
    }

    @Test func theTemplateFillsPercentEncodedValuesAndABadOneIsLocated() throws {
        let template = try #require(ShareURLTemplate("https://example.org/j?from={from}&to={to}&at={time}"))
        #expect(template.url(from: "a b", to: "é&x", at: Date(timeIntervalSince1970: 1_800_000_000))
                == "https://example.org/j?from=a%20b&to=%C3%A9%26x&at=2027-01-15T08%3A00")
        for (bad, message) in [("ftp://x/{from}", "must start with https:// or http://"), ("https://x/?s={station}", "not {station}"),
                               ("https://x/?s={from", "without its '}'"), ("https://x/ {to}", "spaces")] {
            do {
                _ = try KioskConfigLoader.parse(text: "[card]\nshare_url = \"\(bad)\"\n", fileName: "bad.toml")
                Issue.record("\(bad) was accepted")
            } catch {
                let found = error.diagnostics.map(\.description)
                #expect(found.contains { $0.hasPrefix("bad.toml:2:1: [card]: 'share_url' ") && $0.contains(message) }, "\(found)")
            }
        }
    }
}
