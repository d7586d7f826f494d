import MetroMap

/// Why a config could not be used: every problem, each as `file:line:col: message`. A config with any error is
/// never half-applied: at start the kiosk shows the problems on screen, on reload it keeps the config it had.
public struct KioskConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    public var diagnostics: [MapDiagnostic]

    public init(diagnostics: [MapDiagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
