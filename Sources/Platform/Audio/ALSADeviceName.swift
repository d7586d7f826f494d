import CALSA

/// An `[audio] device` read against ALSA's own configuration (alsa.conf, /etc/asound.conf, ~/.asoundrc), without
/// opening anything: the PCM it names must be defined, and its arguments ("plughw:CARD=PCH,DEV=0") must be ones
/// that definition takes, each with a value, with every argument that has no default given. Whether the card is
/// plugged in is not asked: a USB card may be out while the config is checked, and the kiosk then speaks silently
/// and says so. ALSA's own expansion (`snd_config_search_definition`) is not used because it evaluates the
/// definition's functions, so on a machine with no card even "default" fails as an unknown PCM would.
public enum ALSADeviceName {
    /// What is wrong with `name` ("ALSA defines no PCM 'x'", "'hw' takes no argument 'EXTRA'"); nil when ALSA
    /// would understand it.
    public static func problem(with name: String) -> String? {
        var top: OpaquePointer?
        guard snd_config_update_ref(&top) >= 0, let top else { return nil } // No readable ALSA config: nothing to check against.
        defer { snd_config_unref(top) }
        let (base, arguments) = split(name)
        guard !base.isEmpty else { return "'\(name)' names no PCM before its ':'" }
        var pcms: OpaquePointer?, definition: OpaquePointer?
        guard snd_config_search(top, "pcm", &pcms) >= 0, let pcms, snd_config_search(pcms, base, &definition) >= 0, let definition
        else { return "ALSA defines no PCM '\(base)' (aplay -L lists those it does)" }
        // A definition given as a compound ("{ type hw card 1 }") is ALSA's own syntax: left to ALSA.
        if let arguments, arguments.hasPrefix("{") { return nil }
        let parameters = self.parameters(of: definition)
        var given: Set<String> = []
        var positional = 0, named = false
        for piece in arguments.map(splitArguments) ?? [] {
            if let equals = piece.firstIndex(of: "="), !isQuoted(piece) {
                let key = String(piece[..<equals]), value = piece[piece.index(after: equals)...]
                guard parameters.contains(where: { $0.name == key }) else {
                    let known = parameters.map(\.name).joined(separator: ", ")
                    return "'\(base)' takes no argument '\(key)'" + (known.isEmpty ? " (it takes none)" : " (it takes \(known))")
                }
                guard !value.isEmpty else { return "'\(base)': no value for \(key)" }
                given.insert(key)
                named = true
            } else {
                // ALSA reads positional values first, in the order of the definition's @args.
                guard !named else { return "'\(base)': a value without a name ('\(piece)') after named ones" }
                guard !piece.isEmpty else { return "'\(base)': an empty argument in '\(name)'" }
                guard positional < parameters.count else {
                    return "'\(base)' takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s"), '\(name)' gives more"
                }
                given.insert(parameters[positional].name)
                positional += 1
            }
        }
        if let missing = parameters.first(where: { !$0.hasDefault && !given.contains($0.name) }) {
            return "'\(base)' needs \(missing.name) (\(base):\(missing.name)=…)"
        }
        return nil
    }

    /// "plughw:CARD=PCH,DEV=0" → ("plughw", "CARD=PCH,DEV=0"); "default" → ("default", nil).
    static func split(_ name: String) -> (base: String, arguments: String?) {
        guard let colon = name.firstIndex(of: ":") else { return (name, nil) }
        return (String(name[..<colon]), String(name[name.index(after: colon)...]))
    }

    /// The arguments at their commas, a quoted value's commas kept ("FILE='/a,b',FORMAT=raw").
    static func splitArguments(_ text: String) -> [String] {
        var pieces: [String] = [], current = "", quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "," {
                pieces.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        pieces.append(current)
        return pieces
    }

    private static func isQuoted(_ piece: String) -> Bool { piece.first == "'" || piece.first == "\"" }

    /// A definition's `@args`, in order, each with whether `@args.NAME` gives it a default.
    private static func parameters(of definition: OpaquePointer) -> [(name: String, hasDefault: Bool)] {
        var list: OpaquePointer?
        guard snd_config_search(definition, "@args", &list) >= 0, let list else { return [] }
        var names: [(order: Int, name: String)] = []
        var iterator = snd_config_iterator_first(list)
        while iterator != snd_config_iterator_end(list) {
            defer { iterator = snd_config_iterator_next(iterator) }
            guard let node = snd_config_iterator_entry(iterator) else { continue }
            var id: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?
            guard snd_config_get_id(node, &id) >= 0, let id, snd_config_get_string(node, &value) >= 0, let value else { continue }
            names.append((Int(String(cString: id)) ?? names.count, String(cString: value)))
        }
        return names.sorted { $0.order < $1.order }.map { entry in
            var defaultNode: OpaquePointer?
            let hasDefault = snd_config_search(definition, "@args.\(entry.name).default", &defaultNode) >= 0
            return (entry.name, hasDefault)
        }
    }
}
