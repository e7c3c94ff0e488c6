import Foundation
import RosterTUI
import RosterWire
import Testing

/// The screens as text (README, "The switcher"; docs/ARCHITECTURE.md, RosterTUI).
@Suite struct ViewTests {
    @Test func wideLayoutListDetailAndStatus() {
        var model = Sample.model()
        model.status = StatusMessage("Switched to joe@example.com")
        let screen = model.screen
        #expect(screen.count == 30)
        #expect(screen[0] == " Roster · 6 users · policy: open")
        // The provider column is as wide as its widest name: "custom-token" here.
        #expect(screen[1] == "> * joe@example.com        email        │ joe@example.com  [* active]")
        #expect(screen[2] == "  + emma@example.com       email        │ id        64a1joe")
        #expect(screen[3] == "  - Zoë                    custom-token │ provider  email")
        #expect(screen[4] == "  + 张伟                   api-key      │ device    device-1")
        #expect(screen[5] == "  - 😀 Sunny               anonymous    │ access token expires in 29 min")
        #expect(screen[6] == "  - lapsed@example.com     email        │ identities")
        #expect(Array(screen[7...14]) == [
            "                                        │   email  joe-identity",
            "                                        │ profile",
            "                                        │   email: joe@example.com",
            "                                        │ custom data as of 12 min ago · r refreshes · e edits",
            "                                        │   {",
            "                                        │     \"favoriteColor\": \"blue\",",
            "                                        │     \"userId\": \"64a1joe\"",
            "                                        │   }",
        ])
        #expect(screen[28] == "Enter switch · n log in · / filter · o log out · x remove · r refresh · ? help · q quit")
        #expect(screen[29].hasPrefix("Switched to joe@example.com "))
        #expect(screen[29].hasSuffix(" active: joe@example.com"))
    }

    @Test func utf8NamesAlignByDisplayWidth() {
        let buffer = view(Sample.model(), size: (100, 30))
        // The provider column starts at the same display column on every row.
        for row in 1...6 {
            let line = buffer.lines()[row]
            let prefix = line.components(separatedBy: "│")[0]
            #expect(DisplayWidth.of(prefix) == 40, "row \(row): \(line)")
        }
        #expect(buffer[4, 4].text == "张")
        #expect(buffer[4, 5].isContinuation)
        #expect(buffer[4, 6].text == "伟")
        #expect(buffer[3, 6].text == "ë")
        #expect(buffer[5, 4].text == "😀")
        #expect(buffer[5, 27].text == "a")  // "anonymous" at the provider column
    }

    @Test func stateIsTextNotOnlyColour() {
        // Monochrome: ignore every attributes; the badges and words must still tell the states apart.
        var model = Sample.model()
        let screen = model.screen
        #expect(screen[1].hasPrefix("> * "))  // active, and the selection marker
        #expect(screen[2].hasPrefix("  + "))
        #expect(screen[3].hasPrefix("  - "))
        model.press(.down)
        #expect(model.screen[1].contains("[+ logged in]"))
        model.press(.down)
        let zoe = model.screen
        #expect(zoe[1].contains("[- logged out]"))
        #expect(zoe[3].hasPrefix("> - Zoë"))
        #expect(zoe.line(containing: "access token none (logged out)") != nil)
    }

    @Test func selectionIsReverseVideoAndMarked() {
        let buffer = view(Sample.model(), size: (100, 30))
        #expect(buffer[1, 0].text == ">")
        #expect(buffer[1, 10].attributes.reverse)
        #expect(!buffer[2, 10].attributes.reverse)
        #expect(buffer[1, 2].attributes.role == .active)
        #expect(buffer[2, 2].attributes.role == .loggedIn)
        #expect(buffer[3, 2].attributes.role == .loggedOut)
    }

    @Test func narrowTerminalCollapsesToOneColumn() {
        let screen = Sample.model(width: 60, height: 24).screen
        #expect(screen[1] == "> * joe@example.com                            email")
        #expect(screen[4] == "  + 张伟                                       api-key")
        #expect(screen[7] == String(repeating: "─", count: 60))
        #expect(screen[8] == "joe@example.com  [* active]")
        #expect(!screen.joined().contains("│"))
        #expect(screen[22] == "Enter switch · n log in · / filter · ? help · q quit")
    }

    @Test func belowTheMinimumTheScreenSaysWhatItNeeds() {
        let screen = Sample.model().screen
        #expect(!screen.contains("Roster needs at least 40x10."))
        let small = view(Sample.model(), size: (30, 8)).lines()
        #expect(small.count == 8)
        #expect(small.contains("Terminal too small (30x8)."))
        #expect(small.contains("Roster needs at least 40x10."))
        #expect(view(Sample.model(), size: (40, 10)).lines()[0] == " Roster · 6 users · policy: open")
        #expect(view(Sample.model(), size: (0, 0)).lines() == [])
    }

    @Test func resizeRelaysOut() {
        var model = Sample.model()
        model.press(.resize(width: 50, height: 12))
        let screen = model.screen
        #expect(screen.count == 12)
        #expect(screen.allSatisfy { DisplayWidth.of($0) <= 50 })
        #expect(screen[1].hasPrefix("> * joe@example.com"))
    }

    @Test func spinnerAndBusyStatus() {
        var model = Sample.model()
        model.press(.char("r"))
        #expect(model.screen[29].hasPrefix("| Refreshing custom data of joe@example.com…"))
        _ = update(&model, .tick(Sample.now))
        #expect(model.screen[29].hasPrefix("/ Refreshing"))
        _ = update(&model, .operationFinished("Custom data of joe@example.com refreshed", for: .list(.refreshCustomData(id: Sample.joe.id))))
        #expect(model.screen[29].hasPrefix("Custom data of joe@example.com refreshed "))
    }

    @Test func ageAndExpiryFollowTheModelClock() {
        var model = Sample.model()
        _ = update(&model, .tick(Sample.now.addingTimeInterval(3 * 3600)))
        let screen = model.screen
        #expect(screen.line(containing: "custom data as of 3 h ago") != nil)
        #expect(screen.line(containing: "access token expired 2 h ago") != nil)
    }

    @Test func noActiveUserAndEmptyDevice() {
        let model = Model(now: Sample.now)
        let screen = model.screen
        #expect(screen[0] == " Roster · 0 users · policy: open")
        #expect(screen[1] == " No users yet. Press n to log in.       │ No user selected.")
        #expect(screen[29].hasSuffix("active: none"))
    }

    @Test func longNamesAreCutWithAnEllipsis() {
        let long = UserRow(id: "x", displayName: String(repeating: "very-long-name-", count: 5), provider: .emailPassword, state: .loggedIn)
        let screen = Model(users: [long], now: Sample.now).screen
        // Only "email" in the list: the names get the room a longer provider would take.
        #expect(screen[1] == "> + very-long-name-very-long-nam… email │ \(long.displayName.prefix(57))…")
    }

    @Test func filterShowsInTheTitle() {
        var model = Sample.model()
        model.press(.char("/"))
        model.type("张")
        let screen = model.screen
        #expect(screen[0].hasSuffix("filter: /张_"))
        #expect(screen[1].hasPrefix("> + 张伟"))
        #expect(screen[2].hasPrefix("                                        │"))
        #expect(screen[28] == "type to filter · Enter keep · Esc clear")
    }

    /// In the document's own order, as the server keeps it.
    @Test func customDataIsIndentedJSON() {
        var joe = Sample.joe
        joe.customData = ["nested": ["list": [1, 2.5, true]], "name": "Zoë"]
        let lines = Model(users: [joe], now: Sample.now).screen.map { $0.components(separatedBy: "│ ").last ?? "" }
        let found = lines.firstIndex(of: "custom data as of 12 min ago · r refreshes · e edits")
        #expect(found != nil)
        let start = found ?? 0
        #expect(Array(lines[start + 1...start + 9]) == [
            "  {", "    \"nested\": {", "      \"list\": [", "        1,", "        2.5,", "        true", "      ]", "    },",
            "    \"name\": \"Zoë\"",
        ])
    }

    @Test func selectionMovesOnlyTheChangedRows() {
        var model = Sample.model()
        let before = view(model, size: (100, 30))
        model.press(.char("j"))
        let after = view(model, size: (100, 30))
        let changed = after.diff(from: before)
        #expect(changed.contains(1) && changed.contains(2))
        #expect(!changed.contains(3) && !changed.contains(0) && !changed.contains(28))
    }

    /// The screen is the model's alone: the same model draws the same screen whatever was drawn
    /// before it, and time on it is the model's `now` (set by ticks), never the clock's.
    @Test func viewIsPure() {
        let model = Sample.model()
        let first = view(model, size: (100, 30))
        var moved = model
        moved.press(.char("j"))
        #expect(view(moved, size: (100, 30)).lines()[2].hasPrefix("> + emma@example.com"))
        #expect(view(model, size: (100, 30)) == first, "what was drawn before leaves no trace")

        var later = model
        later.now = model.now.addingTimeInterval(3600)
        let lines = first.lines()
        let laterLines = view(later, size: (100, 30)).lines()
        #expect(lines[5].hasSuffix("│ access token expires in 29 min"))
        #expect(laterLines[5].hasSuffix("│ access token expired 30 min ago"))
        #expect(lines[10].hasSuffix("│ custom data as of 12 min ago · r refreshes · e edits"))
        #expect(laterLines[10].hasSuffix("│ custom data as of 1 h ago · r refreshes · e edits"))
        for row in lines.indices where row != 5 && row != 10 {
            #expect(laterLines[row] == lines[row], "row \(row)")
        }
    }
}

@Suite struct ScrollingTests {
    @Test func theSelectionStaysInViewOnALongList() {
        let users = (1...50).map { UserRow(id: "u\($0)", displayName: "user\($0)@example.com", provider: .emailPassword, state: .loggedIn) }
        var model = Model(users: users, size: TerminalSize(width: 100, height: 20), now: Sample.now)
        model.press(.char("G"))
        var screen = model.screen
        #expect(screen[17].hasPrefix("> + user50@example.com"))
        #expect(screen[1].hasPrefix("  + user34@example.com"))
        model.press(.char("g"))
        screen = model.screen
        #expect(screen[1].hasPrefix("> + user1@example.com"))
    }

    @Test func smallestScreenStillShowsEveryPart() {
        var model = Sample.model(width: 40, height: 10)
        var screen = model.screen
        #expect(screen[1].hasPrefix("> * joe@example.com"))
        #expect(screen.contains(String(repeating: "─", count: 40)))
        #expect(screen[9].hasSuffix("active: joe@example…"))
        model.press(.char("x"))
        screen = model.screen
        #expect(screen.line(containing: "Remove joe@example.c") != nil)
        #expect(screen.line(containing: "[ Cancel ]") != nil)
        model.press(.escape, .char("n"))
        #expect(model.screen.line(containing: "> Email") != nil)
    }
}

@Suite struct PagedListTests {
    @Test func theListTurnsAPageAtATime() {
        let users = (1...50).map { UserRow(id: "u\($0)", displayName: "user\($0)@example.com", provider: .emailPassword, state: .loggedIn) }
        var model = Model(users: users, size: TerminalSize(width: 100, height: 20), now: Sample.now)
        let before = view(model, size: (100, 20))
        model.press(.down)
        let after = view(model, size: (100, 20))
        // Within the first page only the rows left and entered change on the left.
        let leftChanged = (0..<20).filter { row in (0..<40).contains { before[row, $0] != after[row, $0] } }
        #expect(leftChanged == [1, 2])
        // Past the page's last row, the next page shows from its top.
        model.press(.char("g"))
        for _ in 0..<17 { model.press(.down) }
        let screen = model.screen
        #expect(screen[1].hasPrefix("> + user18@example.com"))
        #expect(screen[2].hasPrefix("  + user19@example.com"))
    }
}
