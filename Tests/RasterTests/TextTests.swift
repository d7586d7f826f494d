import Raster
import Testing

private func inkBounds(_ buffer: PixelBuffer) -> IntRect? {
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    for y in 0..<buffer.height {
        for x in 0..<buffer.width where buffer.pixel(x: x, y: y) != 0 {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
    }
    return maxX < 0 ? nil : IntRect(x0: minX, y0: minY, x1: maxX + 1, y1: maxY + 1)
}

@Test func cyrillicAndLatinStationNamesRenderWithEveryGlyphFound() throws {
    let font = try Font.loadDefault()
    for name in ["Охотный Ряд", "King's Cross St. Pancras", "Белорусская", "Savyolovskaya"] {
        let canvas = makeCanvas(width: 400, height: 40)
        let shaped = canvas.drawText(name, at: Point(10, 28), font: font, sizePixels: 18, color: .white)
        #expect(shaped.allGlyphsFound, "\(name): missing \(shaped.missingCharacters)")
        #expect(shaped.glyphs.count == name.unicodeScalars.count - name.filter { $0 == " " }.count
                    || shaped.glyphs.count == name.unicodeScalars.count)
        let ink = try #require(inkBounds(canvas.buffer))
        // The ink spans the advance and sits around the baseline.
        #expect(abs(Float(ink.width) - shaped.advance) < 4, "\(name): ink \(ink) advance \(shaped.advance)")
        #expect(ink.x0 >= 9 && ink.x0 <= 12)
        #expect(ink.y1 <= 28 + 6 && ink.y0 >= 28 - 18)
    }
}

@Test func missingGlyphIsReportedAndNotDrawn() throws {
    let font = try Font.loadDefault()
    let canvas = makeCanvas(width: 200, height: 40)
    let privateUse = canvas.drawText("\u{E000}", at: Point(10, 28), font: font, sizePixels: 18, color: .white)
    #expect(privateUse.missingCharacters == ["\u{E000}"])
    #expect(inkBounds(canvas.buffer) == nil)

    let mixed = canvas.drawText("A東B", at: Point(10, 28), font: font, sizePixels: 18, color: .white)
    #expect(mixed.missingCharacters == ["東"])
    #expect(mixed.glyphs.count == 2)
}

@Test func kerningPullsAVTogether() throws {
    let font = try Font.loadDefault()
    let pair = font.measure("AV", sizePixels: 40)
    let separate = font.measure("A", sizePixels: 40) + font.measure("V", sizePixels: 40)
    #expect(pair < separate - 0.5, "AV \(pair) vs A+V \(separate)")
}

@Test func metricsScaleWithSize() throws {
    let font = try Font.loadDefault()
    let small = font.metrics(sizePixels: 10), large = font.metrics(sizePixels: 20)
    #expect(small.ascent > 5 && small.ascent < 12)
    #expect(small.descent > 1 && small.descent < 5)
    #expect(abs(large.ascent - 2 * small.ascent) < 0.01)
    #expect(abs(font.measure("Охотный Ряд", sizePixels: 24) - 2 * font.measure("Охотный Ряд", sizePixels: 12)) < 1)
}

@Test func missingFontFileIsAnErrorNamingThePath() {
    #expect(throws: FontError.fileNotFound(path: "/nonexistent/font.ttf")) {
        try Font(path: "/nonexistent/font.ttf")
    }
}

@Test func fontSearchTakesTheFirstExistingFileAndNamesAllWhenNoneExists() throws {
    let font = try Font.loadFirst(of: ["/nonexistent/a.ttf", Font.defaultRegularPaths[0], Font.defaultRegularPaths[1]])
    #expect(font.path == Font.defaultRegularPaths[0])
    #expect(throws: FontError.noDefaultFont(searched: ["/nonexistent/a.ttf", "/nonexistent/b.ttf"])) {
        try Font.loadFirst(of: ["/nonexistent/a.ttf", "/nonexistent/b.ttf"])
    }
}

@Test func aFileThatIsNotAFontIsAnError() throws {
    let path = "/tmp/raster-tests-not-a-font-\(UInt32.random(in: 0...UInt32.max)).ttf"
    let canvas = makeCanvas(width: 4, height: 4)
    try writePNG(canvas.buffer, to: path)
    #expect {
        try Font(path: path)
    } throws: { error in
        if case .unreadableFont(let reported, _) = error as? FontError { return reported == path }
        return false
    }
}
