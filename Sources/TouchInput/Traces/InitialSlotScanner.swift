/// Both evemu and `libinput record` describe the device in comments (`#   Event code 47 (ABS_MT_SLOT)` followed by
/// `#     Value  3`); that value is the slot current when recording began, which no other header line carries.
/// Fed one line at a time (readers stream); `slot` is the value once the comment block has been seen.
struct InitialSlotScanner {
    private(set) var slot = 0
    private var inSlotAxis = false
    /// The slot axis's comment block has ended (with or without a value).
    private(set) var isDone = false
    private(set) var foundValue = false

    mutating func feed(_ line: Substring) {
        guard !isDone else { return }
        let text = line.drop(while: { $0 == " " || $0 == "\t" })
        guard text.hasPrefix("#") else {
            if inSlotAxis { isDone = true }
            return
        }
        if text.contains("(ABS_MT_SLOT)") {
            inSlotAxis = true
        } else if inSlotAxis {
            let words = text.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if words.count == 2, words[0] == "Value", let value = Int(words[1]) {
                slot = max(value, 0)
                foundValue = true
                isDone = true
            } else if text.contains("Event code") || text.contains("Event type") {
                isDone = true
            }
        }
    }

    static func initialSlot(in lines: some Sequence<Substring>) -> Int {
        var scanner = InitialSlotScanner()
        for line in lines { scanner.feed(line) }
        return scanner.slot
    }
}
