import Foundation
import Testing
import TestSupport

struct VelocityCommandTests {
    struct Line: Decodable, Equatable {
        var time_us: Int64
        var slot: Int
        var vx: Double
        var vy: Double
    }

    static func lines(_ stdout: String) throws -> [Line] {
        try stdout.split(separator: "\n").map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
    }

    static func temporaryFile(_ name: String, _ contents: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("velocity-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func printsOneLinePerLiftOfASharedRecording() throws {
        let trace = RepositoryPaths.sharedData.appendingPathComponent("touch/evemu/EP0430M09.2-finger-scroll-down.events").path
        let result = try MetroKioskProcess.run(["velocity", "--trace", trace])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try Self.lines(result.stdout)
        // Two fingers, two lifts, in time order; the recording scrolls upward (y decreasing).
        #expect(lines.map(\.slot).sorted() == [0, 1])
        #expect(lines.map(\.time_us) == lines.map(\.time_us).sorted())
        #expect(lines.allSatisfy { $0.vy < 0 })
    }

    @Test func sizeScalesDeviceCoordinates() throws {
        let trace = RepositoryPaths.sharedData.appendingPathComponent("touch/evemu/EP0430M09.1-finger-drag-up-down.events").path
        let base = try Self.lines(try MetroKioskProcess.run(["velocity", "--trace", trace]).stdout)
        let double = try Self.lines(try MetroKioskProcess.run(["velocity", "--trace", trace, "--size", "2560x1600"]).stdout)
        try #require(base.count == 1 && double.count == 1)
        #expect(abs(double[0].vy - 2 * base[0].vy) < 1e-6 * abs(base[0].vy))
    }

    @Test(arguments: ["ios", "lsq2", "impulse"])
    func csvAtConstantVelocityGivesThatVelocity(strategy: String) throws {
        var csv = "# 800 px/s right, 300 px/s down, then a lift 5 ms after the last move\ntime_us,slot,event,x,y\n"
        for i in 0..<8 { csv += "\(1_000_000 + i * 10_000),2,\(i == 0 ? "down" : "move"),\(100 + 8 * i),\(50 + 3 * i)\n" }
        csv += "1075000,2,up,,\n"
        let url = try Self.temporaryFile("constant.csv", csv)
        let result = try MetroKioskProcess.run(["velocity", "--trace", url.path, "--strategy", strategy])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try Self.lines(result.stdout)
        try #require(lines.count == 1)
        #expect(lines[0].time_us == 1_075_000 && lines[0].slot == 2)
        #expect(abs(lines[0].vx - 800) < 1e-6 && abs(lines[0].vy - 300) < 1e-6)
    }

    @Test func malformedTraceFailsWithFileAndLineOnStderr() throws {
        let url = try Self.temporaryFile("bad.csv", "0,0,down,1,1\n10,0,hover,1,1\n")
        let result = try MetroKioskProcess.run(["velocity", "--trace", url.path])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(url.path):2:6: expected event down, move, up or cancel"))
    }

    @Test func missingFileAndBadOptionsFailWithoutACrash() throws {
        let missing = try MetroKioskProcess.run(["velocity", "--trace", "/nonexistent/trace.events"])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("/nonexistent/trace.events: cannot read the file"))
        let strategy = try MetroKioskProcess.run(["velocity", "--trace", "x.csv", "--strategy", "kalman"])
        #expect(strategy.status == 64)
        #expect(strategy.stderr.contains("--strategy must be one of ios, lsq2, impulse"))
        let size = try MetroKioskProcess.run(["velocity", "--trace", "x.csv", "--size", "0x800"])
        #expect(size.status == 64)
    }
}
