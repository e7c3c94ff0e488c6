import Foundation
import RosterTUI
import RosterWire
import Testing

/// The editor keeps a value's type unless the person changes it, and says when it changes.
@Suite struct ValueTypeTests {
    static func model(_ data: JSONValue) -> Model {
        var joe = Sample.joe
        joe.customData = data
        var model = Model(users: [joe], size: TerminalSize(width: 100, height: 30), now: Sample.now)
        model.press(.char("e"))
        return model
    }

    @Test func textThatLooksLikeANumberIsShownAsTextAndStaysText() {
        var model = Self.model(["favoriteNumber": "42", "lucky": 7, "userId": "64a1joe"])
        let text = model.screen.line(containing: "favoriteNumber")
        #expect(text?.contains("text") == true && text?.contains("\"42\"") == true)
        let number = model.screen.line(containing: "lucky")
        #expect(number?.contains("number") == true && number?.contains("7") == true && number?.contains("\"7\"") == false)
        // Enter twice without typing changes nothing.
        model.press(.enter)
        #expect(model.editor?.typedValue?.asText == true)
        #expect(model.screen.line(containing: "→ text: \"42\"") != nil)
        model.press(.enter)
        #expect(model.editor?.hasChanges == false)
        #expect(model.status?.text == "'favoriteNumber' unchanged")
        // Typing digits into a text value keeps it text.
        model.press(.enter, .backspace)
        model.type("3")
        model.press(.enter)
        #expect(model.editor?.fields.first { $0.key == "favoriteNumber" }?.value == "43")
    }

    @Test func tabMakesTextANumberAndTheStatusSaysSo() {
        var model = Self.model(["favoriteNumber": "42"])
        model.press(.enter, .tab)
        #expect(model.screen.line(containing: "→ number (was text): 42") != nil)
        model.press(.enter)
        #expect(model.editor?.fields.first?.value == 42)
        #expect(model.status?.text == "favoriteNumber: text → number, 42 when you save")
        #expect(model.screen.line(containing: "+ favoriteNumber")?.contains("number") == true)
    }

    @Test func aNumberTypedOverWithWordsBecomesTextAndTheStatusSaysSo() {
        var model = Self.model(["lucky": 7])
        model.press(.enter, .backspace)
        #expect(model.editor?.typedValue?.asText == false)
        model.type("seven")
        model.press(.enter)
        #expect(model.editor?.fields.first?.value == "seven")
        #expect(model.status?.text == "lucky: number → text, \"seven\" when you save")
    }

    @Test func datesAndNestedValuesNameTheirType() {
        let model = Self.model(["born": ["$date": ["$numberLong": "1700000000000"]], "tags": ["a"], "prefs": ["theme": "dark"]])
        #expect(model.screen.line(containing: "born")?.contains("date") == true)
        #expect(model.screen.line(containing: "born")?.contains("2023-11-14T22:13:20Z") == true)
        #expect(model.screen.line(containing: "tags")?.contains("list") == true)
    }
}
