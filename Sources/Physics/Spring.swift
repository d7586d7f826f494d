/// A damped harmonic oscillator described the way designers tune it: mass, stiffness and damping ratio
/// (ζ < 1 overshoots, ζ = 1 is the fastest return without overshoot, ζ > 1 creeps back).
public struct Spring: Equatable, Sendable {
    public let mass: Double
    public let stiffness: Double
    public let dampingRatio: Double

    public init(mass: Double, stiffness: Double, dampingRatio: Double) throws(PhysicsError) {
        try requirePositive(mass, "mass")
        try requirePositive(stiffness, "stiffness")
        try requirePositive(dampingRatio, "damping ratio")
        self.init(uncheckedMass: mass, stiffness: stiffness, dampingRatio: dampingRatio)
    }

    /// A spring from constants written in code (a preset, a config default): values that are not positive and finite
    /// are a programming error and trap; values that come from outside go through the throwing initializer.
    public init(constantMass mass: Double, stiffness: Double, dampingRatio: Double) {
        precondition((try? Spring(mass: mass, stiffness: stiffness, dampingRatio: dampingRatio)) != nil,
                     "spring constants must be positive and finite")
        self.init(uncheckedMass: mass, stiffness: stiffness, dampingRatio: dampingRatio)
    }

    private init(uncheckedMass mass: Double, stiffness: Double, dampingRatio: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
    }

    /// c = 2ζ√(m·s)
    public var damping: Double { 2 * dampingRatio * (mass * stiffness).squareRoot() }
    /// ω0 = √(s/m), radians per second.
    public var undampedAngularFrequency: Double { (stiffness / mass).squareRoot() }
    /// β = c / 2m, the envelope's decay rate per second.
    public var decayRate: Double { damping / (2 * mass) }
}
