import RosterCore
import RosterTUI
import Testing

/// `roster switch`'s picker as state and update, and its program on a terminal in memory:
/// typing filters, the arrows move, Enter chooses, Esc and Ctrl-C leave.
@Suite struct UserPickerTests {
    static let rows = [
        UserPicker.Row(id: "a1", name: "alice@example.com", providers: "email", state: .loggedIn, isCurrent: true),
        UserPicker.Row(id: "e1", name: "emma@example.com", providers: "email", state: .loggedIn, isCurrent: false),
        UserPicker.Row(id: "j1", name: "joe@example.com", providers: "email, api-key", state: .loggedOut, isCurrent: false),
    ]

    /// The rows holding `filter`, as the store's filter reads them.
    static func read(_ filter: String) -> UserPicker.Listing {
        let kept = rows.filter { filter.isEmpty || $0.name.contains(filter.lowercased()) || $0.id.contains(filter.lowercased()) }
        return UserPicker.Listing(rows: kept, matching: kept.count, total: rows.count)
    }

    @Test func startsPastTheActiveUserAndMovesWithinTheList() {
        var picker = UserPicker(listing: Self.read(""))
        #expect(picker.selectedRow?.id == "e1")
        #expect(picker.update(.down) == .stay && picker.selectedRow?.id == "j1")
        #expect(picker.update(.down) == .stay && picker.selectedRow?.id == "j1")
        #expect(picker.update(.home) == .stay && picker.selectedRow?.id == "a1")
        #expect(picker.update(.up) == .stay && picker.selectedRow?.id == "a1")
        #expect(picker.update(.enter) == .choose("a1"))
    }

    @Test func typingAsksForRowsAndKeepsTheSelectedUserWhileListed() {
        var picker = UserPicker(listing: Self.read(""))
        #expect(picker.update(.char("e")) == .refilter && picker.filter == "e")
        picker.show(Self.read(picker.filter))
        #expect(picker.selectedRow?.id == "e1")
        #expect(picker.update(.char("m")) == .refilter)
        picker.show(Self.read(picker.filter))
        #expect(picker.listing.rows.map(\.id) == ["e1"] && picker.selectedRow?.id == "e1")
        #expect(picker.update(.backspace) == .refilter && picker.filter == "e")
        #expect(picker.update(.ctrlU) == .refilter && picker.filter.isEmpty)
        #expect(picker.update(.paste("jo\u{1B}[31m\n")) == .refilter && picker.filter == "jo[31m")
    }

    @Test func enterOnNoRowStaysAndEveryWayOutCancels() {
        var picker = UserPicker(listing: UserPicker.Listing(rows: [], matching: 0, total: 3))
        #expect(picker.update(.enter) == .stay)
        for key in [Key.escape, .ctrlC, .ctrlBackslash, .terminate] {
            #expect(picker.update(key) == .cancel)
        }
    }

    @Test func theProgramDrawsFiltersAndReturnsTheChosenUser() throws {
        let terminal = MemoryBackend(size: TerminalSize(width: 80, height: 10))
        terminal.type("jo")
        terminal.press(.enter)
        var reads: [String] = []
        let chosen = try UserPickerProgram.run(backend: terminal) { filter in
            reads.append(filter)
            return Self.read(filter)
        }
        #expect(chosen == "j1")
        #expect(reads == ["", "j", "jo"])
        let lines = terminal.lines
        #expect(lines[0].hasPrefix("Switch to: jo"))
        #expect(lines.contains { $0.hasPrefix("> - joe@example.com") && $0.contains("email, api-key") && $0.hasSuffix("logged out") })
        #expect(lines.last?.hasPrefix("1 of 3 users") == true)
    }

    @Test func theProgramReturnsNothingOnEscape() throws {
        let terminal = MemoryBackend(size: TerminalSize(width: 80, height: 10))
        terminal.press(.down, .escape)
        #expect(try UserPickerProgram.run(backend: terminal, read: Self.read) == nil)
        #expect(terminal.lines.contains { $0.hasPrefix("> - joe@example.com") })
    }
}
