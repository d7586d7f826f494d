import Testing
@testable import MetroMap

// "Москва" in Windows-1251: М=CC о=EE с=F1 к=EA в=E2 а=E0 (code page chart, not our table).
let moscowInWindows1251: [UInt8] = [0xCC, 0xEE, 0xF1, 0xEA, 0xE2, 0xE0]

@Test func windows1251IsDetectedAndDecoded() {
    let decoded = PMetroTextDecoder.decode(Array("Name=".utf8) + moscowInWindows1251 + [0x0D, 0x0A])
    #expect(decoded.encoding == .windows1251)
    #expect(decoded.text == "Name=Москва\r\n")
}

@Test func windows1251UpperHalfCarriesYoAndNumeroSign() {
    // Ё=A8, ё=B8, №=B9, «=AB, »=BB, Я=DF, я=FF
    let decoded = PMetroTextDecoder.decode([0xA8, 0xB8, 0xB9, 0xAB, 0xBB, 0xDF, 0xFF])
    #expect(decoded.text == "Ёё№«»Яя")
}

@Test func utf8IsDetectedWithAndWithoutByteOrderMark() {
    let text = "[Line1]\r\nName=Москва\r\n"
    let plain = PMetroTextDecoder.decode(Array(text.utf8))
    #expect(plain.encoding == .utf8)
    #expect(plain.text == text)
    let marked = PMetroTextDecoder.decode([0xEF, 0xBB, 0xBF] + Array(text.utf8))
    #expect(marked.encoding == .utf8WithBOM)
    #expect(marked.text == text)
}

@Test func plainASCIIIsUTF8() {
    #expect(PMetroTextDecoder.decode(Array("Name=Bakerloo".utf8)).encoding == .utf8)
}

@Test func utf8WithAFewBrokenBytesStaysUTF8AndIsReported() {
    var bytes = Array("[Line1]\nName=Москва\n".utf8)
    bytes += [0xFF] + Array("\nStations=Киевская,Арбатская\n".utf8)
    let decoded = PMetroTextDecoder.decodeReportingDamage(bytes)
    #expect(decoded.encoding == .utf8)
    #expect(decoded.text.contains("Москва") && decoded.text.contains("Киевская"))
    #expect(decoded.damage == PMetroTextDecoder.Damage(byteCount: 1, firstLine: 3))
    // Windows-1251 Cyrillic is not mistaken for damaged UTF-8.
    #expect(PMetroTextDecoder.decodeReportingDamage(moscowInWindows1251).encoding == .windows1251)
}
