import ArgumentParser
import Foundation
import KioskCore
import Physics
import Diagnostics
import JSONText

/// Prints trajectories of the physics core so an operator can tune the feel and a test can check it.
struct PhysicsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "physics",
        abstract: "Print trajectories of the scroll physics as JSON lines.",
        subcommands: [Fling.self, SpringCommand.self, RubberBandCommand.self, Project.self]
    )

    /// The sampling shared by fling and spring: t = i/fps from 0 while the motion lasts, then one line at rest.
    struct Sampling: ParsableArguments {
        @Option(parsing: .unconditional, help: "Samples per second.")
        var fps: Double = 60

        @Option(help: "Also draw the curve (position over time, phases coloured) into this PNG file.")
        var plot: String?

        func validate() throws {
            guard fps.isFinite, fps > 0 else { throw ValidationError("--fps must be a positive number, got \(fps)") }
        }

        /// The most lines one trajectory may print (an hour at 60 fps): a fling at rate 0.9999999999 or 1e9 fps
        /// would otherwise print for days.
        static let maximumSamples = 216_000

        /// The sample times t = i/fps below `duration`; refused (exit 64) when there would be more than
        /// `maximumSamples`, before anything is printed.
        func times(until duration: Double) throws -> LazyMapSequence<Range<Int>, Double> {
            let count = duration > 0 ? (duration * fps).rounded(.up) : 0
            guard count.isFinite, count <= Double(Self.maximumSamples) else {
                throw ValidationError("the motion lasts \(duration) s: at --fps \(fps) that is more than "
                                      + "\(Self.maximumSamples) samples; lower --fps or choose a faster-settling motion")
            }
            let fps = fps
            var end = Int(count)
            while end > 0 && Double(end - 1) / fps >= duration { end -= 1 }
            return (0..<end).lazy.map { Double($0) / fps }
        }
    }

    /// The spring; by default the kiosk's edge bounce (`FeelDefaults.bounceSpring`), so what is printed without
    /// options is what a fling on the kiosk does at an edge.
    struct SpringArguments: ParsableArguments {
        @Option(parsing: .unconditional, help: "Spring mass.")
        var mass: Double = FeelDefaults.bounceSpring.mass
        @Option(parsing: .unconditional, help: "Spring stiffness.")
        var stiffness: Double = FeelDefaults.bounceSpring.stiffness
        @Option(name: .customLong("damping-ratio"), parsing: .unconditional, help: "Damping ratio: < 1 overshoots, 1 critical, > 1 creeps.")
        var dampingRatio: Double = FeelDefaults.bounceSpring.dampingRatio

        func spring() throws -> Spring {
            try physics { () throws(PhysicsError) in try Spring(mass: mass, stiffness: stiffness, dampingRatio: dampingRatio) }
        }
    }

    struct Fling: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A release at a position and velocity: deceleration, and a bounce when it crosses a bound.",
            discussion: """
                Lines {"t":…, "x":…, "v":…, "phase":"decelerating"|"bouncing"|"rest"}. Without bounds it only \
                decelerates; with --min/--max a fling that crosses one hands off to the spring there, and a start \
                outside springs back.
                """)

        @Option(parsing: .unconditional, help: "Position at release (px).") var position: Double
        @Option(parsing: .unconditional, help: "Velocity at release (px/s).") var velocity: Double
        @Option(parsing: .unconditional, help: "Velocity kept per millisecond, in (0, 1): 0.998 normal, 0.99 fast.")
        var rate: Double = FeelDefaults.decelerationRate.perMillisecond
        @Option(parsing: .unconditional, help: "Rest once within this distance (px).") var threshold: Double = 0.5
        @Option(parsing: .unconditional, help: "Lower bound (px).") var min: Double?
        @Option(parsing: .unconditional, help: "Upper bound (px).") var max: Double?
        @Option(parsing: .unconditional, help: "View length along the axis (px): a start outside the bounds must lie less than this past them, as the rubber band shows it.")
        var dimension: Double?
        @Option(name: .customLong("max-velocity"), parsing: .unconditional, help: "Maximum fling velocity (px/s).") var maxVelocity: Double = .infinity
        @OptionGroup var springArguments: SpringArguments
        @OptionGroup var sampling: Sampling

        func run() throws {
            let bounds = try boundsIfGiven()
            let spring = try springArguments.spring()
            let axis = try physics { () throws(PhysicsError) in
                let rate = try DecelerationRate(perMillisecond: rate)
                return try ScrollAxisAnimation(
                    position: position, velocity: velocity, bounds: bounds, rate: rate,
                    threshold: threshold, spring: spring, maximumVelocity: maxVelocity)
            }
            // Streamed: each line is printed as it is computed; only a plot keeps them.
            var samples: [(Double, ScrollAxisSample)] = []
            for time in Array(try sampling.times(until: axis.duration)) + [axis.duration] {
                let sample = axis.sample(at: time)
                try requireFiniteOutput([time, sample.value, sample.velocity])
                print(JSONLine(["t": .number(time), "x": .number(sample.value), "v": .number(sample.velocity),
                                "phase": .string(sample.phase.rawValue)]).text)
                if sampling.plot != nil { samples.append((time, sample)) }
            }
            if let plot = sampling.plot {
                try TrajectoryPlot(title: "fling", samples: samples.map { .init(time: $0.0, value: $0.1.value, phase: $0.1.phase.rawValue) })
                    .write(to: plot)
            }
        }

        private func boundsIfGiven() throws -> ClosedInterval? {
            switch (min, max) {
            case (nil, nil):
                return nil
            case let (minimum?, maximum?):
                let bounds = try physics { () throws(PhysicsError) in try ClosedInterval(minimum: minimum, maximum: maximum) }
                if let dimension {
                    guard dimension.isFinite, dimension > 0 else {
                        throw ValidationError("--dimension must be greater than 0, got \(dimension)")
                    }
                    // The rubber band never shows content a whole dimension past a bound.
                    let overshoot = abs(position - bounds.clamped(position))
                    guard overshoot < dimension else {
                        throw ValidationError("--position lies \(overshoot) px past a bound; the rubber band of --dimension \(dimension) never shows it that far")
                    }
                }
                return bounds
            default:
                throw ValidationError("--min and --max go together")
            }
        }
    }

    struct SpringCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "spring",
            abstract: "A spring released at a displacement from rest with a velocity.",
            discussion: #"Lines {"t":…, "x":…, "v":…}; x is the displacement from rest."#)

        @Option(parsing: .unconditional, help: "Displacement from the rest point (px).") var displacement: Double
        @Option(parsing: .unconditional, help: "Initial velocity (px/s).") var velocity: Double
        @Option(parsing: .unconditional, help: "At rest once it stays within this distance (px).") var threshold: Double = 0.5
        @OptionGroup var springArguments: SpringArguments
        @OptionGroup var sampling: Sampling

        func run() throws {
            let spring = try springArguments.spring()
            let motion = try physics { () throws(PhysicsError) in
                try SpringTimingParameters(spring: spring, displacement: displacement, initialVelocity: velocity, threshold: threshold)
            }
            var samples: [(Double, Double, Double, String)] = []
            for time in try sampling.times(until: motion.duration) {
                let value = motion.value(at: time), velocity = motion.velocity(at: time)
                try requireFiniteOutput([time, value, velocity])
                print(JSONLine(["t": .number(time), "x": .number(value), "v": .number(velocity)]).text)
                if sampling.plot != nil { samples.append((time, value, velocity, "bouncing")) }
            }
            try requireFiniteOutput([motion.duration])
            print(JSONLine(["t": .number(motion.duration), "x": .number(0), "v": .number(0)]).text)
            samples.append((motion.duration, 0, 0, "rest"))
            if let plot = sampling.plot {
                try TrajectoryPlot(title: "spring", samples: samples.map { .init(time: $0.0, value: $0.1, phase: $0.3) })
                    .write(to: plot)
            }
        }
    }

    struct RubberBandCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rubberband",
            abstract: #"Where content dragged to a value is shown: one line {"value":…}."#)

        @Option(parsing: .unconditional, help: "Drag target (px).") var value: Double
        @Option(parsing: .unconditional, help: "Lower bound (px).") var min: Double
        @Option(parsing: .unconditional, help: "Upper bound (px).") var max: Double
        @Option(parsing: .unconditional, help: "View length along the axis (px).") var dimension: Double
        @Option(parsing: .unconditional, help: "Rubber band coefficient.") var coefficient: Double = FeelDefaults.rubberBandCoefficient

        func run() throws {
            let shown = try physics { () throws(PhysicsError) in
                try requireFiniteInput(value, "value")
                return try RubberBand(coefficient: coefficient, dimension: dimension,
                                      bounds: ClosedInterval(minimum: min, maximum: max)).clamp(value)
            }
            try requireFiniteOutput([shown])
            print(JSONLine(["value": .number(shown)]).text)
        }
    }

    struct Project: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: #"Where a release projects to, and the anchor it snaps to: one line {"projection":…, "anchor":…}."#)

        @Option(parsing: .unconditional, help: "Position at release (px).") var position: Double
        @Option(parsing: .unconditional, help: "Velocity at release (px/s).") var velocity: Double
        @Option(parsing: .unconditional, help: "Velocity kept per millisecond, in (0, 1).")
        var rate: Double = FeelDefaults.decelerationRate.perMillisecond
        @Option(parsing: .unconditional, help: "Anchors, comma-separated (px).") var anchors: String

        func run() throws {
            let values = try anchors.split(separator: ",", omittingEmptySubsequences: false).map { text -> Double in
                guard let value = Double(text.trimmingCharacters(in: " ")) else {
                    throw ValidationError("--anchors: '\(text)' is not a number")
                }
                return value
            }
            let projection = try physics { () throws(PhysicsError) in
                try AnchorProjection(position: position, velocity: velocity, anchors: values,
                                     rate: try DecelerationRate(perMillisecond: rate))
            }
            try requireFiniteOutput([projection.projection, projection.anchor])
            print(JSONLine(["projection": .number(projection.projection), "anchor": .number(projection.anchor)]).text)
        }
    }
}

/// Physics refusals become usage errors: the operator sees which number was wrong and why, and exit status 64.
private func physics<T>(_ body: () throws(PhysicsError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw ValidationError(error.description)
    }
}

/// Parameters each finite on their own can still overflow together (a velocity of 1e308 times a long time): the
/// trajectory then stops with exit 65 and says so, rather than printing NaN as null and exiting 0.
private func requireFiniteOutput(_ values: [Double]) throws {
    guard values.allSatisfy(\.isFinite) else {
        FileHandle.standardError.write(Data("physics: the trajectory overflowed to a non-finite value with these parameters; use smaller values\n".utf8))
        throw ExitCode(Sysexit.dataError)
    }
}

private func requireFiniteInput(_ value: Double, _ name: String) throws(PhysicsError) {
    guard value.isFinite else { throw .notFinite(parameter: name, value: value) }
}

private extension Substring {
    func trimmingCharacters(in character: Character) -> Substring {
        var trimmed = self
        while trimmed.first == character { trimmed.removeFirst() }
        while trimmed.last == character { trimmed.removeLast() }
        return trimmed
    }
}
