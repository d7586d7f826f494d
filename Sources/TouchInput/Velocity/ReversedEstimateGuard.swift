/// The default estimator's policy against backward glides: a release velocity that points against the finger's net
/// motion over the estimate's window (or has no net motion behind it) is no fling, axis by axis.
///
/// Why only the default: `lsq2` and `impulse` are published algorithms whose recorded expectations (Flutter's,
/// AOSP's) include estimates against the net motion; guarding them would make them something else under the same
/// name. The kiosk flings with `ios` unless configured otherwise, and that is where the passenger is protected.
enum ReversedEstimateGuard {
    static func alongNetMotion(_ velocity: Double, _ netMotion: Double) -> Double {
        velocity * netMotion > 0 ? velocity : 0
    }
}

extension VelocityStrategy {
    /// Whether a lift's velocity goes through `ReversedEstimateGuard`: the kiosk's own estimator only.
    var guardsReversedEstimates: Bool { self == .ios }
}
