/// One sentence to say, in the language (BCP 47) it is written in: the voice is chosen by it.
public struct SpokenPhrase: Sendable, Hashable, CustomStringConvertible {
    public var text: String
    /// nil: the map's own names in no configured language; spoken in English.
    public var language: String?

    public init(_ text: String, language: String?) {
        self.text = text
        self.language = language
    }

    public var description: String { text }
}
