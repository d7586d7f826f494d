import CFriBidi
import CHarfBuzz

/// Splits a label into runs one font can shape in one go, and puts them in display order: the Unicode
/// bidirectional algorithm (FriBidi) gives every character an embedding level, HarfBuzz's Unicode tables its
/// script, and the font stack the first font that covers it; a run is a stretch where all three stay the same.
/// Runs come back left to right as they are shown (rule L2 over the runs), so the digits of "میدان ۱۵ خرداد"
/// stay "۱۵" inside the right-to-left name.
enum TextItemizer {
    struct Item: Equatable {
        var run: TextRun
        /// Index into the font stack; the first font when none covers a character (it is then missing).
        var font: Int
        var level: UInt8
    }

    /// `fontFor(scalar, preferred)`: the stack's first font covering `scalar`, or `preferred` when that one
    /// covers it too (so spaces and digits stay in the font of the text around them); nil when none does.
    static func itemize(_ text: String, language: String?, fontFor: (Unicode.Scalar, Int?) -> Int?) -> [Item] {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        let levels = embeddingLevels(scalars)
        let scripts = resolvedScripts(scalars)
        let fonts = assignFonts(scalars, fontFor: fontFor)

        var items: [Item] = []
        var byte = 0
        for (i, scalar) in scalars.enumerated() {
            let width = UTF8.width(scalar)
            let direction: TextDirection = levels[i] & 1 == 1 ? .rightToLeft : .leftToRight
            if var last = items.last, last.level == levels[i], last.font == fonts[i], last.run.script == scripts[i] {
                last.run.utf8Range = last.run.utf8Range.lowerBound..<byte + width
                items[items.count - 1] = last
            } else {
                items.append(Item(run: TextRun(utf8Range: byte..<byte + width, direction: direction, script: scripts[i],
                                               language: language),
                                  font: fonts[i], level: levels[i]))
            }
            byte += width
        }
        return visualOrder(items)
    }

    /// FriBidi's levels with the paragraph direction taken from the first strong character (rule P2/P3).
    static func embeddingLevels(_ scalars: [Unicode.Scalar]) -> [UInt8] {
        let count = Int32(scalars.count)
        let codepoints = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        // No explicit direction: decided by the text.
        var paragraph = FRIBIDI_PAR_ON
        fribidi_get_bidi_types(codepoints, count, &types)
        fribidi_get_bracket_types(codepoints, count, types, &brackets)
        guard fribidi_get_par_embedding_levels_ex(types, brackets, count, &paragraph, &levels) != 0 else {
            return [UInt8](repeating: 0, count: scalars.count)
        }
        return levels.map { UInt8(bitPattern: $0) }
    }

    /// Each character's script, with Common and Inherited ones (spaces, digits, punctuation, combining marks)
    /// taking the script of the text before them, or after them at the start.
    static func resolvedScripts(_ scalars: [Unicode.Scalar]) -> [UInt32] {
        let funcs = hb_unicode_funcs_get_default()
        var scripts = scalars.map { hb_unicode_script(funcs, $0.value).rawValue }
        func isNeutral(_ script: UInt32) -> Bool {
            script == HB_SCRIPT_COMMON.rawValue || script == HB_SCRIPT_INHERITED.rawValue || script == HB_SCRIPT_UNKNOWN.rawValue
        }
        let first = scripts.first { !isNeutral($0) } ?? HB_SCRIPT_COMMON.rawValue
        var current = first
        for i in scripts.indices {
            if isNeutral(scripts[i]) { scripts[i] = current } else { current = scripts[i] }
        }
        return scripts
    }

    /// The first covering font for every character; a neutral character keeps its neighbour's font when that font
    /// has it, so "Prospekt Mira 2" or "新宿 3" is one run, not three.
    static func assignFonts(_ scalars: [Unicode.Scalar], fontFor: (Unicode.Scalar, Int?) -> Int?) -> [Int] {
        let funcs = hb_unicode_funcs_get_default()
        let neutral = scalars.map {
            let script = hb_unicode_script(funcs, $0.value)
            return script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
        }
        var fonts = [Int?](repeating: nil, count: scalars.count)
        for i in scalars.indices where !neutral[i] { fonts[i] = fontFor(scalars[i], nil) }
        // Neutrals: the previous character's font, else the next strong character's, else the first that covers.
        var previous: Int?
        for i in scalars.indices {
            if neutral[i] {
                let next = fonts[(i + 1)...].first { $0 != nil } ?? nil
                fonts[i] = fontFor(scalars[i], previous ?? next)
            }
            if let font = fonts[i] { previous = font }
        }
        // A character nothing covers stays with its neighbour, so the gap does not split a run.
        var last = 0
        return fonts.map { font in
            if let font { last = font; return font }
            return last
        }
    }

    /// Rule L2 over runs: from the highest level down to the lowest odd one, reverse every stretch of runs at that
    /// level or higher.
    static func visualOrder(_ items: [Item]) -> [Item] {
        guard let highest = items.map(\.level).max(),
              let lowestOdd = items.map(\.level).filter({ $0 & 1 == 1 }).min() else { return items }
        var order = items
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard order[i].level >= level else { i += 1; continue }
                var j = i
                while j < order.count, order[j].level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
