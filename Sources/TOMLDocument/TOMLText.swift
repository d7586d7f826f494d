/// Small pieces of TOML lexical syntax shared by the source locator and the map writer, and the one way a message
/// quotes a value it read (`excerpt`).
public enum TOMLText {
    public static func isBareKeyCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
    }

    public static func isBareKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
    }

    public static func isBareKey(_ key: String) -> Bool {
        !key.isEmpty && key.allSatisfy(isBareKeyCharacter)
    }

    /// A key as written: bare when it can be, quoted otherwise.
    public static func key(_ key: String) -> String {
        isBareKey(key) ? key : quoted(key)
    }

    /// A basic string literal with TOML's escapes.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The text of a single-line quoted key; only the escapes a key would realistically use are undone.
    public static func unquoted(_ literal: String) -> String {
        guard literal.count >= 2, let quote = literal.first, literal.last == quote else { return literal }
        let body = String(literal.dropFirst().dropLast())
        guard quote == "\"" else { return body }
        return body.replacingOccurrences("\\\"", with: "\"").replacingOccurrences("\\\\", with: "\\")
    }

    /// A number as the writer prints it: integral values without a fraction, others in shortest round-trip form.
    /// For a table header that does not start with a key (see `TOMLSourceLocator.malformedSyntax`).
    public static let malformedHeaderMessage = "TOML syntax: expected a table name (a bare or quoted key) after '['"

    /// A value as a message quotes it: at most 80 characters, the cut marked with "…", so a 20 MB string in a file
    /// never ends up whole on a terminal or in the journal; control characters written as escapes (`\n`,
    /// `\u{1B}`), so an id or a socket's answer cannot move the cursor, recolour or clear the operator's terminal,
    /// or split one journal line into two. Every message that quotes input goes through here.
    public static func excerpt(_ text: String, limit: Int = 80) -> String {
        var result = ""
        var count = 0
        for character in text {
            guard count < limit else { return result + "…" }
            if character.unicodeScalars.contains(where: isControl) {
                for scalar in character.unicodeScalars { result += isControl(scalar) ? escaped(scalar) : String(scalar) }
            } else {
                result.append(character)
            }
            count += 1
        }
        return result
    }

    /// C0 and C1 controls, DEL, and the bidirectional overrides and isolates (which reorder what follows them).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

private extension String {
    /// Foundation-free substring replacement; the lexical helpers need nothing more.
    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
