import MetroMap
import Testing
@testable import StationSearch

/// Arabic, Persian and Hebrew names, as the stations of Dubai's Red Line, Tehran's Line 1 and Tel Aviv's Red Line
/// sign them (no shared city is written in these scripts, so the lines are built here from their signed names).
@Suite struct RightToLeftSearchTests {
    private func folded(_ text: String) -> String { String(String.UnicodeScalarView(SearchText.fold(text))) }

    static let dubai = SearchMaps.line([
        ("Union", ["ar": "الاتحاد"]), ("Al Rigga", ["ar": "الرقة"]), ("Deira City Centre", ["ar": "ديرة سيتي سنتر"]),
        ("Airport Terminal 1", ["ar": "مبنى المطار 1"]), ("Mall of the Emirates", ["ar": "مول الإمارات"]),
    ])
    static let tehran = SearchMaps.line([
        ("Tajrish", ["fa": "تجریش"]), ("Gheytariyeh", ["fa": "قیطریه"]), ("Shahid Beheshti", ["fa": "شهید بهشتی"]),
        ("Kahrizak", ["fa": "کهریزک"]),
    ])
    static let telAviv = SearchMaps.line([
        ("Carlebach", ["he": "קרליבך"]), ("Allenby", ["he": "אלנבי"]), ("Shaul HaMelech", ["he": "שאול המלך"]),
        ("Arlozorov", ["he": "ארלוזורוב"]),
    ])

    @Test func arabicLetterVariantsAndMarksFold() {
        // Alef with hamza or madda, harakat and tatweel.
        #expect(folded("الإمارات") == folded("الامارات"))
        #expect(folded("آ") == folded("ا"))
        #expect(folded("مَحَطَّة") == folded("محطة"))
        #expect(folded("مـــول") == folded("مول"))
        // Ta marbuta as heh, alef maqsura as yeh.
        #expect(folded("الرقة") == folded("الرقه"))
        #expect(folded("مبنى") == folded("مبني"))
    }

    @Test func persianYehAndKehehAreTheArabicLetters() {
        #expect(folded("کهریزک") == folded("كهريزك"))
        #expect(folded("تجریش") == folded("تجريش"))
    }

    @Test func hebrewNiqqudDropsAndFinalFormsAreTheirLetters() {
        #expect(folded("יְרוּשָׁלַיִם") == folded("ירושלים"))
        #expect(folded("ך ם ן ף ץ") == folded("כ מ נ פ צ"))
        #expect(folded("ת״א") == folded("תא"))
    }

    @Test func anArabicQueryFindsTheStationWithOrWithoutItsArticleAndInEverydaySpelling() throws {
        let search = StationSearch(map: Self.dubai, language: "ar")
        #expect(search.results(for: "الرقه").first?.name == "الرقة")
        // Without the article: a word prefix, as "gate" is of "Eastern Gate".
        #expect(search.results(for: "اتحاد").first?.name == "الاتحاد")
        #expect(search.results(for: "امارات").first?.name == "مول الإمارات")
        #expect(search.results(for: "مبني").first?.name == "مبنى المطار 1")
        // An article alone is no word start: "ال" is the start of the names themselves, not of every word.
        #expect(SearchText.wordStarts(SearchText.fold("ال")) == [0])
    }

    @Test func aPersianQueryFindsNamesWhicheverYehAndKafAreTyped() {
        let search = StationSearch(map: Self.tehran, language: "fa")
        // An Arabic keyboard types ي and ك where the sign has ی and ک.
        #expect(search.results(for: "كهريز").first?.name == "کهریزک")
        #expect(search.results(for: "تجری").first?.name == "تجریش")
        #expect(search.results(for: "بهشت").first?.name == "شهید بهشتی")
    }

    @Test func aHebrewQueryFindsNamesEndingInFinalForms() {
        let search = StationSearch(map: Self.telAviv, language: "he")
        #expect(search.results(for: "קרליבכ").first?.name == "קרליבך")
        #expect(search.results(for: "המלכ").first?.name == "שאול המלך")
        #expect(search.results(for: "ארלו").first?.name == "ארלוזורוב")
    }
}
