import Foundation
import RosterTUI
import RosterWire
import Testing

/// The detail pane scrolls: Tab gives it the keys, `J`/`K` scroll it from the list, and a
/// position line says what is above and below.
@Suite struct DetailPaneTests {
    /// Joe with 40 custom data fields, `field01` … `field40`.
    static func model(width: Int = 100, height: Int = 30) -> Model {
        var joe = Sample.joe
        var data: JSONObject = ["userId": "64a1joe"]
        for number in 1...40 { data[String(format: "field%02d", number)] = .int(Int64(number)) }
        joe.customData = .object(data)
        var users = Sample.all
        users[0] = joe
        return Model(users: users, size: TerminalSize(width: width, height: height), now: Sample.now)
    }

    @Test func longCustomDataShowsAMoreMarkerAndScrolls() throws {
        var model = Self.model()
        let marker = try #require(model.screen.line(containing: "▼ more"))
        #expect(marker.contains("1–26 of 53") && marker.contains("J/K or Tab scrolls"))
        #expect(model.screen.line(containing: "field40") == nil)
        // J scrolls from the list; the selection stays.
        model.press(.char("J"))
        #expect(model.screen.line(containing: "2–27 of 53") != nil && model.list.selection == 0)
        // Tab gives the pane the keys: arrows, pages and G scroll it, not the list.
        model.press(.tab)
        #expect(model.list.detail.isFocused)
        #expect(model.screen.line(containing: "PgUp/PgDn · Tab back") != nil)
        model.press(.down)
        #expect(model.screen.line(containing: "3–28 of 53") != nil && model.list.selection == 0)
        model.press(.pageUp, .pageDown)
        #expect(model.screen.line(containing: "26–51 of 53") != nil)
        model.press(.char("G"))
        #expect(model.screen.line(containing: "▲ top above · 28–53 of 53") != nil)
        #expect(model.screen.line(containing: "\"field40\": 40") != nil)
        model.press(.ctrlU)
        #expect(model.screen.line(containing: "15–40 of 53") != nil)
        model.press(.char("g"))
        #expect(model.screen.line(containing: "1–26 of 53") != nil)
        // Tab (or Esc) gives the keys back: j moves the selection again.
        model.press(.tab, .char("j"))
        #expect(!model.list.detail.isFocused && model.list.selection == 1)
    }

    @Test func anotherUserStartsAtTheTop() {
        var model = Self.model()
        model.press(.char("J"), .char("J"), .char("j"))
        #expect(model.screen.line(containing: "│ emma@example.com  [+ logged in]") != nil)
        #expect(model.list.detail.scroll(for: Sample.emma.id) == 0)
    }

    @Test func theWheelScrollsThroughTheSameFunction() {
        var model = Self.model()
        scrollDetail(&model, by: 3)
        #expect(model.screen.line(containing: "4–29 of 53") != nil)
        scrollDetail(&model, by: -100)
        #expect(model.list.detail.scroll == 0)
        scrollDetail(&model, by: 1000)
        #expect(model.screen.line(containing: "28–53 of 53") != nil)
    }

    @Test func aNarrowTerminalShowsTheDataOnceThePaneHasTheKeys() {
        var model = Self.model(width: 50, height: 20)
        #expect(model.screen.line(containing: "▼ more") != nil)
        model.press(.tab)
        let screen = model.screen
        #expect(screen.line(containing: "> * joe@example.com") != nil, "the list keeps the selected user")
        #expect(screen.line(containing: "emma@example.com") == nil)
        model.press(.char("G"))
        #expect(model.screen.line(containing: "\"field40\": 40") != nil)
        #expect(model.screen.filter { $0.contains("\"field") }.count > 5)
    }

    @Test func shortDetailsHaveNoMarkerAndDoNotScroll() {
        var model = Sample.model()
        #expect(model.screen.line(containing: "▼ more") == nil)
        model.press(.char("J"))
        #expect(model.list.detail.scroll == 0)
    }
}

/// A person with several ways to log in: every provider in the list, as `roster users` names
/// them, and the identities in columns in the pane.
@Suite struct ProvidersShownTests {
    static let linked = UserRow(
        id: "64a9anon", displayName: "anonymous user 64a9anon", provider: .anonymous, state: .loggedIn, isCurrent: true,
        identities: [
            Identity(id: "anon-identity", provider: .anonymous), Identity(id: "mail-identity", provider: .emailPassword),
            Identity(id: "more-mail-identity", provider: .emailPassword),
        ])

    @Test func theListNamesEveryProviderAndThePaneAlignsTheIdentities() throws {
        let model = Model(users: [Self.linked, Sample.emma], size: TerminalSize(width: 120, height: 30), now: Sample.now)
        let screen = model.screen
        let row = try #require(screen.line(containing: "anonymous user 64a9anon"))
        #expect(row.contains("anonymous, email"), "\(row)")
        #expect(screen.line(containing: "providers anonymous, email") != nil)
        let identities = ["anon-identity", "mail-identity", "more-mail-identity"].compactMap { id in screen.line(containing: id) }
        #expect(identities.count == 3)
        let starts = identities.map { line -> Int in
            let id = ["anon-identity", "more-mail-identity", "mail-identity"].first { line.contains($0) }!
            return line.distance(from: line.startIndex, to: line.range(of: id)!.lowerBound)
        }
        #expect(Set(starts).count == 1, "\(identities)")
    }
}
