import Foundation
import RosterCore
import RosterTUI
import Testing

/// Kiosk mode and the admin PIN in the switcher, as pure update and view (BEHAVIOURS 54): no
/// key leaves a kiosk, `q` asks for the admin PIN, and the PIN box for somebody else takes the
/// admin PIN on Tab.
@Suite struct KioskScreenTests {
    static func kioskModel() -> Model {
        var model = SharedTerminalScreenTests.pinModel()
        model.policy.kiosk = true
        return model
    }

    // BEHAVIOURS 54
    @Test func noKeyLeavesAKioskAndQAsksForTheAdminPIN() {
        // Outside a kiosk, q and Ctrl-C quit.
        var plain = SharedTerminalScreenTests.pinModel()
        #expect(plain.press(.char("q")) == [.quit])
        #expect(plain.press(.ctrlC) == [.quit])

        var model = Self.kioskModel()
        #expect(model.isKiosk)
        #expect(model.screen.line(containing: "q leave (admin PIN)") != nil, "\(model.screen.joined(separator: "\n"))")
        for key in [Key.ctrlZ, .ctrlBackslash] {
            #expect(model.press(key).isEmpty)
            #expect(model.mode == .list)
            #expect(model.status?.text == "This terminal is a kiosk: q, then the admin PIN, leaves Roster")
        }
        #expect(model.press(.char("q")).isEmpty)
        guard case .secretPrompt(let prompt) = model.mode else { Issue.record("no admin PIN box: \(model.mode)"); return }
        #expect(prompt.purpose == .leaveKiosk && prompt.asAdmin)
        #expect(model.screen.line(containing: "Kiosk · Admin PIN") != nil)
        #expect(model.screen.line(containing: "This terminal is a kiosk: leaving Roster needs the admin PIN.") != nil)
        // Ctrl-C and q again do not leave either, and the box takes digits only.
        #expect(model.press(.ctrlC).isEmpty)
        model.type("97q531")
        #expect(model.screen.line(containing: "Admin PIN: *****_") != nil)
        let sent = model.press(.enter)
        #expect(sent == [.lock(.leaveKiosk(Secret("97531")))])
        // A wrong one: said in the box, and the switcher stays.
        _ = update(&model, .secretRefused(SecretRefusal(message: "wrong admin PIN"), for: sent[0]))
        #expect(model.screen.line(containing: "Wrong admin PIN.") != nil)
        // Esc goes back to the list, still a kiosk.
        model.press(.escape)
        #expect(model.mode == .list)
        // Only the right PIN's answer ends the switcher.
        model.press(.char("q"))
        model.type("97531")
        let right = model.press(.enter)
        #expect(update(&model, .kioskLeft(for: right[0])) == [.quit])
        // A signal (the terminal closed, `kill`) still ends it.
        var signalled = Self.kioskModel()
        #expect(update(&signalled, .key(.terminate)) == [.quit])
    }

    // BEHAVIOURS 54
    /// A wrong admin PIN leaves the box open with the refusal in it, whatever the users read
    /// meanwhile (a kiosk with nobody active holds no user for the box to follow), and the digits
    /// typed next go into the box, never onto the list.
    @Test func aWrongAdminPINKeepsTheBoxOpenAndSaysSo() {
        var model = Self.kioskModel()
        let nobody = model.list.users.map { user in
            var user = user
            user.isCurrent = false
            return user
        }
        _ = update(&model, .usersLoaded(nobody))
        #expect(model.list.currentUser == nil)
        model.press(.char("q"))
        model.type("1111")
        let sent = model.press(.enter)
        _ = update(&model, .secretRefused(SecretRefusal(message: "wrong admin PIN"), for: sent[0]))
        // The device's users are read again (the refused try is counted in the store).
        _ = update(&model, .usersLoaded(nobody))
        guard case .secretPrompt(let prompt) = model.mode, prompt.purpose == .leaveKiosk else {
            Issue.record("the admin PIN box closed on a wrong PIN: \(model.mode)")
            return
        }
        #expect(model.screen.line(containing: "Wrong admin PIN.") != nil, "\(model.screen.joined(separator: "\n"))")
        let selection = model.list.selection
        model.type("2")
        #expect(model.list.selection == selection && !model.list.isEditingFilter)
        #expect(model.screen.line(containing: "Admin PIN: *_") != nil, "\(model.screen.joined(separator: "\n"))")
    }

    // BEHAVIOURS 54
    /// Keys typed while a PIN is checked are kept: a try typed and sent meanwhile goes as soon as
    /// the last is answered, so four wrong PINs typed one after another count as four.
    @Test func aPINTypedWhileTheLastIsCheckedGoesWhenItIsAnswered() {
        var model = Self.kioskModel()
        model.press(.char("q"))
        model.type("1111")
        var sent = model.press(.enter)
        var tries = sent
        for pin in ["2222", "3333", "4444"] {
            model.type(pin)
            #expect(model.press(.enter).isEmpty, "a second try is not sent before the first is answered")
            #expect(model.status?.text.contains("the next try goes when it is answered") == true, "\(String(describing: model.status))")
            sent = update(&model, .secretRefused(SecretRefusal(message: "wrong admin PIN"), for: sent[0]))
            #expect(sent == [.lock(.leaveKiosk(Secret(pin)))])
            tries += sent
        }
        #expect(tries.count == 4)
        #expect(model.pendingOperations == 1)
    }

    // BEHAVIOURS 54
    @Test func quittingFromAnyScreenOfAKioskAsksForTheAdminPIN() {
        var model = Self.kioskModel()
        model.press(.char("?"))
        #expect(model.help != nil)
        #expect(model.press(.char("q")).isEmpty)
        #expect(model.help == nil)
        guard case .secretPrompt(let prompt) = model.mode, prompt.purpose == .leaveKiosk else {
            Issue.record("help's q left no admin PIN box: \(model.mode)")
            return
        }
        // The idle lock's q too.
        var locked = Self.kioskModel()
        locked.isIdleLocked = true
        #expect(locked.screen.line(containing: "q leave (admin PIN)") != nil)
        #expect(locked.screen.line(containing: "q quit") == nil)
        #expect(locked.press(.char("q")).isEmpty)
        guard case .secretPrompt(let fromLock) = locked.mode, fromLock.purpose == .leaveKiosk else {
            Issue.record("the lock's q left no admin PIN box: \(locked.mode)")
            return
        }
    }

    // BEHAVIOURS 53, 54
    @Test func tabInTheBoxForSomebodyElseGivesTheAdminPINInstead() {
        var model = SharedTerminalScreenTests.pinModel()
        model.press(.down)  // Emma, sealed with her PIN
        model.press(.char("o"))
        guard case .secretPrompt(let prompt) = model.mode else { Issue.record("no PIN box: \(model.mode)"); return }
        #expect(!prompt.asAdmin && prompt.offersAdminPIN)
        #expect(model.screen.line(containing: "Tab admin PIN") != nil)
        model.type("12")
        model.press(.tab)
        #expect(model.modeSecretText == "", "what was typed for Emma is dropped")
        #expect(model.screen.line(containing: "Logging emma@example.com out needs the admin PIN.") != nil)
        #expect(model.screen.line(containing: "Admin PIN: _") != nil)
        #expect(model.screen.line(containing: "Tab their PIN") != nil)
        model.type("97531")
        #expect(model.press(.enter) == [.lock(.adminLogOut(id: Sample.emma.id, Secret("97531")))])

        // Removal the same way; Tab twice goes back to her PIN.
        var removal = SharedTerminalScreenTests.pinModel()
        removal.press(.down)
        removal.press(.char("x"))
        removal.press(.char("y"))
        removal.press(.tab)
        removal.type("97531")
        #expect(removal.press(.enter) == [.lock(.adminRemove(id: Sample.emma.id, Secret("97531")))])
        var back = SharedTerminalScreenTests.pinModel()
        back.press(.down)
        back.press(.char("o"))
        back.press(.tab, .tab)
        back.type("4821")
        #expect(back.press(.enter) == [.lock(.unlockAndLogOut(id: Sample.emma.id, Secret("4821")))])
        // A switch's box offers no admin PIN: nobody becomes somebody else with it.
        var switching = SharedTerminalScreenTests.pinModel()
        switching.press(.down)
        switching.press(.enter)
        switching.press(.tab)
        guard case .secretPrompt(let switchBox) = switching.mode else { Issue.record("no PIN box: \(switching.mode)"); return }
        #expect(!switchBox.asAdmin && !switchBox.offersAdminPIN)
    }
}
