/// The words audio mode needs for the search sheet in one language: the sheet's name (said as it opens), the names
/// of the keyboard's two keys that are not letters, and the guide's sentence for the key that opens the search. Kept
/// beside `KeypadGuideWording`, for the same languages (a test holds them together). The sheet's own words (its
/// "no station matches" hint) are Overlay's `SearchWording`.
struct SearchKeyWording: Sendable {
    let language: String
    let search: String
    let space: String
    let delete: String
    /// The guide's sentence, given the search key's spoken name.
    let guide: @Sendable (_ key: String) -> String

    /// The wording for a BCP 47 code, chosen as the guide's is; English for a language without one.
    static func wording(for language: String?) -> SearchKeyWording {
        let worded = KeypadGuideWording.wording(for: language).language
        return all.first { $0.language == worded } ?? all[0]
    }

    static let all: [SearchKeyWording] = [
        SearchKeyWording(language: "en", search: "Search", space: "space", delete: "delete",
                      guide: { "\($0) searches for a station." }),
        SearchKeyWording(language: "ru", search: "Поиск", space: "пробел", delete: "удалить",
                      guide: { "\($0) — поиск станции." }),
        SearchKeyWording(language: "uk", search: "Пошук", space: "пробіл", delete: "видалити",
                      guide: { "\($0) — пошук станції." }),
        SearchKeyWording(language: "de", search: "Suche", space: "Leerzeichen", delete: "löschen",
                      guide: { "\($0) sucht eine Haltestelle." }),
        SearchKeyWording(language: "fr", search: "Recherche", space: "espace", delete: "effacer",
                      guide: { "\($0) recherche une station." }),
        SearchKeyWording(language: "es", search: "Búsqueda", space: "espacio", delete: "borrar",
                      guide: { "\($0) busca una estación." }),
        SearchKeyWording(language: "tr", search: "Arama", space: "boşluk", delete: "sil",
                      guide: { "\($0): istasyon arama." }),
        SearchKeyWording(language: "ja", search: "検索", space: "スペース", delete: "削除",
                      guide: { "\($0)で駅を検索します。" }),
        SearchKeyWording(language: "ko", search: "검색", space: "띄어쓰기", delete: "지우기",
                      guide: { "\($0): 역 검색." }),
        SearchKeyWording(language: "zh-Hans", search: "搜索", space: "空格", delete: "删除",
                      guide: { "按\($0)搜索车站。" }),
        SearchKeyWording(language: "zh-Hant", search: "搜尋", space: "空格", delete: "刪除",
                      guide: { "按\($0)搜尋車站。" }),
    ]
}
