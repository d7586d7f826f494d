import Foundation
import MetroMap
import Physics
import Testing
import TestSupport
import TouchInput
@testable import KioskCore

/// Bad input is a first-class case: real files, damaged in many deterministic ways, must give an error or a
/// usable result, never a crash, and whatever is accepted must keep the camera finite.
struct BadInputRobustnessTests {
    /// A small deterministic generator, so a failure here reproduces exactly.
    struct Damage {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }

        static let garbage = ["", "-1", "nan", "inf", "-inf", "1e309", "99999999999999999999", "0x", "x", "=", "[", "\"",
                              "-0", "3.5.5", String(repeating: "9", count: 400), "\u{0}", "Ж", "#", ",,,,"]

        /// One of: drop a line, duplicate one, swap two, cut the text short, or replace a field with garbage.
        mutating func apply(to text: String) -> String {
            var lines = text.components(separatedBy: "\n")
            guard lines.count > 1 else { return text }
            switch next(5) {
            case 0: lines.remove(at: next(lines.count))
            case 1: let i = next(lines.count); lines.insert(lines[i], at: i)
            case 2: lines.swapAt(next(lines.count), next(lines.count))
            case 3: let cut = next(text.count); return String(text.prefix(cut))
            default:
                let i = next(lines.count)
                var fields = lines[i].components(separatedBy: CharacterSet(charactersIn: ", ="))
                if !fields.isEmpty { fields[next(fields.count)] = Self.garbage[next(Self.garbage.count)] }
                lines[i] = fields.joined(separator: next(2) == 0 ? "," : " ")
            }
            return lines.joined(separator: "\n")
        }

        mutating func damaged(_ text: String) -> String {
            var result = text
            for _ in 0...next(3) { result = apply(to: result) }
            return result
        }
    }

    static let demoTour = try! String(contentsOf: RepositoryPaths.root.appendingPathComponent("traces/demo-tour.csv"), encoding: .utf8)
    static let evemu = try! String(contentsOf: RepositoryPaths.sharedData.appendingPathComponent(
        "touch/evemu/EP0430M09.2-finger-scroll-down.events"), encoding: .utf8)

    /// Whatever frames a damaged trace yields drive the camera to finite places.
    func drive(_ frames: [TouchFrame]) throws {
        let geometry = CameraGeometry(contentOrigin: .zero, contentSize: ContentSize(width: 2000, height: 1500),
                                      viewport: ScreenSize(width: 1280, height: 800))
        var camera = CameraController(geometry: geometry, settings: CameraSettings(zoomLimits: try ZoomLimits(minimumScale: 0.5, maximumScale: 4)),
                                      home: geometry.fittedCamera)
        var pipeline = TouchPipeline()
        for frame in frames {
            for gesture in pipeline.process(frame) { camera.apply(gesture) }
            let sample = camera.sample(at: frame.timeMicroseconds)
            #expect(sample.camera.offset.x.isFinite && sample.camera.offset.y.isFinite && sample.camera.scale.isFinite)
        }
    }

    @Test func damagedCSVTracesNeverCrash() throws {
        var damage = Damage(state: 1)
        var accepted = 0
        for _ in 0..<200 {
            let text = damage.damaged(Self.demoTour)
            guard let frames = try? TraceReader.frames(text: text, file: "damaged.csv", outputSize: .kioskDefault) else { continue }
            accepted += 1
            try drive(frames)
        }
        #expect(accepted > 0 && accepted < 200, "some damage must be accepted and some refused (\(accepted))")
    }

    @Test func damagedEvemuRecordingsNeverCrash() throws {
        var damage = Damage(state: 2)
        let head = Self.evemu.components(separatedBy: "\n").prefix(400).joined(separator: "\n")
        var refused = 0
        for _ in 0..<150 {
            let text = damage.damaged(head)
            do {
                try drive(try TraceReader.frames(text: text, file: "damaged.events", outputSize: .kioskDefault))
            } catch {
                refused += 1
                #expect("\(error)".hasPrefix("damaged.events:"), "errors name the file and line: \(error)")
            }
        }
        #expect(refused > 0)
    }

    @Test func damagedMapFilesNeverCrashAndAreNeverHalfLoaded() throws {
        let text = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("maps/demo-city.toml"), encoding: .utf8)
        var damage = Damage(state: 3)
        for _ in 0..<150 {
            do {
                let map = try MapFileLoader.parse(text: damage.damaged(text), fileName: "damaged.toml")
                // Accepted means whole: every station a line names exists.
                for line in map.lines { for id in line.stationIDs { #expect(map.station(id: id) != nil) } }
            } catch {
                #expect(error.diagnostics.allSatisfy { $0.description.hasPrefix("damaged.toml:") })
            }
        }
    }

    @Test func damagedConfigsNeverCrash() throws {
        let text = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("configs/kiosk.toml"), encoding: .utf8)
        var damage = Damage(state: 4)
        for _ in 0..<200 {
            do {
                let config = try KioskConfigLoader.parse(text: damage.damaged(text), fileName: "damaged.toml")
                let geometry = CameraGeometry(contentOrigin: .zero, contentSize: ContentSize(width: 2000, height: 1500),
                                              viewport: ScreenSize(width: 1280, height: 800))
                // An accepted config always makes a working camera.
                _ = try config.cameraSettings(geometry: geometry)
            } catch let error as KioskConfigError {
                #expect(error.diagnostics.allSatisfy { $0.description.hasPrefix("damaged.toml:") })
            }
        }
    }

    @Test func damagedPMetroFilesNeverCrash() throws {
        let folder = RepositoryPaths.sharedData.appendingPathComponent("maps/pmetro-london")
        let trp = PMetroTextDecoder.decode([UInt8](try Data(contentsOf: folder.appendingPathComponent("Metro.trp")))).text
        let scheme = PMetroTextDecoder.decode([UInt8](try Data(contentsOf: folder.appendingPathComponent("Metro.map")))).text
        var damage = Damage(state: 5)
        for _ in 0..<60 {
            if let imported = try? PMetroImporter.convert(transportText: damage.damaged(trp), transportPath: "Metro.trp",
                                                          schemeText: damage.damaged(scheme), schemePath: "Metro.map", name: "x") {
                #expect(imported.warnings.allSatisfy { $0.file == "Metro.trp" || $0.file == "Metro.map" })
            }
        }
    }
}
