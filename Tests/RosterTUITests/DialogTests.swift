import RosterCore
import RosterTUI
import RosterWire
import Testing

/// Dialogs: the focused button in reverse video, arrows and `h`/`l` move, `y`/`n` answer, and
/// the words fit the user.
@Suite struct DialogTests {
    @Test func theFocusedButtonIsReverseVideoAndHLMoveIt() throws {
        var model = Sample.model()
        model.press(.down, .char("x"))
        var buffer = view(model, size: (100, 30))
        var row = try #require(buffer.lines().firstIndex { $0.contains("[ Cancel ]") })
        var column = try #require(buffer.lines()[row].range(of: "[ Cancel ]")).lowerBound.utf16Offset(in: buffer.lines()[row])
        #expect(buffer[row, column].attributes.reverse && buffer[row, column + 2].attributes.reverse)
        model.press(.char("l"))
        buffer = view(model, size: (100, 30))
        row = try #require(buffer.lines().firstIndex { $0.contains("[ Remove ]") })
        column = try #require(buffer.lines()[row].range(of: "[ Remove ]")).lowerBound.utf16Offset(in: buffer.lines()[row])
        #expect(buffer[row, column + 2].text == "R" && buffer[row, column + 2].attributes.reverse)
        #expect(!buffer[row, column - 4].attributes.reverse, "Cancel is no longer highlighted")
        model.press(.char("h"))
        #expect(model.screen.line(containing: "[ Cancel ]") != nil)
        model.press(.right)
        #expect(model.screen.line(containing: "[ Remove ]") != nil)
        model.press(.left)
        #expect(model.screen.line(containing: "[ Cancel ]") != nil)
        #expect(model.press(.char("n")).isEmpty && model.mode == .list)
    }

    @Test func theRemoveQuestionFitsTheUser() {
        var model = Sample.model()
        model.press(.char("x"))
        #expect(model.screen.line(containing: "Its session is ended and its tokens deleted here") != nil)
        var anonymous = Sample.joe
        anonymous.provider = .anonymous
        anonymous.identities = [Identity(id: "anon", provider: .anonymous)]
        var anonymousModel = Model(users: [anonymous], now: Sample.now)
        anonymousModel.press(.char("x"))
        #expect(anonymousModel.screen.line(containing: "it will be gone for good") != nil)
        var loggedOut = Sample.model()
        loggedOut.list.selection = loggedOut.list.visibleUsers.firstIndex { $0.id == Sample.lapsed.id }!
        loggedOut.press(.char("x"))
        #expect(loggedOut.screen.line(containing: "It is logged out, so there is no session to end") != nil)
        #expect(loggedOut.screen.line(containing: "The account stays on the server.") != nil)
        #expect(loggedOut.screen.line(containing: "tokens deleted") == nil)
    }
}

/// A new API key is copied from a line of its own: no frame, nothing beside it, at any width.
@Suite struct NewKeyDisplayTests {
    @Test(arguments: [40, 64, 100, 140])
    func theKeyStandsAloneAndTheWordsAreWhole(width: Int) {
        var model = Sample.model(width: width, height: 12)
        let joe = Sample.joe
        model.mode = .apiKeys(KeysScreen(owner: UserTarget(id: joe.id, name: joe.displayName)))
        _ = update(&model, .apiKeysLoaded(owner: joe.id, [APIKeyRow(id: "k1", name: "ci", disabled: false)]))
        let secret = String(repeating: "abcdef0123456789", count: 4)
        _ = update(&model, .apiKeyCreated(owner: joe.id, CreatedKey(name: "laptop", secret: secret)))
        let screen = model.screen
        let keyRows = screen.filter { $0.allSatisfy { "abcdef0123456789".contains($0) } && !$0.isEmpty }
        #expect(keyRows.joined() == secret, "the key alone on its lines, from the first column")
        #expect(!screen.joined().contains("│"))
        let words = screen.dropLast(2).joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words.contains("copy it now, it is not shown again."))
        #expect(words.contains("Press any key when done."))
        #expect(!words.contains("…"))
    }
}
