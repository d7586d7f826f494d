import Overlay
import TouchInput

/// The keypad guide in one language: the names printed on the keys that are not digits, and the guide's sentences
/// with the keys put in. Each language words its own sentences (where a key goes, and the grammar around it, differ
/// too much to assemble them from English pieces); Korean and Japanese keep each key before a particle-free phrase so
/// that any key the map names reads right. The languages are those the journey card is worded in
/// (`JourneyWording.languages`), so a traveller hears the guide in the language the card then speaks.
struct KeypadGuideWording: Sendable {
    /// The code the voice is chosen by ("en", "zh-Hans").
    let language: String
    /// What a key no action is mapped to is called.
    let none: String
    /// Names of the keys that are not digits, in the order of `KeypadGuideWording.namedKeys`.
    let keyNames: [KeypadKey: String]
    /// The guide, given a key's spoken name for each action.
    let guide: @Sendable (_ key: (KeyAction) -> String) -> String

    /// A key as it is printed on the keypad, in this language.
    func name(_ key: KeypadKey) -> String { keyNames[key] ?? key.rawValue }

    /// The keys a guide names by a word rather than a digit.
    static let namedKeys: [KeypadKey] = [.enter, .clear, .cancel, .plus, .minus, .asterisk, .slash, .dot, .volumeUp, .volumeDown]

    static func names(_ words: [String]) -> [KeypadKey: String] {
        precondition(words.count == namedKeys.count, "one name per named key")
        return Dictionary(uniqueKeysWithValues: zip(namedKeys, words))
    }

    /// The wording for a BCP 47 code, chosen as the card's is (`JourneyWording.wordedLanguage`); English for a
    /// language without one.
    static func wording(for language: String?) -> KeypadGuideWording {
        let worded = JourneyWording.wordedLanguage(language)
        return all.first { $0.language == worded } ?? .english
    }

    static let english = KeypadGuideWording(
        language: "en", none: "none",
        keyNames: names(["Enter", "Clear", "Cancel", "plus", "minus", "star", "slash", "dot", "volume up", "volume down"]),
        guide: { k in
            "Audio mode. \(k(.previousItem)) and \(k(.nextItem)) move through the list, \(k(.previousList)) and "
                + "\(k(.nextList)) to the previous and next line, \(k(.select)) selects, and on a ride reads its stops, "
                + "\(k(.confirm)) confirms, \(k(.back)) goes back, \(k(.home)) starts again. \(k(.repeatPhrase)) repeats, "
                + "\(k(.volumeUp)) and \(k(.volumeDown)) change the volume."
        })

    static let russian = KeypadGuideWording(
        language: "ru", none: "нет",
        keyNames: names(["Ввод", "Сброс", "Отмена", "плюс", "минус", "звёздочка", "косая черта", "точка", "громче", "тише"]),
        guide: { k in
            "Звуковой режим. \(k(.previousItem)) и \(k(.nextItem)) — по списку, \(k(.previousList)) и \(k(.nextList)) — "
                + "предыдущая и следующая линия, \(k(.select)) — выбрать, на поездке — прочитать её станции, "
                + "\(k(.confirm)) — подтвердить, \(k(.back)) — назад, \(k(.home)) — начать заново. "
                + "\(k(.repeatPhrase)) — повторить, \(k(.volumeUp)) и \(k(.volumeDown)) — громкость."
        })

    static let ukrainian = KeypadGuideWording(
        language: "uk", none: "немає",
        keyNames: names(["Введення", "Скидання", "Скасування", "плюс", "мінус", "зірочка", "скісна риска", "крапка", "гучніше", "тихіше"]),
        guide: { k in
            "Звуковий режим. \(k(.previousItem)) і \(k(.nextItem)) — за списком, \(k(.previousList)) і \(k(.nextList)) — "
                + "попередня і наступна лінія, \(k(.select)) — вибрати, на поїздці — прочитати її станції, "
                + "\(k(.confirm)) — підтвердити, \(k(.back)) — назад, \(k(.home)) — почати знову. "
                + "\(k(.repeatPhrase)) — повторити, \(k(.volumeUp)) і \(k(.volumeDown)) — гучність."
        })

    static let german = KeypadGuideWording(
        language: "de", none: "keine",
        keyNames: names(["Eingabe", "Löschen", "Abbrechen", "Plus", "Minus", "Stern", "Schrägstrich", "Punkt", "lauter", "leiser"]),
        guide: { k in
            "Audiomodus. \(k(.previousItem)) und \(k(.nextItem)) bewegen durch die Liste, \(k(.previousList)) und "
                + "\(k(.nextList)) zur vorigen und nächsten Linie, \(k(.select)) wählt aus und liest bei einer Fahrt ihre "
                + "Haltestellen vor, \(k(.confirm)) bestätigt, \(k(.back)) geht zurück, \(k(.home)) beginnt von vorn. "
                + "\(k(.repeatPhrase)) wiederholt, \(k(.volumeUp)) und \(k(.volumeDown)) ändern die Lautstärke."
        })

    static let french = KeypadGuideWording(
        language: "fr", none: "aucune",
        keyNames: names(["Entrée", "Effacer", "Annuler", "plus", "moins", "étoile", "barre oblique", "point", "volume plus", "volume moins"]),
        guide: { k in
            "Mode audio. \(k(.previousItem)) et \(k(.nextItem)) parcourent la liste, \(k(.previousList)) et "
                + "\(k(.nextList)) passent à la ligne précédente ou suivante, \(k(.select)) sélectionne et lit les arrêts "
                + "d’un trajet, \(k(.confirm)) confirme, \(k(.back)) revient en arrière, \(k(.home)) recommence. "
                + "\(k(.repeatPhrase)) répète, \(k(.volumeUp)) et \(k(.volumeDown)) règlent le volume."
        })

    static let spanish = KeypadGuideWording(
        language: "es", none: "ninguna",
        keyNames: names(["Intro", "Borrar", "Cancelar", "más", "menos", "asterisco", "barra", "punto", "subir volumen", "bajar volumen"]),
        guide: { k in
            "Modo de audio. \(k(.previousItem)) y \(k(.nextItem)) recorren la lista, \(k(.previousList)) y "
                + "\(k(.nextList)) pasan a la línea anterior y siguiente, \(k(.select)) selecciona y lee las paradas de un "
                + "trayecto, \(k(.confirm)) confirma, \(k(.back)) vuelve atrás, \(k(.home)) empieza de nuevo. "
                + "\(k(.repeatPhrase)) repite, \(k(.volumeUp)) y \(k(.volumeDown)) cambian el volumen."
        })

    static let turkish = KeypadGuideWording(
        language: "tr", none: "yok",
        keyNames: names(["Giriş", "Sil", "İptal", "artı", "eksi", "yıldız", "eğik çizgi", "nokta", "ses aç", "ses kıs"]),
        guide: { k in
            "Sesli mod. \(k(.previousItem)) ve \(k(.nextItem)): listede gezinme. \(k(.previousList)) ve "
                + "\(k(.nextList)): önceki ve sonraki hat. \(k(.select)): seçme, bir yolculukta durakları okuma. "
                + "\(k(.confirm)): onaylama. \(k(.back)): geri. \(k(.home)): baştan başlama. \(k(.repeatPhrase)): tekrar. "
                + "\(k(.volumeUp)) ve \(k(.volumeDown)): ses düzeyi."
        })

    static let japanese = KeypadGuideWording(
        language: "ja", none: "なし",
        keyNames: names(["エンター", "クリア", "キャンセル", "プラス", "マイナス", "アスタリスク", "スラッシュ", "ドット", "音量アップ", "音量ダウン"]),
        guide: { k in
            "音声モードです。\(k(.previousItem))と\(k(.nextItem))でリストを移動、\(k(.previousList))と\(k(.nextList))で"
                + "前後の路線へ、\(k(.select))で選択し、乗車区間では停車駅を読み上げます。\(k(.confirm))で確定、"
                + "\(k(.back))で戻る、\(k(.home))で最初から。\(k(.repeatPhrase))でもう一度、"
                + "\(k(.volumeUp))と\(k(.volumeDown))で音量を変えます。"
        })

    static let korean = KeypadGuideWording(
        language: "ko", none: "없음",
        keyNames: names(["확인", "지우기", "취소", "더하기", "빼기", "별표", "슬래시", "점", "음량 크게", "음량 작게"]),
        guide: { k in
            "음성 모드입니다. \(k(.previousItem)), \(k(.nextItem)): 목록 이동. \(k(.previousList)), \(k(.nextList)): "
                + "이전 노선, 다음 노선. \(k(.select)): 선택, 승차 구간의 역 읽기. \(k(.confirm)): 확정. \(k(.back)): 뒤로. "
                + "\(k(.home)): 처음부터. \(k(.repeatPhrase)): 다시 듣기. \(k(.volumeUp)), \(k(.volumeDown)): 음량 조절."
        })

    static let chineseSimplified = KeypadGuideWording(
        language: "zh-Hans", none: "无",
        keyNames: names(["确认", "清除", "取消", "加", "减", "星号", "斜杠", "点", "音量加", "音量减"]),
        guide: { k in
            "语音模式。按\(k(.previousItem))和\(k(.nextItem))在列表中移动，按\(k(.previousList))和\(k(.nextList))"
                + "切换到上一条或下一条线路，按\(k(.select))选择，在乘车段上朗读沿途车站，按\(k(.confirm))键确认，"
                + "按\(k(.back))键返回，按\(k(.home))键重新开始。按\(k(.repeatPhrase))重复，"
                + "按\(k(.volumeUp))和\(k(.volumeDown))调节音量。"
        })

    static let chineseTraditional = KeypadGuideWording(
        language: "zh-Hant", none: "無",
        keyNames: names(["確認", "清除", "取消", "加", "減", "星號", "斜線", "點", "音量加", "音量減"]),
        guide: { k in
            "語音模式。按\(k(.previousItem))和\(k(.nextItem))在列表中移動，按\(k(.previousList))和\(k(.nextList))"
                + "切換到上一條或下一條路線，按\(k(.select))選擇，在乘車段上朗讀沿途車站，按\(k(.confirm))鍵確認，"
                + "按\(k(.back))鍵返回，按\(k(.home))鍵重新開始。按\(k(.repeatPhrase))重複，"
                + "按\(k(.volumeUp))和\(k(.volumeDown))調節音量。"
        })

    /// Every language worded here, by the code its voice is chosen by.
    static let all: [KeypadGuideWording] = [english, russian, ukrainian, german, french, spanish, turkish, japanese,
                                            korean, chineseSimplified, chineseTraditional]
}
