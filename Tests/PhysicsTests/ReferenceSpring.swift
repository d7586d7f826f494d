import Physics

extension Spring {
    /// The scroll-mechanics talk's reference spring (m 1, s 100, ζ 1: β = 10), which the hand-worked figures of these
    /// formula tests are written for. The kiosk's own springs are `FeelDefaults`' and are tested there.
    static let reference = Spring(constantMass: 1, stiffness: 100, dampingRatio: 1)
}
