/// The timetable's words, language by language: the languages `JourneyWording` words the card's sentences in.
/// Terms are those on the network's own displays where they have one ("à l’approche", "まもなく", "막차").
extension TimetableWording {
    static let english = TimetableWording(
        leave: { "leave \($0)" }, arrive: { "arrive \($0)" }, late: { "+\($0) min" }, direct: "direct",
        changes: { PluralCategory.oneOnly($0) == .one ? "1 change" : "\($0) changes" },
        stepFree: "step-free", minutes: { "\($0) min" }, due: "due", lastTrain: "last train",
        noMoreService: "no more service today", delayed: { "\($0), timetable \($1)" },
        stationClosed: "Station closed", liveUnavailable: "Live information unavailable: timetable times shown",
        stepFreeAccess: "step-free access", noStepFreeAccess: "no step-free access", stepFreeAccessUnknown: "step-free access unknown",
        hoursAndMinutes: { h, m in "\(h) h" + (m > 0 ? " \(m) min" : "") }, tomorrow: { "tomorrow \($0)" },
        circleVia: { "circle line, via \($0)" })

    static let russian = TimetableWording(
        leave: { "отправление \($0)" }, arrive: { "прибытие \($0)" }, late: { "+\($0) мин" }, direct: "без пересадок",
        changes: { PluralCategory.eastSlavic($0, "пересадка", "пересадки", "пересадок") },
        stepFree: "без ступеней", minutes: { "\($0) мин" }, due: "прибывает", lastTrain: "последний поезд",
        noMoreService: "сегодня поездов больше нет", delayed: { "\($0), по расписанию \($1)" },
        stationClosed: "Станция закрыта",
        liveUnavailable: "Нет данных о движении в реальном времени: показано расписание",
        stepFreeAccess: "доступ без ступеней", noStepFreeAccess: "нет доступа без ступеней", stepFreeAccessUnknown: "доступ без ступеней: нет данных",
        hoursAndMinutes: { h, m in "\(h) ч" + (m > 0 ? " \(m) мин" : "") }, tomorrow: { "завтра в \($0)" },
        circleVia: { "по кольцу через ст. \($0)" })

    static let ukrainian = TimetableWording(
        leave: { "відправлення \($0)" }, arrive: { "прибуття \($0)" }, late: { "+\($0) хв" }, direct: "без пересадок",
        changes: { PluralCategory.eastSlavic($0, "пересадка", "пересадки", "пересадок") },
        stepFree: "без сходинок", minutes: { "\($0) хв" }, due: "прибуває", lastTrain: "останній поїзд",
        noMoreService: "сьогодні поїздів більше немає", delayed: { "\($0), за розкладом \($1)" },
        stationClosed: "Станцію закрито",
        liveUnavailable: "Немає даних про рух у реальному часі: показано розклад",
        stepFreeAccess: "доступ без сходинок", noStepFreeAccess: "немає доступу без сходинок", stepFreeAccessUnknown: "доступ без сходинок: немає даних",
        hoursAndMinutes: { h, m in "\(h) год" + (m > 0 ? " \(m) хв" : "") }, tomorrow: { "завтра о \($0)" },
        circleVia: { "по кільцю через ст. \($0)" })

    static let german = TimetableWording(
        leave: { "ab \($0)" }, arrive: { "an \($0)" }, late: { "+\($0) Min." }, direct: "ohne Umstieg",
        changes: { PluralCategory.oneOnly($0) == .one ? "1 Umstieg" : "\($0) Umstiege" },
        stepFree: "stufenfrei", minutes: { "\($0) Min." }, due: "jetzt", lastTrain: "letzter Zug",
        noMoreService: "heute keine Fahrten mehr", delayed: { "\($0), planmäßig \($1)" },
        stationClosed: "Station geschlossen", liveUnavailable: "Keine Echtzeitdaten: Fahrplanzeiten angezeigt",
        stepFreeAccess: "stufenfreier Zugang", noStepFreeAccess: "kein stufenfreier Zugang", stepFreeAccessUnknown: "stufenfreier Zugang unbekannt",
        hoursAndMinutes: { h, m in "\(h) Std." + (m > 0 ? " \(m) Min." : "") }, tomorrow: { "morgen \($0)" },
        circleVia: { "Ringlinie über \($0)" })

    static let french = TimetableWording(
        leave: { "départ \($0)" }, arrive: { "arrivée \($0)" }, late: { "+\($0) min" }, direct: "sans correspondance",
        changes: { PluralCategory.zeroOrOne($0) == .one ? "\($0) correspondance" : "\($0) correspondances" },
        stepFree: "sans marches", minutes: { "\($0) min" }, due: "à l’approche", lastTrain: "dernier train",
        noMoreService: "service terminé pour aujourd’hui", delayed: { "\($0), prévu à \($1)" },
        stationClosed: "Station fermée",
        liveUnavailable: "Informations en temps réel indisponibles : horaires théoriques affichés",
        stepFreeAccess: "accès sans marches", noStepFreeAccess: "pas d’accès sans marches", stepFreeAccessUnknown: "accès sans marches : inconnu",
        hoursAndMinutes: { h, m in "\(h) h" + (m > 0 ? " \(m) min" : "") }, tomorrow: { "demain à \($0)" },
        circleVia: { "ligne circulaire via \($0)" })

    static let spanish = TimetableWording(
        leave: { "salida \($0)" }, arrive: { "llegada \($0)" }, late: { "+\($0) min" }, direct: "sin transbordos",
        changes: { PluralCategory.oneOnly($0) == .one ? "1 transbordo" : "\($0) transbordos" },
        stepFree: "sin escalones", minutes: { "\($0) min" }, due: "llegando", lastTrain: "último tren",
        noMoreService: "no hay más servicio hoy", delayed: { "\($0), programado \($1)" },
        stationClosed: "Estación cerrada",
        liveUnavailable: "Información en tiempo real no disponible: se muestran los horarios programados",
        stepFreeAccess: "acceso sin escalones", noStepFreeAccess: "no hay acceso sin escalones", stepFreeAccessUnknown: "acceso sin escalones: sin datos",
        hoursAndMinutes: { h, m in "\(h) h" + (m > 0 ? " \(m) min" : "") }, tomorrow: { "mañana a las \($0)" },
        circleVia: { "línea circular por \($0)" })

    static let turkish = TimetableWording(
        // Turkish keeps the noun singular after a number.
        leave: { "kalkış \($0)" }, arrive: { "varış \($0)" }, late: { "+\($0) dk" }, direct: "aktarmasız",
        changes: { "\($0) aktarma" },
        stepFree: "engelsiz", minutes: { "\($0) dk" }, due: "geliyor", lastTrain: "son tren",
        noMoreService: "bugün başka sefer yok", delayed: { "\($0), tarifeye göre \($1)" },
        stationClosed: "İstasyon kapalı", liveUnavailable: "Canlı bilgi alınamıyor: tarife saatleri gösteriliyor",
        stepFreeAccess: "engelsiz erişim", noStepFreeAccess: "engelsiz erişim yok", stepFreeAccessUnknown: "engelsiz erişim bilinmiyor",
        hoursAndMinutes: { h, m in "\(h) sa" + (m > 0 ? " \(m) dk" : "") }, tomorrow: { "yarın \($0)" },
        circleVia: { "çevre hattı, \($0) üzerinden" })

    static let japanese = TimetableWording(
        leave: { "\($0)発" }, arrive: { "\($0)着" }, late: { "+\($0)分" }, direct: "乗り換えなし",
        changes: { "乗り換え\($0)回" },
        stepFree: "段差なし", minutes: { "\($0)分" }, due: "まもなく", lastTrain: "最終電車",
        noMoreService: "本日の運行は終了しました", delayed: { "\($0)（定刻 \($1)）" },
        stationClosed: "駅閉鎖中", liveUnavailable: "リアルタイム情報を取得できません：時刻表の時刻を表示しています",
        stepFreeAccess: "段差なしで乗車可", noStepFreeAccess: "段差なしの乗車不可", stepFreeAccessUnknown: "段差なしの乗車：情報なし",
        hoursAndMinutes: { h, m in "\(h)時間" + (m > 0 ? "\(m)分" : "") }, tomorrow: { "明日\($0)" },
        circleVia: { "環状運転・\($0)経由" })

    static let chineseSimplified = TimetableWording(
        leave: { "\($0) 出发" }, arrive: { "\($0) 到达" }, late: { "+\($0)分钟" }, direct: "无需换乘",
        changes: { "换乘\($0)次" },
        stepFree: "无障碍", minutes: { "\($0)分钟" }, due: "即将进站", lastTrain: "末班车",
        noMoreService: "今日运营已结束", delayed: { "\($0)，原定 \($1)" },
        stationClosed: "车站关闭", liveUnavailable: "实时信息不可用：显示时刻表时间",
        stepFreeAccess: "无障碍通行", noStepFreeAccess: "没有无障碍通行", stepFreeAccessUnknown: "无障碍通行情况不明",
        hoursAndMinutes: { h, m in "\(h)小时" + (m > 0 ? "\(m)分钟" : "") }, tomorrow: { "明天 \($0)" },
        circleVia: { "环线，经\($0)" })

    static let chineseTraditional = TimetableWording(
        leave: { "\($0) 出發" }, arrive: { "\($0) 到達" }, late: { "+\($0)分鐘" }, direct: "無需轉乘",
        changes: { "轉乘\($0)次" },
        stepFree: "無障礙", minutes: { "\($0)分鐘" }, due: "即將進站", lastTrain: "末班車",
        noMoreService: "今日營運已結束", delayed: { "\($0)，原定 \($1)" },
        stationClosed: "車站關閉", liveUnavailable: "即時資訊無法使用：顯示時刻表時間",
        stepFreeAccess: "無障礙通行", noStepFreeAccess: "沒有無障礙通行", stepFreeAccessUnknown: "無障礙通行情況不明",
        hoursAndMinutes: { h, m in "\(h)小時" + (m > 0 ? "\(m)分鐘" : "") }, tomorrow: { "明天 \($0)" },
        circleVia: { "環狀線，經\($0)" })

    static let korean = TimetableWording(
        leave: { "\($0) 출발" }, arrive: { "\($0) 도착" }, late: { "+\($0)분" }, direct: "환승 없음",
        changes: { "환승 \($0)회" },
        stepFree: "무장애", minutes: { "\($0)분" }, due: "곧 도착", lastTrain: "막차",
        noMoreService: "오늘 운행 종료", delayed: { "\($0), 예정 \($1)" },
        stationClosed: "역 폐쇄", liveUnavailable: "실시간 정보를 사용할 수 없음: 시간표 시각 표시",
        stepFreeAccess: "무장애 승차 가능", noStepFreeAccess: "무장애 승차 불가", stepFreeAccessUnknown: "무장애 승차 정보 없음",
        hoursAndMinutes: { h, m in "\(h)시간" + (m > 0 ? " \(m)분" : "") }, tomorrow: { "내일 \($0)" },
        circleVia: { "순환선, \($0) 경유" })
}
