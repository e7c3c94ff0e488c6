import Foundation
import RosterCore
@testable import RosterTUI
import Testing

/// The history screen scrolls as the other screens do and says where it is; it reads the
/// history again whenever the device changes, so it stays current while open.
@Suite struct HistoryScreenTests {
    /// 38 entries, newest first, each naming its number (`person 1` is the newest).
    static let entries = (1...38).map { index in
        HistoryEntry(at: Sample.now.addingTimeInterval(Double(-index * 60)), event: .switched, userName: "person \(index)")
    }

    static func open(height: Int = 24) -> Model {
        var model = Sample.model(height: height)
        #expect(model.press(.char("h")) == [.loadHistory])
        _ = update(&model, .historyLoaded(entries))
        return model
    }

    @Test func itScrollsByLinePageAndEndsAndSaysWhereItIs() {
        var model = Self.open()
        let rows = HistoryScreen.rows(for: model.size)
        #expect(rows < 38)
        #expect(model.screen.line(containing: "person 38") == nil, "the oldest is below the screen")
        #expect(model.screen.line(containing: "1–\(rows) of 38 · ↓ more") != nil, "\(model.screen.joined(separator: "\n"))")

        model.press(.char("j"))
        #expect(model.screen.line(containing: "2–\(rows + 1) of 38 · ↑ newer · ↓ more") != nil)
        model.press(.pageDown)
        #expect(model.screen.line(containing: "\(rows + 2)–") != nil)
        model.press(.char("G"))
        #expect(model.screen.line(containing: "person 38") != nil)
        #expect(model.screen.line(containing: "\(38 - rows + 1)–38 of 38 · ↑ newer") != nil)
        #expect(model.screen.line(containing: "↓ more") == nil)
        model.press(.char("j"))
        #expect(model.screen.line(containing: "\(38 - rows + 1)–38 of 38") != nil, "no scrolling past the oldest")
        model.press(.char("g"))
        #expect(model.screen.line(containing: "1–\(rows) of 38") != nil)
        model.press(.char("k"))
        #expect(model.screen.line(containing: "1–\(rows) of 38") != nil, "no scrolling above the newest")
    }

    @Test func aChangeOnTheDeviceReadsItAgainAndKeepsThePlace() {
        var model = Self.open()
        model.press(.char("j"), .char("j"))
        #expect(update(&model, .usersLoaded(Sample.all, revision: nil)) == [.loadHistory])
        let newer = [HistoryEntry(at: Sample.now, event: .loggedIn, userName: "someone new")] + Self.entries
        _ = update(&model, .historyLoaded(newer))
        guard case .history(let screen) = model.mode else {
            Issue.record("the history is still on show")
            return
        }
        #expect(screen.top == 2 && screen.entries?.count == 39)
        #expect(model.screen.line(containing: "of 39") != nil)
    }

    @Test func aHistoryThatFitsShowsNoPosition() {
        var model = Sample.model(height: 30)
        model.press(.char("h"))
        _ = update(&model, .historyLoaded(Array(Self.entries.prefix(3))))
        #expect(model.screen.line(containing: "person 3") != nil)
        #expect(model.screen.line(containing: " of 3") == nil)
    }
}
