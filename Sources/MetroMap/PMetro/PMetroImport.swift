/// The result of importing a pMetro city: the map, and every entry that was skipped or guessed.
public struct PMetroImport: Sendable {
    public var map: MetroMap
    /// Each names its file and line; the map is complete apart from what these describe.
    public var warnings: [MapDiagnostic]
    /// How each file read was encoded, by file name (`Metro.trp`, `Metro.map`).
    public var encodings: [String: PMetroTextEncoding]
}
