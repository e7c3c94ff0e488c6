import Foundation
import RosterTUI
import Testing

/// 80x24 and narrower: the hint line keeps help and quit, and cut names still tell users apart.
@Suite struct NarrowScreenTests {
    @Test func theHintLineDropsHintsButKeepsHelpAndQuit() {
        for width in [80, 60, 50, 40] {
            let line = Sample.model(width: width, height: 24).screen[22]
            #expect(line.hasSuffix("? help · q quit"), "\(width): \(line)")
            #expect(line.hasPrefix("Enter switch · "), "\(width): \(line)")
            #expect(!line.contains("…"), "\(width): \(line)")
        }
        #expect(Sample.model(width: 80, height: 24).screen[22] == "Enter switch · n log in · / filter · o log out · x remove · ? help · q quit")
        #expect(Sample.model(width: 40, height: 24).screen[22] == "Enter switch · ? help · q quit")
    }

    /// An empty list says its message whole at 80x10 (wrapped, never "Press n to log i…"), and
    /// its hint line offers only what can be done with nobody on it.
    @Test func anEmptyListAtEightyByTenSaysItWholeAndOffersOnlyLoggingIn() {
        let model = Model(size: TerminalSize(width: 80, height: 10), now: Sample.now)
        let screen = model.screen
        let listText = screen.dropFirst().prefix(6).map { ($0.components(separatedBy: "│").first ?? "").trimmingCharacters(in: .whitespaces) }
        #expect(listText.filter { !$0.isEmpty }.joined(separator: " ").hasPrefix("No users yet. Press n to log in."), "\(screen)")
        #expect(!screen.contains { $0.contains("…") }, "\(screen)")
        #expect(screen[8] == "n log in · ? help · q quit", "\(screen[8])")
        var filtered = Sample.model(width: 80, height: 24)
        filtered.press(.char("/"))
        filtered.type("zzz")
        filtered.press(.enter)
        #expect(filtered.screen[22] == "/ filter · Esc clear · n log in · ? help · q quit", "\(filtered.screen[22])")
    }

    @Test func otherScreensKeepTheirWayOut() {
        var model = Sample.model(width: 40, height: 24)
        model.press(.char("n"))
        #expect(model.screen[22].hasSuffix("Esc cancel"), "\(model.screen[22])")
    }

    @Test func aNameEndingInAnIdKeepsTheIdsTail() {
        let anonymous = UserRow(
            id: "64a1b2c3d4e5f6a7b8c9d4f1", displayName: "anonymous user 64a1d4f1", provider: .anonymous, state: .loggedIn)
        let other = UserRow(
            id: "64a1b2c3d4e5f6a7b8c9aaaa", displayName: "anonymous user 64a1aaaa", provider: .anonymous, state: .loggedIn)
        let model = Model(users: Sample.all + [anonymous, other], size: TerminalSize(width: 80, height: 24), now: Sample.now)
        let screen = model.screen
        #expect(screen[7].hasPrefix("  + anonymous…d4f1 "), "\(screen[7])")
        #expect(screen[8].hasPrefix("  + anonymous…aaaa "), "\(screen[8])")
        // Other names keep their start.
        let long = UserRow(id: "64d1", displayName: "alexandra.featherstonehaugh@example.com", provider: .emailPassword, state: .loggedIn)
        let cut = Model(users: [long], size: TerminalSize(width: 80, height: 24), now: Sample.now).screen[1]
        #expect(cut.hasPrefix("> + alexandra.feathersto… "), "\(cut)")
    }
}
