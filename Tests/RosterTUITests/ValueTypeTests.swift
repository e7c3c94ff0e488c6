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
        #expect(model.screen.line(containing: "~ favoriteNumber")?.contains("number") == true)
    }

    /// Words typed over a number are not JSON: nothing changes until Tab takes them as text,
    /// and the lines under the field say so rather than offering Tab for what is already done.
    @Test func wordsTypedOverANumberWaitForTabBeforeBecomingText() {
        var model = Self.model(["lucky": 7, "prefs": ["size": 2]])
        model.press(.enter, .backspace)
        #expect(model.editor?.typedValue?.asText == false)
        model.type("seven")
        #expect(model.screen.line(containing: "→ not JSON; lucky stays a number unless Tab takes it as text") != nil)
        model.press(.enter)
        #expect(model.editor?.typedValue != nil, "still typing")
        #expect(model.status?.isError == true && model.status?.text == "That is not JSON, and 'lucky' holds a number; Tab takes it as text")
        #expect(model.editor?.fields.first { $0.key == "lucky" }?.value == 7)
        model.press(.tab)
        #expect(model.screen.line(containing: "→ text (was number): \"seven\"") != nil)
        model.press(.enter)
        #expect(model.editor?.fields.first { $0.key == "lucky" }?.value == "seven")
        #expect(model.status?.text == "lucky: number → text, \"seven\" when you save")
        // An object typed over with something that is not JSON waits the same way.
        model.press(.char("j"))
        model.press(.enter)
        model.type("abc")
        model.press(.enter)
        #expect(model.status?.text == "That is not JSON, and 'prefs' holds an object; Tab takes it as text")
        #expect(model.editor?.fields.first { $0.key == "prefs" }?.value == ["size": 2])
    }

    /// Nested numbers are edited as numbers, never as Extended JSON's wrappers.
    @Test func nestedNumbersAreEditedAsNumbers() {
        var model = Self.model(["preferences": ["fontScale": ["$numberDouble": "1.0"], "visits": ["$numberLong": "3"], "theme": "light"]])
        model.press(.enter)
        #expect(model.editor?.typedValue?.text == #"{"fontScale":1.0,"visits":3,"theme":"light"}"#)
        model.press(.enter)
        #expect(model.editor?.fields.first?.value == ["fontScale": 1.0, "visits": 3, "theme": "light"])
    }

    @Test func datesAndNestedValuesNameTheirType() {
        let model = Self.model(["born": ["$date": ["$numberLong": "1700000000000"]], "tags": ["a"], "prefs": ["theme": "dark"]])
        #expect(model.screen.line(containing: "born")?.contains("date") == true)
        #expect(model.screen.line(containing: "born")?.contains("2023-11-14T22:13:20Z") == true)
        #expect(model.screen.line(containing: "tags")?.contains("list") == true)
    }
}
