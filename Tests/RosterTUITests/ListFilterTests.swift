import Foundation
import RosterCore
import RosterTUI
import RosterWire
import Testing

/// What `/` matches, what the title says while filtering, and where the selection stays.
@Suite struct ListFilterTests {
    static func filtered(_ text: String) -> [String] {
        var model = Sample.model()
        model.press(.char("/"))
        model.type(text)
        return model.list.visibleUsers.map(\.id)
    }

    @Test func matchesNameEmailAndId() {
        #expect(Self.filtered("zoë") == [Sample.zoe.id])
        #expect(Self.filtered("EXAMPLE.COM") == [Sample.joe.id, Sample.emma.id, Sample.lapsed.id])
        #expect(Self.filtered("64a4") == [Sample.zhang.id])
        // An email kept in the profile counts even when the name shown is not the email.
        let named = UserRow(
            id: "64c1", displayName: "Ann", provider: .emailPassword, state: .loggedIn,
            profile: UserProfile(data: ["email": "ann@corp.example", "name": "Ann"]))
        var model = Model(users: Sample.all + [named], now: Sample.now)
        model.press(.char("/"))
        model.type("corp")
        #expect(model.list.visibleUsers.map(\.id) == ["64c1"])
    }

    @Test func aProviderMatchesOnlyWhenTypedAsProviderColon() {
        // "custom" and "anonymous" as plain text are names, not providers.
        #expect(Self.filtered("custom") == [])
        #expect(Self.filtered("anonymous") == [])
        #expect(Self.filtered("custom:") == [Sample.zoe.id])
        #expect(Self.filtered("anon:") == [Sample.smiley.id])
        #expect(Self.filtered("email:emma") == [Sample.emma.id])
        #expect(Self.filtered("email: lapsed") == [Sample.lapsed.id])
        // Text before a colon that names no provider is plain text.
        #expect(Self.filtered("zz:top") == [])
    }

    @Test func theTitleSaysHowManyOfAllAreShown() {
        var model = Sample.model()
        model.press(.char("/"))
        model.type("emma")
        #expect(model.screen[0].hasPrefix(" Roster · 1 of 6 users · policy: open"))
        #expect(model.screen[0].hasSuffix("filter: /emma_"))
        model.press(.escape)
        #expect(model.screen[0].hasPrefix(" Roster · 6 users · policy"))
    }

    @Test func theSelectionStaysOnTheSameUserWhileItMatches() {
        var model = Sample.model()
        model.press(.char("G"))  // lapsed@example.com, the sixth
        model.press(.char("/"))
        model.type("exa")
        #expect(model.list.selectedUser?.id == Sample.lapsed.id)
        model.type("mple.com")
        #expect(model.list.selectedUser?.id == Sample.lapsed.id)
        model.press(.backspace, .backspace)
        #expect(model.list.selectedUser?.id == Sample.lapsed.id)
        // Esc clears the filter; the selection is still on the same user.
        model.press(.escape)
        #expect(model.list.selectedUser?.id == Sample.lapsed.id)
        #expect(model.list.selection == 5)
    }

    @Test func aSelectedUserFilteredOutLeavesTheSelectionInRange() {
        var model = Sample.model()
        model.press(.char("/"))
        model.type("张")
        #expect(model.list.selectedUser?.id == Sample.zhang.id)
        model.type("x")
        #expect(model.list.selectedUser == nil)
        model.press(.backspace)
        #expect(model.list.selectedUser?.id == Sample.zhang.id)
    }
}
