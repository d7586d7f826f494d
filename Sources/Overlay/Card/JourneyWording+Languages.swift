/// The card's sentences, language by language (see `JourneyWording` for the rules they follow).
extension JourneyWording {
    static let english = JourneyWording(
        summary: { minutes, transfers, origin in
            let changes = transfers == 0 ? "no transfers" : PluralCategory.oneOnly(transfers) == .one ? "1 transfer" : "\(transfers) transfers"
            return "\(minutes) min · \(changes) from \(origin)"
        },
        youAreHere: "You are here",
        noRoute: { "No route from \($0)" },
        ride: { line, from, towards, stops in
            "\(line) from \(from) towards \(towards), " + (PluralCategory.oneOnly(stops) == .one ? "1 stop" : "\(stops) stops")
        },
        change: { walk, station, line in
            (walk > 0 ? "Walk \(walk) min, " : "At \(station), ") + (line.map { "change to \($0)" } ?? "walk out")
        },
        arrive: { "Arrive at \($0)" },
        everyStop: "Every stop")

    static let russian = JourneyWording(
        summary: { minutes, transfers, origin in
            let changes = transfers == 0 ? "без пересадок" : PluralCategory.eastSlavic(transfers, "пересадка", "пересадки", "пересадок")
            return "\(minutes) мин · \(changes) · от ст. \(origin)"
        },
        youAreHere: "Вы здесь",
        noRoute: { "Нет маршрута от ст. \($0)" },
        ride: { line, from, towards, stops in
            "\(line) от ст. \(from) в сторону ст. \(towards), " + PluralCategory.eastSlavic(stops, "остановка", "остановки", "остановок")
        },
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "Пешком \(walk) мин, пересадка: \(line)"
            case let (false, line?): "На ст. \(station) пересадка: \(line)"
            case (true, nil): "Пешком \(walk) мин к выходу"
            case (false, nil): "На ст. \(station) выход в город"
            }
        },
        arrive: { "Прибытие: ст. \($0)" },
        everyStop: "Все остановки")

    static let ukrainian = JourneyWording(
        summary: { minutes, transfers, origin in
            let changes = transfers == 0 ? "без пересадок" : PluralCategory.eastSlavic(transfers, "пересадка", "пересадки", "пересадок")
            return "\(minutes) хв · \(changes) · від ст. \(origin)"
        },
        youAreHere: "Ви тут",
        noRoute: { "Немає маршруту від ст. \($0)" },
        ride: { line, from, towards, stops in
            "\(line) від ст. \(from) у напрямку ст. \(towards), " + PluralCategory.eastSlavic(stops, "зупинка", "зупинки", "зупинок")
        },
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "Пішки \(walk) хв, пересадка: \(line)"
            case let (false, line?): "На ст. \(station) пересадка: \(line)"
            case (true, nil): "Пішки \(walk) хв до виходу"
            case (false, nil): "На ст. \(station) вихід у місто"
            }
        },
        arrive: { "Прибуття: ст. \($0)" },
        everyStop: "Усі зупинки")

    static let german = JourneyWording(
        summary: { minutes, transfers, origin in
            let changes = transfers == 0 ? "ohne Umstieg" : PluralCategory.oneOnly(transfers) == .one ? "1 Umstieg" : "\(transfers) Umstiege"
            return "\(minutes) Min. · \(changes) · ab \(origin)"
        },
        youAreHere: "Sie sind hier",
        noRoute: { "Keine Verbindung ab \($0)" },
        ride: { line, from, towards, stops in
            "\(line) ab \(from) Richtung \(towards), " + (PluralCategory.oneOnly(stops) == .one ? "1 Station" : "\(stops) Stationen")
        },
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "\(walk) Min. Fußweg, dann umsteigen in \(line)"
            case let (false, line?): "\(station): umsteigen in \(line)"
            case (true, nil): "\(walk) Min. Fußweg zum Ausgang"
            case (false, nil): "\(station): Ausgang"
            }
        },
        arrive: { "Ankunft: \($0)" },
        everyStop: "Alle Stationen")

    static let french = JourneyWording(
        summary: { minutes, transfers, origin in
            let changes = transfers == 0 ? "sans correspondance"
                : PluralCategory.zeroOrOne(transfers) == .one ? "1 correspondance" : "\(transfers) correspondances"
            return "\(minutes) min · \(changes) · depuis \(origin)"
        },
        youAreHere: "Vous êtes ici",
        noRoute: { "Aucun itinéraire depuis \($0)" },
        ride: { line, from, towards, stops in
            "\(line) depuis \(from) direction \(towards), " + (PluralCategory.zeroOrOne(stops) == .one ? "\(stops) station" : "\(stops) stations")
        },
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "\(walk) min à pied, correspondance \(line)"
            case let (false, line?): "À \(station), correspondance \(line)"
            case (true, nil): "\(walk) min à pied jusqu’à la sortie"
            case (false, nil): "À \(station), sortie"
            }
        },
        arrive: { "Arrivée à \($0)" },
        everyStop: "Tous les arrêts")

    static let spanish = JourneyWording(
        summary: { minutes, transfers, origin in
            let changes = transfers == 0 ? "sin transbordos" : PluralCategory.oneOnly(transfers) == .one ? "1 transbordo" : "\(transfers) transbordos"
            return "\(minutes) min · \(changes) · desde \(origin)"
        },
        youAreHere: "Usted está aquí",
        noRoute: { "No hay ruta desde \($0)" },
        ride: { line, from, towards, stops in
            "\(line) desde \(from) dirección \(towards), " + (PluralCategory.oneOnly(stops) == .one ? "1 parada" : "\(stops) paradas")
        },
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "\(walk) min a pie, transbordo a \(line)"
            case let (false, line?): "En \(station), transbordo a \(line)"
            case (true, nil): "\(walk) min a pie hasta la salida"
            case (false, nil): "En \(station), salida"
            }
        },
        arrive: { "Llegada a \($0)" },
        everyStop: "Todas las paradas")

    /// Turkish nouns stay singular after a number; suffixes go on "istasyon"/"hat", never on a name, whose vowel
    /// harmony the card cannot know.
    static let turkish = JourneyWording(
        summary: { minutes, transfers, origin in
            "\(minutes) dk · " + (transfers == 0 ? "aktarmasız" : "\(transfers) aktarma") + " · başlangıç: \(origin)"
        },
        youAreHere: "Buradasınız",
        noRoute: { "\($0) istasyonundan güzergâh yok" },
        ride: { line, from, towards, stops in "\(line), \(from) istasyonundan \(towards) yönünde, \(stops) durak" },
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "\(walk) dk yürüyüş, \(line) hattına aktarma"
            case let (false, line?): "\(station) istasyonunda \(line) hattına aktarma"
            case (true, nil): "\(walk) dk yürüyerek çıkış"
            case (false, nil): "\(station) istasyonunda çıkış"
            }
        },
        arrive: { "Varış: \($0)" },
        everyStop: "Tüm duraklar")

    static let japanese = JourneyWording(
        summary: { minutes, transfers, origin in
            "\(minutes)分 · " + (transfers == 0 ? "乗り換えなし" : "乗り換え\(transfers)回") + " · \(origin)から"
        },
        youAreHere: "現在地",
        noRoute: { "\($0)からの経路はありません" },
        ride: { line, from, towards, stops in "\(line)（\(from)から\(towards)方面）\(stops)駅" },
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "徒歩\(walk)分、\(line)に乗り換え"
            case let (false, line?): "\(station)で\(line)に乗り換え"
            case (true, nil): "徒歩\(walk)分で出口へ"
            case (false, nil): "\(station)で出口へ"
            }
        },
        arrive: { "\($0)に到着" },
        everyStop: "すべての駅")

    static let chineseSimplified = JourneyWording(
        summary: { minutes, transfers, origin in
            "\(minutes)分钟 · " + (transfers == 0 ? "无需换乘" : "换乘\(transfers)次") + " · 从\(origin)出发"
        },
        youAreHere: "您在这里",
        noRoute: { "从\($0)出发没有可用路线" },
        ride: { line, from, towards, stops in "\(line)：\(from)上车，往\(towards)方向，\(stops)站" },
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "步行\(walk)分钟，换乘\(line)"
            case let (false, line?): "在\(station)换乘\(line)"
            case (true, nil): "步行\(walk)分钟出站"
            case (false, nil): "在\(station)出站"
            }
        },
        arrive: { "到达\($0)" },
        everyStop: "全部车站")

    static let chineseTraditional = JourneyWording(
        summary: { minutes, transfers, origin in
            "\(minutes)分鐘 · " + (transfers == 0 ? "無需轉乘" : "轉乘\(transfers)次") + " · 從\(origin)出發"
        },
        youAreHere: "您在這裡",
        noRoute: { "從\($0)出發沒有可用路線" },
        ride: { line, from, towards, stops in "\(line)：\(from)上車，往\(towards)方向，\(stops)站" },
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "步行\(walk)分鐘，轉乘\(line)"
            case let (false, line?): "在\(station)轉乘\(line)"
            case (true, nil): "步行\(walk)分鐘出站"
            case (false, nil): "在\(station)出站"
            }
        },
        arrive: { "到達\($0)" },
        everyStop: "全部車站")

    static let korean = JourneyWording(
        summary: { minutes, transfers, origin in
            "\(minutes)분 · " + (transfers == 0 ? "환승 없음" : "환승 \(transfers)회") + " · \(origin) 출발"
        },
        youAreHere: "현재 위치",
        noRoute: { "\($0) 출발 경로 없음" },
        ride: { line, from, towards, stops in "\(line): \(from)에서 \(towards) 방면, \(stops)개 역" },
        change: { walk, station, line in
            switch (walk > 0, line) {
            case let (true, line?): "도보 \(walk)분, \(line) 환승"
            case let (false, line?): "\(station)에서 \(line) 환승"
            case (true, nil): "도보 \(walk)분, 출구로"
            case (false, nil): "\(station)에서 출구로"
            }
        },
        arrive: { "\($0) 도착" },
        everyStop: "모든 역")
}
