import Foundation
import Testing

/// `metro-kiosk physics` checked end to end against an implementation written here from the published formulas,
/// independent of the Physics module.
struct PhysicsCommandTests {
    func lines(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try MetroKioskProcess.run(["physics"] + arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try result.stdoutLines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    func number(_ line: [String: Any], _ key: String) -> Double { (line[key] as? NSNumber)?.doubleValue ?? .nan }

    @Test func flingWithoutBoundsFollowsTheDecelerationFormulaAtEachSixtiethOfASecond() throws {
        let output = try lines(["fling", "--position", "20", "--velocity", "1000"])
        let k = 1000 * log(0.998)
        let duration = log(-k * 0.5 / 1000) / k
        #expect(output.count == Int((duration * 60).rounded(.up)) + 1)
        for (index, line) in output.dropLast().enumerated() {
            let t = Double(index) / 60
            #expect(abs(number(line, "t") - t) < 1e-12)
            #expect(abs(number(line, "x") - (20 + 1000 * (exp(k * t) - 1) / k)) < 1e-9)
            #expect(abs(number(line, "v") - 1000 * exp(k * t)) < 1e-9)
            #expect(line["phase"] as? String == "decelerating")
        }
        let rest = try #require(output.last)
        #expect(rest["phase"] as? String == "rest")
        #expect(abs(number(rest, "t") - duration) < 1e-9)
        #expect(abs(number(rest, "x") - (20 - 1000 / k)) < 1e-9)
        #expect(number(rest, "v") == 0)
    }

    /// Without spring options the bounce is the kiosk's (`[physics] bounce_spring`: m 1, s 300, ζ 1).
    @Test func flingAcrossABoundBouncesWithTheKiosksSpringFromTheCrossing() throws {
        let output = try lines(["fling", "--position", "0", "--velocity", "3000", "--min", "0", "--max", "500"])
        let beta = 300.0.squareRoot()
        let k = 1000 * log(0.998)
        let crossing = log(1 + k * 500 / 3000) / k
        let crossingVelocity = 3000 * exp(k * crossing)
        for (index, line) in output.dropLast().enumerated() {
            let t = Double(index) / 60
            if t < crossing {
                #expect(line["phase"] as? String == "decelerating")
                #expect(abs(number(line, "x") - 3000 * (exp(k * t) - 1) / k) < 1e-9)
            } else {
                // Critically damped, β = √300; starts at the bound with the crossing velocity.
                let s = t - crossing
                #expect(line["phase"] as? String == "bouncing")
                #expect(abs(number(line, "x") - (500 + crossingVelocity * s * exp(-beta * s))) < 1e-6)
            }
        }
        #expect(output.contains { $0["phase"] as? String == "bouncing" })
        #expect(number(output.last ?? [:], "x") == 500)
    }

    @Test func flingStartingOutsideSpringsBack() throws {
        let output = try lines(["fling", "--position", "-50", "--velocity", "0", "--min", "0", "--max", "500", "--dimension", "800"])
        #expect(output.first?["phase"] as? String == "bouncing")
        #expect(number(output.last ?? [:], "x") == 0)
    }

    @Test func underdampedSpringMatchesTheClosedForm() throws {
        let output = try lines(["spring", "--displacement", "80", "--velocity", "-300", "--damping-ratio", "0.4", "--stiffness", "150", "--mass", "1.5"])
        let beta = 2 * 0.4 * (1.5 * 150).squareRoot() / 3, omega = (150 / 1.5).squareRoot() * (1 - 0.16).squareRoot()
        let c2 = (-300 + beta * 80) / omega
        for (index, line) in output.dropLast().enumerated() {
            let t = Double(index) / 60
            #expect(abs(number(line, "x") - exp(-beta * t) * (80 * cos(omega * t) + c2 * sin(omega * t))) < 1e-9)
        }
        let settle = number(output.last ?? [:], "t")
        #expect(output.dropLast().allSatisfy { number($0, "t") < settle })
        #expect(number(output.last ?? [:], "x") == 0 && number(output.last ?? [:], "v") == 0)
    }

    @Test func overdampedSpringMatchesTheClosedForm() throws {
        let output = try lines(["spring", "--displacement", "0", "--velocity", "500", "--stiffness", "100", "--damping-ratio", "1.25",
                                 "--fps", "120"])
        // r1 = −5, r2 = −20: x = 500/15·(e^(−5t) − e^(−20t))
        for (index, line) in output.dropLast().enumerated() {
            let t = Double(index) / 120
            #expect(abs(number(line, "x") - 500.0 / 15 * (exp(-5 * t) - exp(-20 * t))) < 1e-9)
        }
    }

    @Test func rubberbandAndProjectPrintOneLine() throws {
        let band = try lines(["rubberband", "--value", "-100", "--min", "0", "--max", "500", "--dimension", "100"])
        #expect(band.count == 1)
        #expect(abs(number(band[0], "value") - (-(1 - 1 / 1.55) * 100)) < 1e-9)
        let project = try lines(["project", "--position", "100", "--velocity", "1000", "--anchors", "0,300,600,900"])
        #expect(project.count == 1)
        #expect(abs(number(project[0], "projection") - (100 - 1000 / (1000 * log(0.998)))) < 1e-9)
        #expect(number(project[0], "anchor") == 600)
    }

    @Test func badNumbersAreRefusedWithAReason() throws {
        let cases: [([String], String)] = [
            (["spring", "--displacement", "1", "--velocity", "0", "--mass", "0"], "mass must be greater than 0"),
            (["spring", "--displacement", "1", "--velocity", "0", "--damping-ratio", "-1"], "damping ratio"),
            (["fling", "--position", "0", "--velocity", "nan"], "finite"),
            (["fling", "--position", "0", "--velocity", "10", "--rate", "1.2"], "between 0 and 1"),
            (["fling", "--position", "0", "--velocity", "10", "--min", "5", "--max", "1"], "greater than maximum"),
            (["fling", "--position", "0", "--velocity", "10", "--min", "5"], "go together"),
            (["project", "--position", "0", "--velocity", "10", "--anchors", "1,x"], "not a number"),
            (["fling", "--position", "0", "--velocity", "10", "--fps", "0"], "--fps"),
        ]
        for (arguments, reason) in cases {
            let result = try MetroKioskProcess.run(["physics"] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(reason), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }
}
