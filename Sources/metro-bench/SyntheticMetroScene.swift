#if canImport(Glibc)
import Glibc
#endif
import KioskCore
import Raster

/// A deterministic metro-like scene: thick round-joined lines, station discs with rings, Cyrillic labels.
/// Stands in for a real scheme until the map model provides one; any `Scene` can be benchmarked the same way.
enum SyntheticMetroScene {
    static let stationNames = [
        "Охотный Ряд", "Театральная", "Площадь Революции", "Китай-город", "Лубянка", "Кузнецкий Мост",
        "Пушкинская", "Тверская", "Чеховская", "Боровицкая", "Библиотека имени Ленина", "Александровский сад",
        "Арбатская", "Смоленская", "Киевская", "Парк Культуры", "Октябрьская", "Добрынинская", "Павелецкая",
        "Таганская", "Курская", "Комсомольская", "Проспект Мира", "Новослободская", "Белорусская",
        "Краснопресненская", "Баррикадная", "Маяковская", "Сухаревская", "Тургеневская", "Чистые пруды",
        "Сретенский бульвар", "Трубная", "Цветной бульвар", "Менделеевская", "Савёловская", "Динамо",
        "Аэропорт", "Сокол", "Войковская", "Речной вокзал", "Ховрино", "Беломорская", "Марьина Роща",
        "Бутырская", "Фонвизинская", "Петровско-Разумовская", "Селигерская", "Верхние Лихоборы",
    ]

    static let lineColors: [UInt32] = [
        0xEF161E, 0x2DBE2C, 0x0078BE, 0x00BFFF, 0x8D5B2D, 0xED9121, 0x800080, 0xFFD702, 0x999999, 0x99CC00,
        0x82C0C0, 0xA1B3D4, 0xB4D445, 0xE4B4D4, 0xF76093, 0x231F20, 0x03795F, 0xDE64A1, 0xAC1753, 0xBED12C,
    ]

    static func make(width: Int, height: Int, regular: Font, bold: Font) -> Scene {
        var random = SplitMix64(seed: 0x6D65_7472_6F21)
        let w = Float(width), h = Float(height)
        var scene = Scene(background: Color(rgb: 0xFFFFFF))
        var stations: [(Point, Color)] = []
        for (index, rgb) in lineColors.enumerated() {
            let color = Color(rgb: rgb)
            // A random walk with metro-like 45° bends, 20 vertices per line.
            var p = Point(w * (0.1 + 0.8 * random.unit()), h * (0.1 + 0.8 * random.unit()))
            var heading = Int(random.next() % 8)
            var points = [p]
            for _ in 1..<20 {
                heading = (heading + Int(random.next() % 3) + 7) % 8
                let angle = Float(heading) * .pi / 4
                let step = (0.03 + 0.05 * random.unit()) * min(w, h)
                var next = Point(p.x + step * cosf(angle), p.y + step * sinf(angle))
                if next.x < 0.03 * w || next.x > 0.97 * w || next.y < 0.03 * h || next.y > 0.97 * h {
                    heading = (heading + 4) % 8
                    let back = Float(heading) * .pi / 4
                    next = Point(p.x + step * cosf(back), p.y + step * sinf(back))
                }
                points.append(next)
                p = next
            }
            let width = index % 5 == 0 ? Float(9) : Float(7)
            scene.append(.strokePolyline(points, StrokeStyle(width: width, join: .round, cap: .round), color))
            // Stations on every vertex and at some segment midpoints: 22-23 per line, about 450 in all.
            for (i, point) in points.enumerated() {
                stations.append((point, color))
                if i + 1 < points.count, i % 7 != 3 {
                    let q = points[i + 1]
                    stations.append((Point((point.x + q.x) / 2, (point.y + q.y) / 2), color))
                }
            }
        }
        for (center, color) in stations.prefix(450) {
            scene.append(.circle(center: center, radius: 5.5, color: Color.white))
            scene.append(.ring(center: center, radius: 5, width: 2.5, color: color))
        }
        let textColor = Color(rgb: 0x1A1A1A)
        for (i, (center, _)) in stations.prefix(420).enumerated() {
            let name = stationNames[i % stationNames.count]
            let font = i % 9 == 0 ? bold : regular
            scene.append(.text(TextCommand(text: name, origin: Point(center.x + 9, center.y + 4), sizePixels: 12,
                                           color: textColor, font: font)))
        }
        return scene
    }
}
