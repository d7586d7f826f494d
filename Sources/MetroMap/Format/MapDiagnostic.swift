@_exported import Diagnostics

/// The map reader's diagnostics are the shared `Diagnostic` (owned by the bottom `Diagnostics` target, which the
/// config and trace readers use too); the old name stays for the importer's call sites.
public typealias MapDiagnostic = Diagnostic
