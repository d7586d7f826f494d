/// The spoken form of the kanji in the kiosk's own Japanese wording (`JourneyWording.japanese`,
/// `TimetableWording.japanese`, the keypad guide, the search sheet): espeak-ng 1.51's `ja` voice reads kana only and
/// says every kanji as the English words "Chinese letter", so what the screen writes in kanji is said from its
/// kana here. A word added to the Japanese wording with kanji needs its reading here
/// (`JapaneseSpeechTests.everyJapanesePhraseIsReadWithoutChineseLetters` fails until it has one).
enum JapaneseWordingReadings {
    static let kana: [String: String] = [
        // The journey card.
        "現在地": "げんざいち", "経路": "けいろ", "方面": "ほうめん", "時計回り": "とけいまわり",
        "反時計回り": "はんとけいまわり", "乗り換え": "のりかえ", "回": "かい", "徒歩": "とほ", "出口": "でぐち",
        "路線図": "ろせんず", "記載": "きさい", "号線": "ごうせん", "駅": "えき", "到着": "とうちゃく",
        // Times and the live service.
        "発": "はつ", "着": "ちゃく", "分": "ふん", "時間": "じかん", "明日": "あした", "段差": "だんさ",
        "乗車": "じょうしゃ", "可": "か", "不可": "ふか", "最終電車": "さいしゅうでんしゃ", "本日": "ほんじつ",
        "運行": "うんこう", "終了": "しゅうりょう", "定刻": "ていこく", "閉鎖中": "へいさちゅう", "情報": "じょうほう",
        "取得": "しゅとく", "時刻表": "じこくひょう", "時刻": "じこく", "表示": "ひょうじ", "環状運転": "かんじょううんてん",
        "経由": "けいゆ",
        // The keypad guide.
        "音声": "おんせい", "音量": "おんりょう", "移動": "いどう", "前後": "ぜんご", "路線": "ろせん", "選択": "せんたく",
        "区間": "くかん", "停車駅": "ていしゃえき", "読み上げます": "よみあげます", "確定": "かくてい", "戻る": "もどる",
        "最初": "さいしょ", "一度": "いちど", "変えます": "かえます",
        // The search sheet.
        "検索": "けんさく", "削除": "さくじょ", "一致": "いっち",
        // "≈24分": the voice says "≈" in English ("approximately"); 約 is how Japanese says an estimate.
        "≈": "やく",
    ]
}
