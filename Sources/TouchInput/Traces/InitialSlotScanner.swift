/// Both evemu and `libinput record` describe the device in comments (`#   Event code 47 (ABS_MT_SLOT)` followed by
/// `#     Value  3`); that value is the slot current when recording began, which no other header line carries.
enum InitialSlotScanner {
    static func initialSlot(in lines: some Sequence<Substring>) -> Int {
        var inSlotAxis = false
        for line in lines {
            let text = line.drop(while: { $0 == " " || $0 == "\t" })
            guard text.hasPrefix("#") else {
                if inSlotAxis { return 0 }
                continue
            }
            if text.contains("(ABS_MT_SLOT)") {
                inSlotAxis = true
            } else if inSlotAxis {
                let words = text.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
                if words.count == 2, words[0] == "Value", let value = Int(words[1]) { return max(value, 0) }
                if text.contains("Event code") || text.contains("Event type") { return 0 }
            }
        }
        return 0
    }
}
