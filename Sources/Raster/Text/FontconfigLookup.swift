import CFontconfig

/// Resolves font family names to files through fontconfig, the way every Linux desktop does, and keeps each face's
/// character set so fallback can ask "who draws this character?" without opening the font.
enum FontconfigLookup {
    struct Match {
        let family: String
        let path: String
        let faceIndex: Int
        /// Owned copy of the face's FcCharSet (freed with FcCharSetDestroy by the owner).
        let charset: OpaquePointer?
    }

    /// fontconfig's configuration is process-wide and its initialisation is not thread-safe: FcInit runs once,
    /// under the lock, whichever thread loads a font stack first (issue 35; an unguarded flag let two threads in).
    private static let initialisation = PthreadMutex(false)

    /// Whether fontconfig is initialised, initialising it on the first call.
    static func initialise() -> Bool {
        initialisation.withLock { done in
            if !done { done = FcInit() != 0 }
            return done
        }
    }

    /// The installed face fontconfig matches for `name` (a family, optionally with fontconfig properties:
    /// "Noto Sans:weight=bold"), or nil when no installed family has that name: fontconfig always answers with
    /// *some* font, and a silent substitute is what the preference list must not get.
    static func match(_ name: String) -> Match? {
        guard initialise() else { return nil }
        guard let pattern = FcNameParse(name) else { return nil }
        defer { FcPatternDestroy(pattern) }
        let wanted = String(name.prefix { $0 != ":" }).lowercased()
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        var families: [String] = []
        var index: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(found, FC_FAMILY, index, &value) == FcResultMatch, let value {
            families.append(String(cString: value))
            index += 1
        }
        guard let family = families.first(where: { $0.lowercased() == wanted }) else { return nil }
        guard FcPatternGetString(found, FC_FILE, 0, &value) == FcResultMatch, let value else { return nil }
        let path = String(cString: value)
        var faceIndex: Int32 = 0
        _ = FcPatternGetInteger(found, FC_INDEX, 0, &faceIndex)
        var charset: OpaquePointer?
        if FcPatternGetCharSet(found, FC_CHARSET, 0, &charset) != FcResultMatch { charset = nil }
        return Match(family: family, path: path, faceIndex: Int(faceIndex & 0xFFFF), charset: charset.flatMap { FcCharSetCopy($0) })
    }

    static func charset(_ charset: OpaquePointer, covers scalar: Unicode.Scalar) -> Bool {
        FcCharSetHasChar(charset, FcChar32(scalar.value)) != 0
    }

    static func release(_ charset: OpaquePointer) {
        FcCharSetDestroy(charset)
    }
}
