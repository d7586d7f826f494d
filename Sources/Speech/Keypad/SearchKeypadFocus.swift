import Overlay

/// Where the keypad's focus is in the open search sheet: on a key of the on-screen keyboard (2/8 a row up or down,
/// to the key nearest across, 4/6 along the row, 5 types it) or, after Enter, on a row of the results (2/8 through
/// them, 5 or Enter opens it). A value, like `KeypadFocus`: the loop asks it what a key does and carries out the
/// `Move` it answers.
public struct SearchKeypadFocus: Sendable, Equatable {
    public enum Level: Sendable, Equatable { case keys, results }

    public enum Move: Sendable, Equatable {
        /// The focus is on this key now: say it.
        case focusedKey(KeyboardKey)
        /// Type this key into the field (5 on it).
        case type(KeyboardKey)
        /// Delete the last letter (Clear on the keys).
        case deleteLetter
        /// The focus is on result `index`.
        case focusedResult(Int)
        /// Enter on the keys with nothing found: say so; the focus stays on the keys.
        case noResults
        /// Open the station of result `index`, as a tap on the row does.
        case chooseResult(Int)
        /// Clear on the results: back to the key in focus before.
        case backToKeys(KeyboardKey)
    }

    public private(set) var level: Level = .keys
    /// Index into the layout's keys.
    public private(set) var keyIndex = 0
    public private(set) var resultIndex = 0

    public init() {}

    /// Back to the first key (a new search).
    public mutating func reset() {
        level = .keys
        keyIndex = 0
        resultIndex = 0
    }

    /// The key in focus on `layout`.
    public func key(on layout: SearchKeyboardLayout) -> SearchKeyboardLayout.PlacedKey? {
        layout.keys.indices.contains(keyIndex) ? layout.keys[keyIndex] : layout.keys.first
    }

    /// What `action` does in the sheet laid out as `layout` with `resultCount` results listed; nil for actions the
    /// sheet leaves to the kiosk (Cancel, zoom, volume, repeat…).
    public mutating func apply(_ action: KeyAction, layout: SearchKeyboardLayout, resultCount: Int) -> Move? {
        guard !layout.keys.isEmpty else { return nil }
        if !layout.keys.indices.contains(keyIndex) { keyIndex = 0 }
        switch level {
        case .keys:
            switch action {
            case .previousList, .nextList:
                keyIndex = Self.alongRow(from: keyIndex, step: action == .nextList ? 1 : -1, in: layout)
                return .focusedKey(layout.keys[keyIndex].key)
            case .previousItem, .nextItem:
                keyIndex = Self.acrossRows(from: keyIndex, step: action == .nextItem ? 1 : -1, in: layout)
                return .focusedKey(layout.keys[keyIndex].key)
            case .select:
                return .type(layout.keys[keyIndex].key)
            case .back:
                return .deleteLetter
            case .confirm:
                guard resultCount > 0 else { return .noResults }
                level = .results
                resultIndex = 0
                return .focusedResult(0)
            default:
                return nil
            }
        case .results:
            switch action {
            case .previousItem, .nextItem, .previousList, .nextList:
                guard resultCount > 0 else { return nil }
                let step = action == .nextItem || action == .nextList ? 1 : -1
                resultIndex = ((resultIndex + step) % resultCount + resultCount) % resultCount
                return .focusedResult(resultIndex)
            case .select, .confirm:
                guard resultIndex < resultCount else { return nil }
                return .chooseResult(resultIndex)
            case .back:
                level = .keys
                return .backToKeys(layout.keys[keyIndex].key)
            default:
                return nil
            }
        }
    }

    /// The keys grouped in rows, top to bottom, each left to right (indices into `layout.keys`).
    static func rows(of layout: SearchKeyboardLayout) -> [[Int]] {
        var rows: [(y: Double, keys: [Int])] = []
        for (index, placed) in layout.keys.enumerated() {
            let y = placed.cell.minY
            if let row = rows.firstIndex(where: { abs($0.y - y) < 0.5 }) {
                rows[row].keys.append(index)
            } else {
                rows.append((y, [index]))
            }
        }
        return rows.sorted { $0.y < $1.y }.map { $0.keys.sorted { layout.keys[$0].cell.minX < layout.keys[$1].cell.minX } }
    }

    /// The next or previous key in the same row, wrapping at its ends.
    static func alongRow(from index: Int, step: Int, in layout: SearchKeyboardLayout) -> Int {
        let rows = rows(of: layout)
        guard let row = rows.first(where: { $0.contains(index) }), let at = row.firstIndex(of: index) else { return index }
        return row[((at + step) % row.count + row.count) % row.count]
    }

    /// The key of the row below or above (wrapping from the last row to the first) whose centre is nearest across;
    /// of two as near, the left one.
    static func acrossRows(from index: Int, step: Int, in layout: SearchKeyboardLayout) -> Int {
        let rows = rows(of: layout)
        guard let at = rows.firstIndex(where: { $0.contains(index) }) else { return index }
        let target = rows[((at + step) % rows.count + rows.count) % rows.count]
        let x = Self.centreX(layout.keys[index])
        return target.min { abs(Self.centreX(layout.keys[$0]) - x) < abs(Self.centreX(layout.keys[$1]) - x) - 1e-9 } ?? index
    }
}

extension SearchKeypadFocus {
    static func centreX(_ placed: SearchKeyboardLayout.PlacedKey) -> Double { (placed.cell.minX + placed.cell.maxX) / 2 }
}
