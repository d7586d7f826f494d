import Raster
import Testing

@Test func sceneDrawsTheSamePixelsAsDirectCalls() throws {
    let font = try Font.loadDefault()
    let polyline = [Point(10, 10), Point(60, 40), Point(110, 15)]
    var builder = PathBuilder()
    builder.move(to: Point(20, 80))
    builder.quad(to: Point(100, 80), control: Point(60, 40))
    builder.cubic(to: Point(20, 80), control1: Point(90, 120), control2: Point(30, 120))
    let path = builder.build()
    let red = Color(rgb: 0xEF161E), blue = Color(rgb: 0x0078BE, alpha: 200)
    let scene = Scene(background: .white, commands: [
        .fillPath(path, blue),
        .strokePolyline(polyline, StrokeStyle(width: 6), red),
        .circle(center: Point(60, 40), radius: 5, color: .white),
        .ring(center: Point(60, 40), radius: 5, width: 2, color: red),
        .rect(Rect(x: 5.5, y: 100, width: 30, height: 10.25), red),
        .text(TextCommand(text: "Охотный Ряд", origin: Point(5, 125), sizePixels: 12, color: .black, font: font)),
    ])
    let viaScene = makeCanvas()
    let report = viaScene.draw(scene)
    #expect(report.textsWithMissingGlyphs.isEmpty)

    let direct = makeCanvas()
    direct.clear(.white)
    direct.fill(path, color: blue)
    direct.stroke(polyline: polyline, style: StrokeStyle(width: 6), color: red)
    direct.fillCircle(center: Point(60, 40), radius: 5, color: .white)
    direct.strokeCircle(center: Point(60, 40), radius: 5, width: 2, color: red)
    direct.fillRect(Rect(x: 5.5, y: 100, width: 30, height: 10.25), color: red)
    direct.drawText("Охотный Ряд", at: Point(5, 125), font: font, sizePixels: 12, color: .black)

    var differing = 0
    for y in 0..<128 { for x in 0..<128 where viaScene.buffer.pixel(x: x, y: y) != direct.buffer.pixel(x: x, y: y) { differing += 1 } }
    #expect(differing == 0)
    #expect(viaScene.buffer.pixel(x: 60, y: 40) == 0xFFFFFF)
    #expect(viaScene.buffer.pixel(x: 20, y: 105) == red.xrgb)
}

@Test func sceneClipLimitsDrawingAndIsRestored() {
    let canvas = makeCanvas(width: 20, height: 20)
    let scene = Scene(clip: IntRect(x: 5, y: 5, width: 5, height: 5), background: .white,
                      commands: [.circle(center: Point(10, 10), radius: 8, color: Color(rgb: 0xFF0000))])
    canvas.draw(scene)
    #expect(canvas.buffer.pixel(x: 4, y: 7) == 0)
    #expect(canvas.buffer.pixel(x: 7, y: 7) == 0xFF0000)
    #expect(canvas.buffer.pixel(x: 10, y: 10) == 0)
    #expect(canvas.clip == canvas.buffer.bounds)
}

@Test func sceneReportsTextWithMissingGlyphs() throws {
    let font = try Font.loadDefault()
    let canvas = makeCanvas(width: 100, height: 30)
    let report = canvas.draw(Scene(commands: [
        .text(TextCommand(text: "Tōkyō 東京", origin: Point(2, 20), sizePixels: 12, color: .white, font: font)),
    ]))
    #expect(report.textsWithMissingGlyphs.map(\.missingCharacters) == [["東", "京"]])
}
