/// The card's sentences, language by language (see `JourneyWording` for the rules they follow).
extension JourneyWording {
    static let english = JourneyWording(
        summary: { minutes, estimated, transfers, origin in
            let changes = transfers == 0 ? "no transfers" : PluralCategory.oneOnly(transfers) == .one ? "1 transfer" : "\(transfers) transfers"
            return "\(approximately(estimated))\(TimetableWording.english.duration(minutes)) · \(changes) from \(origin)"
        },
        youAreHere: "You are here",
        noRoute: { "No route from \($0)" },
        ride: { line, from, heading, stops in
            "\(line) from \(from) \(heading), " + (PluralCategory.oneOnly(stops) == .one ? "1 stop" : "\(stops) stops")
        },
        towards: { "towards \($0)" }, clockwise: "clockwise", anticlockwise: "anticlockwise",
        change: { walk, station, line in
            (walk > 0 ? "Walk \(TimetableWording.english.duration(walk)), " : "At \(station), ") + (line.map { "change to \($0)" } ?? "walk out")
        },
        walk: { walk, station, line in
            (walk > 0 ? "Walk \(TimetableWording.english.duration(walk)) to " : "Walk to ") + (line.map { "\($0) at \(station)" } ?? station)
        },
        notOnMap: "not on this map", lineNamePattern: "Line {n}",
        arrive: { "Arrive at \($0)" },
        everyStop: "Every stop",
        foldedStops: { n in "… \(GroupedCount.text(n, language: "en")) " + (PluralCategory.oneOnly(n) == .one ? "stop" : "stops") + " …" })

    static let russian = JourneyWording(
        summary: { minutes, estimated, transfers, origin in
            let changes = transfers == 0 ? "без пересадок" : PluralCategory.eastSlavic(transfers, "пересадка", "пересадки", "пересадок")
            return "\(approximately(estimated))\(TimetableWording.russian.duration(minutes)) · \(changes) · от ст. \(origin)"
        },
        youAreHere: "Вы здесь",
        noRoute: { "Нет маршрута от ст. \($0)" },
        ride: { line, from, heading, stops in
            "\(line) от ст. \(from) \(heading), " + PluralCategory.eastSlavic(stops, "остановка", "остановки", "остановок")
        },
        towards: { "в сторону ст. \($0)" }, clockwise: "по часовой стрелке", anticlockwise: "против часовой стрелки",
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "Пешком \(TimetableWording.russian.duration(walk)), пересадка: \(line)"
            case let (false, line?): "На ст. \(station) пересадка: \(line)"
            case (true, nil): "Пешком \(TimetableWording.russian.duration(walk)) к выходу"
            case (false, nil): "На ст. \(station) выход в город"
            }
        },
        walk: { walk, station, line in
            (walk > 0 ? "Пешком \(TimetableWording.russian.duration(walk)) до ст. " : "Пешком до ст. ") + station + (line.map { ", \($0)" } ?? "")
        },
        notOnMap: "нет на схеме", lineNamePattern: "Линия {n}",
        arrive: { "Прибытие: ст. \($0)" },
        everyStop: "Все остановки",
        foldedStops: { n in "… \(GroupedCount.text(n, language: "ru")) " + PluralCategory.eastSlavicWord(n, "остановка", "остановки", "остановок") + " …" })

    static let ukrainian = JourneyWording(
        summary: { minutes, estimated, transfers, origin in
            let changes = transfers == 0 ? "без пересадок" : PluralCategory.eastSlavic(transfers, "пересадка", "пересадки", "пересадок")
            return "\(approximately(estimated))\(TimetableWording.ukrainian.duration(minutes)) · \(changes) · від ст. \(origin)"
        },
        youAreHere: "Ви тут",
        noRoute: { "Немає маршруту від ст. \($0)" },
        ride: { line, from, heading, stops in
            "\(line) від ст. \(from) \(heading), " + PluralCategory.eastSlavic(stops, "зупинка", "зупинки", "зупинок")
        },
        towards: { "у напрямку ст. \($0)" }, clockwise: "за годинниковою стрілкою",
        anticlockwise: "проти годинникової стрілки",
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "Пішки \(TimetableWording.ukrainian.duration(walk)), пересадка: \(line)"
            case let (false, line?): "На ст. \(station) пересадка: \(line)"
            case (true, nil): "Пішки \(TimetableWording.ukrainian.duration(walk)) до виходу"
            case (false, nil): "На ст. \(station) вихід у місто"
            }
        },
        walk: { walk, station, line in
            (walk > 0 ? "Пішки \(TimetableWording.ukrainian.duration(walk)) до ст. " : "Пішки до ст. ") + station + (line.map { ", \($0)" } ?? "")
        },
        notOnMap: "немає на схемі", lineNamePattern: "Лінія {n}",
        arrive: { "Прибуття: ст. \($0)" },
        everyStop: "Усі зупинки",
        foldedStops: { n in "… \(GroupedCount.text(n, language: "uk")) " + PluralCategory.eastSlavicWord(n, "зупинка", "зупинки", "зупинок") + " …" })

    static let german = JourneyWording(
        summary: { minutes, estimated, transfers, origin in
            let changes = transfers == 0 ? "ohne Umstieg" : PluralCategory.oneOnly(transfers) == .one ? "1 Umstieg" : "\(transfers) Umstiege"
            return "\(approximately(estimated))\(TimetableWording.german.duration(minutes)) · \(changes) · ab \(origin)"
        },
        youAreHere: "Sie sind hier",
        noRoute: { "Keine Verbindung ab \($0)" },
        ride: { line, from, heading, stops in
            "\(line) ab \(from) \(heading), " + (PluralCategory.oneOnly(stops) == .one ? "1 Station" : "\(stops) Stationen")
        },
        towards: { "Richtung \($0)" }, clockwise: "im Uhrzeigersinn", anticlockwise: "gegen den Uhrzeigersinn",
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "\(TimetableWording.german.duration(walk)) Fußweg, dann umsteigen in \(line)"
            case let (false, line?): "\(station): umsteigen in \(line)"
            case (true, nil): "\(TimetableWording.german.duration(walk)) Fußweg zum Ausgang"
            case (false, nil): "\(station): Ausgang"
            }
        },
        walk: { walk, station, line in
            (walk > 0 ? "\(TimetableWording.german.duration(walk)) Fußweg nach " : "Fußweg nach ") + station + (line.map { ", \($0)" } ?? "")
        },
        notOnMap: "nicht auf diesem Plan", lineNamePattern: "Linie {n}",
        arrive: { "Ankunft: \($0)" },
        everyStop: "Alle Stationen",
        foldedStops: { n in "… \(GroupedCount.text(n, language: "de")) " + (PluralCategory.oneOnly(n) == .one ? "Station" : "Stationen") + " …" })

    static let french = JourneyWording(
        summary: { minutes, estimated, transfers, origin in
            let changes = transfers == 0 ? "sans correspondance"
                : PluralCategory.zeroOrOne(transfers) == .one ? "1 correspondance" : "\(transfers) correspondances"
            return "\(approximately(estimated))\(TimetableWording.french.duration(minutes)) · \(changes) · depuis \(origin)"
        },
        youAreHere: "Vous êtes ici",
        noRoute: { "Aucun itinéraire depuis \($0)" },
        ride: { line, from, heading, stops in
            "\(line) depuis \(from) \(heading), " + (PluralCategory.zeroOrOne(stops) == .one ? "\(stops) station" : "\(stops) stations")
        },
        towards: { "direction \($0)" }, clockwise: "sens horaire", anticlockwise: "sens antihoraire",
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "\(TimetableWording.french.duration(walk)) à pied, correspondance \(line)"
            case let (false, line?): "À \(station), correspondance \(line)"
            case (true, nil): "\(TimetableWording.french.duration(walk)) à pied jusqu’à la sortie"
            case (false, nil): "À \(station), sortie"
            }
        },
        walk: { walk, station, line in
            (walk > 0 ? "\(TimetableWording.french.duration(walk)) à pied jusqu’à " : "À pied jusqu’à ") + station + (line.map { ", \($0)" } ?? "")
        },
        notOnMap: "absente du plan", lineNamePattern: "Ligne {n}",
        arrive: { "Arrivée à \($0)" },
        everyStop: "Tous les arrêts",
        foldedStops: { n in "… \(GroupedCount.text(n, language: "fr")) " + (PluralCategory.zeroOrOne(n) == .one ? "arrêt" : "arrêts") + " …" })

    static let spanish = JourneyWording(
        summary: { minutes, estimated, transfers, origin in
            let changes = transfers == 0 ? "sin transbordos" : PluralCategory.oneOnly(transfers) == .one ? "1 transbordo" : "\(transfers) transbordos"
            return "\(approximately(estimated))\(TimetableWording.spanish.duration(minutes)) · \(changes) · desde \(origin)"
        },
        youAreHere: "Usted está aquí",
        noRoute: { "No hay ruta desde \($0)" },
        ride: { line, from, heading, stops in
            "\(line) desde \(from) \(heading), " + (PluralCategory.oneOnly(stops) == .one ? "1 parada" : "\(stops) paradas")
        },
        towards: { "dirección \($0)" }, clockwise: "sentido horario", anticlockwise: "sentido antihorario",
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "\(TimetableWording.spanish.duration(walk)) a pie, transbordo a \(line)"
            case let (false, line?): "En \(station), transbordo a \(line)"
            case (true, nil): "\(TimetableWording.spanish.duration(walk)) a pie hasta la salida"
            case (false, nil): "En \(station), salida"
            }
        },
        walk: { walk, station, line in
            (walk > 0 ? "\(TimetableWording.spanish.duration(walk)) a pie hasta " : "A pie hasta ") + station + (line.map { ", \($0)" } ?? "")
        },
        notOnMap: "no aparece en el plano", lineNamePattern: "Línea {n}",
        arrive: { "Llegada a \($0)" },
        everyStop: "Todas las paradas",
        foldedStops: { n in "… \(GroupedCount.text(n, language: "es")) " + (PluralCategory.oneOnly(n) == .one ? "parada" : "paradas") + " …" })

    /// Turkish nouns stay singular after a number; suffixes go on "istasyon"/"hat", never on a name, whose vowel
    /// harmony the card cannot know.
    static let turkish = JourneyWording(
        summary: { minutes, estimated, transfers, origin in
            "\(approximately(estimated))\(TimetableWording.turkish.duration(minutes)) · " + (transfers == 0 ? "aktarmasız" : "\(transfers) aktarma") + " · başlangıç: \(origin)"
        },
        youAreHere: "Buradasınız",
        noRoute: { "\($0) istasyonundan güzergâh yok" },
        ride: { line, from, heading, stops in "\(line), \(from) istasyonundan \(heading), \(stops) durak" },
        towards: { "\($0) yönünde" }, clockwise: "saat yönünde", anticlockwise: "saat yönünün tersine",
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "\(TimetableWording.turkish.duration(walk)) yürüyüş, \(line) hattına aktarma"
            case let (false, line?): "\(station) istasyonunda \(line) hattına aktarma"
            case (true, nil): "\(TimetableWording.turkish.duration(walk)) yürüyerek çıkış"
            case (false, nil): "\(station) istasyonunda çıkış"
            }
        },
        walk: { walk, station, line in
            (walk > 0 ? "\(TimetableWording.turkish.duration(walk)) yürüyüş: " : "Yürüyüş: ") + station + (line.map { ", \($0)" } ?? "")
        },
        notOnMap: "haritada yok", lineNamePattern: "Hat {n}",
        arrive: { "Varış: \($0)" },
        everyStop: "Tüm duraklar",
        foldedStops: { n in "… \(GroupedCount.text(n, language: "tr")) durak …" })

    static let japanese = JourneyWording(
        summary: { minutes, estimated, transfers, origin in
            "\(approximately(estimated))\(TimetableWording.japanese.duration(minutes)) · " + (transfers == 0 ? "乗り換えなし" : "乗り換え\(transfers)回") + " · \(origin)から"
        },
        youAreHere: "現在地",
        noRoute: { "\($0)からの経路はありません" },
        ride: { line, from, heading, stops in "\(line)（\(from)から\(heading)）\(stops)駅" },
        towards: { "\($0)方面" }, clockwise: "時計回り", anticlockwise: "反時計回り",
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "徒歩\(TimetableWording.japanese.duration(walk))、\(line)に乗り換え"
            case let (false, line?): "\(station)で\(line)に乗り換え"
            case (true, nil): "徒歩\(TimetableWording.japanese.duration(walk))で出口へ"
            case (false, nil): "\(station)で出口へ"
            }
        },
        walk: { walk, station, line in
            (walk > 0 ? "徒歩\(TimetableWording.japanese.duration(walk))で" : "徒歩で") + station + (line.map { "の\($0)へ" } ?? "へ")
        },
        notOnMap: "路線図に記載なし", lineNamePattern: "{n}号線",
        arrive: { "\($0)に到着" },
        everyStop: "すべての駅",
        foldedStops: { n in "… \(GroupedCount.text(n, language: "ja"))駅 …" })

    static let chineseSimplified = JourneyWording(
        summary: { minutes, estimated, transfers, origin in
            "\(approximately(estimated))\(TimetableWording.chineseSimplified.duration(minutes)) · " + (transfers == 0 ? "无需换乘" : "换乘\(transfers)次") + " · 从\(origin)出发"
        },
        youAreHere: "您在这里",
        noRoute: { "从\($0)出发没有可用路线" },
        ride: { line, from, heading, stops in "\(line)：\(from)上车，\(heading)，\(stops)站" },
        towards: { "往\($0)方向" }, clockwise: "顺时针方向", anticlockwise: "逆时针方向",
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "步行\(TimetableWording.chineseSimplified.duration(walk))，换乘\(line)"
            case let (false, line?): "在\(station)换乘\(line)"
            case (true, nil): "步行\(TimetableWording.chineseSimplified.duration(walk))出站"
            case (false, nil): "在\(station)出站"
            }
        },
        walk: { walk, station, line in
            (walk > 0 ? "步行\(TimetableWording.chineseSimplified.duration(walk))至" : "步行至") + station + (line.map { "乘坐\($0)" } ?? "")
        },
        notOnMap: "地图上未标出", lineNamePattern: "{n}号线",
        arrive: { "到达\($0)" },
        everyStop: "全部车站",
        foldedStops: { n in "… \(GroupedCount.text(n, language: "zh-Hans"))站 …" })

    static let chineseTraditional = JourneyWording(
        summary: { minutes, estimated, transfers, origin in
            "\(approximately(estimated))\(TimetableWording.chineseTraditional.duration(minutes)) · " + (transfers == 0 ? "無需轉乘" : "轉乘\(transfers)次") + " · 從\(origin)出發"
        },
        youAreHere: "您在這裡",
        noRoute: { "從\($0)出發沒有可用路線" },
        ride: { line, from, heading, stops in "\(line)：\(from)上車，\(heading)，\(stops)站" },
        towards: { "往\($0)方向" }, clockwise: "順時針方向", anticlockwise: "逆時針方向",
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "步行\(TimetableWording.chineseTraditional.duration(walk))，轉乘\(line)"
            case let (false, line?): "在\(station)轉乘\(line)"
            case (true, nil): "步行\(TimetableWording.chineseTraditional.duration(walk))出站"
            case (false, nil): "在\(station)出站"
            }
        },
        walk: { walk, station, line in
            (walk > 0 ? "步行\(TimetableWording.chineseTraditional.duration(walk))至" : "步行至") + station + (line.map { "搭乘\($0)" } ?? "")
        },
        notOnMap: "地圖上未標示", lineNamePattern: "{n}號線",
        arrive: { "到達\($0)" },
        everyStop: "全部車站",
        foldedStops: { n in "… \(GroupedCount.text(n, language: "zh-Hant"))站 …" })

    static let korean = JourneyWording(
        summary: { minutes, estimated, transfers, origin in
            "\(approximately(estimated))\(TimetableWording.korean.duration(minutes)) · " + (transfers == 0 ? "환승 없음" : "환승 \(transfers)회") + " · \(origin) 출발"
        },
        youAreHere: "현재 위치",
        noRoute: { "\($0) 출발 경로 없음" },
        ride: { line, from, heading, stops in "\(line): \(from)에서 \(heading), \(stops)개 역" },
        towards: { "\($0) 방면" }, clockwise: "시계 방향", anticlockwise: "반시계 방향",
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "도보 \(TimetableWording.korean.duration(walk)), \(line) 환승"
            case let (false, line?): "\(station)에서 \(line) 환승"
            case (true, nil): "도보 \(TimetableWording.korean.duration(walk)), 출구로"
            case (false, nil): "\(station)에서 출구로"
            }
        },
        walk: { walk, station, line in
            (walk > 0 ? "도보 \(TimetableWording.korean.duration(walk)): " : "도보: ") + station + (line.map { " \($0) 승강장" } ?? "")
        },
        notOnMap: "노선도에 없음", lineNamePattern: "{n}호선",
        arrive: { "\($0) 도착" },
        everyStop: "모든 역",
        foldedStops: { n in "… \(GroupedCount.text(n, language: "ko"))개 역 …" })
}
