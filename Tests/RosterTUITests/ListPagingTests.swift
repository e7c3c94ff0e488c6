import Foundation
import RosterTUI
import Testing

/// Paging through a long list: PageUp/PageDown, Ctrl-U/Ctrl-D, Home/End, and where one is.
@Suite struct ListPagingTests {
    /// Forty users at 100x30: the list shows 27 at a time.
    static func crowd(width: Int = 100, height: Int = 30) -> Model {
        let users = (1...40).map {
            UserRow(id: "64b\($0)", displayName: "user\($0)@example.com", provider: .emailPassword, state: .loggedIn, isCurrent: $0 == 1)
        }
        return Model(users: users, size: TerminalSize(width: width, height: height), now: Sample.now)
    }

    @Test func pageDownAndUpMoveAPageAndStopAtTheEnds() {
        var model = Self.crowd()
        model.press(.pageDown)
        #expect(model.list.selection == 27)
        model.press(.pageDown)
        #expect(model.list.selection == 39)
        model.press(.pageUp)
        #expect(model.list.selection == 12)
        model.press(.pageUp)
        #expect(model.list.selection == 0)
    }

    @Test func ctrlDAndCtrlUMoveHalfAPage() {
        var model = Self.crowd()
        model.press(.ctrlD)
        #expect(model.list.selection == 13)
        model.press(.ctrlD, .ctrlD, .ctrlD)
        #expect(model.list.selection == 39)
        model.press(.ctrlU)
        #expect(model.list.selection == 26)
    }

    @Test func homeAndEndGoToTheFirstAndLastUser() {
        var model = Self.crowd()
        model.press(.end)
        #expect(model.list.selectedUser?.displayName == "user40@example.com")
        model.press(.home)
        #expect(model.list.selectedUser?.displayName == "user1@example.com")
    }

    @Test func aPageIsWhatTheListShowsAtTheTerminalsSize() {
        // 60x20, one column: the list takes the top half, 8 rows.
        var model = Self.crowd(width: 60, height: 20)
        model.press(.pageDown)
        #expect(model.list.selection == 8)
        #expect(model.screen[1].hasPrefix("> + user9@example.com"))
    }

    @Test func thePositionShowsWhenTheUsersDoNotFit() {
        var model = Self.crowd()
        #expect(model.screen[28].hasSuffix(" 1/40"))
        model.press(.pageDown, .down)
        let screen = model.screen
        #expect(screen[28].hasSuffix(" 29/40"))
        #expect(screen[28].hasPrefix("Enter switch · "))
        #expect(screen.line(containing: "> + user29@example.com") != nil)
        // Six users fit: no position.
        #expect(!Sample.model().screen[28].contains("/6"))
    }

    @Test func whileFilteringPageDownStillPagesAndHomeIsLeftToTheText() {
        var model = Self.crowd()
        model.press(.char("/"))
        model.type("example")
        model.press(.pageDown)
        #expect(model.list.selection == 27)
        model.press(.home)
        #expect(model.list.selection == 27)
        #expect(model.list.isEditingFilter)
    }
}
