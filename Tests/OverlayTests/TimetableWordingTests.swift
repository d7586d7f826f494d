import Foundation
import Testing
@testable import Overlay

/// The timetable's words on the card ("leave", "arrive", "min", "due", "last train", "no more service today",
/// "Station closed", "Live information unavailable…", "step-free", the change count) in every language the card's
/// sentences are worded in: no English fallback in a Russian card.
struct TimetableWordingTests {
    @Test func everyWordedLanguageHasTheTimetablesWords() {
        for language in JourneyWording.languages {
            #expect(TimetableWording.wording(for: language) != nil, "\(language) has sentences but no timetable words")
        }
        // Chosen as the sentences are: by script or region for Chinese, by primary subtag otherwise.
        #expect(TimetableWording(language: "zh-TW").due == TimetableWording(language: "zh-Hant").due)
        #expect(TimetableWording(language: "zh").due == TimetableWording(language: "zh-Hans").due)
        #expect(TimetableWording(language: "ru-RU").due == TimetableWording(language: "ru").due)
        #expect(TimetableWording(language: "sw").due == "due")
    }

    @Test(arguments: JourneyWording.languages.filter { $0 != "en" })
    func everyPhraseIsInTheLanguage(_ language: String) {
        let words = TimetableWording(language: language)
        let english = TimetableWording(language: "en")
        // Phrases of words: none is the English one, none has an English word in it.
        let phrases = [
            words.leave("14:03"), words.arrive("14:31"), words.direct, words.changes(1), words.changes(2), words.changes(5),
            words.stepFree, words.due, words.lastTrain, words.noMoreService, words.delayed(words.late(2), "14:05"),
            words.stationClosed, words.liveUnavailable,
            words.summary(leave: "14:03", arrive: "14:31", delayMinutes: 4, transfers: 1, stepFree: true),
        ]
        let englishPhrases = [english.direct, english.stepFree, english.due, english.lastTrain, english.noMoreService,
                              english.stationClosed, english.liveUnavailable]
        for phrase in phrases {
            #expect(!englishPhrases.contains(phrase), "\(language): \"\(phrase)\" is English")
            // Words other languages share ("Station", French "train" and "service") are left to the check above.
            for word in ["leave", "arrive", "due", "last", "today", "change", "direct", "step", "closed", "Live",
                         "timetable", "unavailable", "shown"] {
                #expect(!phrase.contains(word), "\(language): \"\(phrase)\" has the English \"\(word)\"")
            }
        }
        // The numbers and clocks it is given all appear.
        #expect(words.leave("14:03").contains("14:03") && words.arrive("14:31").contains("14:31"))
        #expect(words.minutes(7).contains("7") && words.late(4).contains("+4") && words.changes(3).contains("3"))
        #expect(words.delayed("+2", "14:05").contains("+2") && words.delayed("+2", "14:05").contains("14:05"))
        #expect(words.toGo(0) == words.due && words.toGo(6) == words.minutes(6))
    }

    /// English stays as the card said it before the words were translated.
    @Test func englishIsAsBefore() {
        let words = TimetableWording(language: "en")
        #expect(words.summary(leave: "14:03", arrive: "14:31", delayMinutes: 0, transfers: 0, stepFree: false)
            == "leave 14:03 · arrive 14:31 · direct")
        #expect(words.summary(leave: "14:03", arrive: "14:35", delayMinutes: 4, transfers: 2, stepFree: true)
            == "leave 14:03 · arrive 14:35 (+4 min) · 2 changes · step-free")
        #expect(words.changes(1) == "1 change")
        #expect(words.delayed(words.late(2), "14:05") == "+2 min, timetable 14:05")
        #expect(words.toGo(0) == "due" && words.toGo(3) == "3 min")
    }

    @Test func russianCountsTakeTheirForms() {
        let words = TimetableWording(language: "ru")
        #expect(words.changes(1) == "1 пересадка" && words.changes(3) == "3 пересадки" && words.changes(5) == "5 пересадок")
    }
}
