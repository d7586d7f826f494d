import Overlay

/// Where the keypad's focus is in the open search sheet: on a key of the on-screen keyboard (2/8 a row up or down,
/// to the key nearest across, 4/6 along the row, 5 types it) or, after Enter, on a row of the results (2/8 through
/// them, 5 or Enter opens it). "Next" and "first" are in reading order: on an Arabic, Persian or Hebrew keyboard the
/// focus starts on the top row's right end and 6 moves it left, as the script is read (issue 34). A value, like `KeypadFocus`: the loop asks it what a key does and carries out the
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
    /// Index into the layout's keys; nil: the first key in reading order (a new search).
    public private(set) var keyIndex: Int?
    public private(set) var resultIndex = 0

    public init() {}

    /// Back to the first key (a new search).
    public mutating func reset() {
        level = .keys
        keyIndex = nil
        resultIndex = 0
    }

    /// The key in focus on `layout`.
    public func key(on layout: SearchKeyboardLayout) -> SearchKeyboardLayout.PlacedKey? {
        layout.keys.isEmpty ? nil : layout.keys[index(on: layout)]
    }

    /// The key in focus as an index into `layout.keys`: the first key in reading order when none is yet, or when the
    /// one remembered is not on this layout.
    private func index(on layout: SearchKeyboardLayout) -> Int {
        if let keyIndex, layout.keys.indices.contains(keyIndex) { return keyIndex }
        return Self.rows(of: layout).first?.first ?? 0
    }

    /// What `action` does in the sheet laid out as `layout` with `resultCount` results listed; nil for actions the
    /// sheet leaves to the kiosk (Cancel, zoom, volume, repeat…).
    public mutating func apply(_ action: KeyAction, layout: SearchKeyboardLayout, resultCount: Int) -> Move? {
        guard !layout.keys.isEmpty else { return nil }
        let keyIndex = index(on: layout)
        self.keyIndex = keyIndex
        switch level {
        case .keys:
            switch action {
            case .previousList, .nextList:
                let moved = Self.alongRow(from: keyIndex, step: action == .nextList ? 1 : -1, in: layout)
                self.keyIndex = moved
                return .focusedKey(layout.keys[moved].key)
            case .previousItem, .nextItem:
                let moved = Self.acrossRows(from: keyIndex, step: action == .nextItem ? 1 : -1, in: layout)
                self.keyIndex = moved
                return .focusedKey(layout.keys[moved].key)
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

    /// The keys grouped in rows, top to bottom, each in reading order: left to right, or right to left for a script
    /// read that way (indices into `layout.keys`).
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
        let rightToLeft = layout.script.isRightToLeft
        return rows.sorted { $0.y < $1.y }.map {
            $0.keys.sorted { a, b in
                rightToLeft ? layout.keys[a].cell.minX > layout.keys[b].cell.minX : layout.keys[a].cell.minX < layout.keys[b].cell.minX
            }
        }
    }

    /// The next or previous key in the same row in reading order, wrapping at its ends.
    static func alongRow(from index: Int, step: Int, in layout: SearchKeyboardLayout) -> Int {
        let rows = rows(of: layout)
        guard let row = rows.first(where: { $0.contains(index) }), let at = row.firstIndex(of: index) else { return index }
        return row[((at + step) % row.count + row.count) % row.count]
    }

    /// The key of the row below or above (wrapping from the last row to the first) whose centre is nearest across;
    /// of two as near, the first in reading order (the left one, the right one in a right-to-left script).
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
