import MetroMap
import Testing
import TestSupport
@testable import StationSearch

/// A traveller with a Latin keyboard finds names in other scripts by their romanisation (ICU's transliterators).
@Suite struct TransliterationTests {
    @Test func cyrillicTypedInLatinFindsTheStationOnTheRealMoscowScheme() throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-moscow").path).map
        let search = StationSearch(map: map, language: nil)
        let first = try #require(search.results(for: "tverskaya", limit: 8).first)
        #expect(first.name == "Тверская")
        #expect(first.match == .exact)
        // ISO 9's "â" folds to "a": the other common spelling finds it too.
        #expect(search.results(for: "tverskaa", limit: 8).first?.name == "Тверская")
        // And in its own script, without the diacritic: "Ё" typed as "Е".
        #expect(search.results(for: "тверс", limit: 8).map(\.name).contains("Тверская"))
    }

    @Test func greekTypedInLatinFindsTheStation() {
        let map = SearchMaps.line([("Σύνταγμα", [:]), ("Μοναστηράκι", [:]), ("Ομόνοια", [:]), ("Πειραιάς", [:])])
        let search = StationSearch(map: map, language: nil)
        #expect(search.results(for: "syntagma").first?.name == "Σύνταγμα")
        #expect(search.results(for: "monast").first?.name == "Μοναστηράκι")
        #expect(search.results(for: "peir").first?.name == "Πειραιάς")
        #expect(search.results(for: "ομον").first?.name == "Ομόνοια")
    }

    @Test func hangulTypedInLatinAndInJamoFindsTheStation() {
        let map = SearchMaps.line([("서울역", [:]), ("시청", [:]), ("강남", [:]), ("광화문", [:])])
        let search = StationSearch(map: map, language: nil)
        #expect(search.results(for: "seoul").first?.name == "서울역")
        #expect(search.results(for: "gangnam").first?.name == "강남")
        #expect(search.results(for: "gwanghwa").first?.name == "광화문")
        // Mid-syllable, as the keyboard shows it: "성" on the way to "서울".
        #expect(search.results(for: "성").first?.name == "서울역")
        #expect(search.results(for: HangulComposer.compose("ㄱㅏㅇㄴ")).first?.name == "강남")
    }

    @Test func hanNamesAreFoundByPinyinAndShownInTheirOwnScript() {
        let map = SearchMaps.line([("西直门", ["en": "Xizhimen"]), ("天安门西", [:]), ("王府井", [:])])
        let search = StationSearch(map: map, language: "zh-Hans")
        #expect(search.results(for: "wangfu").first?.name == "王府井")
        #expect(search.results(for: "tiananmen").first?.name == "天安门西")
        #expect(search.results(for: "xizhi").first?.name == "西直门")
    }
}
