import Foundation
import RosterCore
import RosterTUI
import Testing

/// The switcher on a shared terminal, as pure update and view: the PIN box, the idle lock, the
/// log-in form's PIN, sealed users in the detail pane, and the history screen.
@Suite struct SharedTerminalScreenTests {
    /// Joe active and open; Emma logged in but sealed with her PIN; policy pin.
    static func pinModel() -> Model {
        var emma = Sample.emma
        emma.isLocked = true
        emma.sessionOpened = false
        emma.secretKind = .pin
        var joe = Sample.joe
        joe.secretKind = .pin
        var model = Model(users: [joe, emma, Sample.zoe], size: TerminalSize(width: 100, height: 30), now: Sample.now)
        model.policy = DevicePolicy(switching: .pin, lockAfter: 300)
        return model
    }

    // BEHAVIOURS 43
    @Test func enterOnASealedUserAsksForTheirPINMaskedAndSendsItOnce() {
        var model = Self.pinModel()
        model.press(.down)
        #expect(model.press(.enter).isEmpty)
        guard case .secretPrompt(let prompt) = model.mode else { Issue.record("no PIN box: \(model.mode)"); return }
        #expect(prompt.user.id == Sample.emma.id && prompt.purpose == .switchTo)
        model.type("4821")
        #expect(model.screen.line(containing: "PIN: ****_") != nil)
        #expect(!model.screen.joined().contains("4821"))
        // The box edits as every text field does: a slip in the middle is mended in place, the
        // cursor drawn on the star of its character.
        model.press(.left, .left, .backspace)
        #expect(model.modeSecretText == "421")
        model.type("8")
        let screen = view(model, size: (100, 30))
        let row = try! #require(screen.lines().firstIndex { $0.contains("PIN: ****") })
        #expect(!screen.lines()[row].contains("****_"))
        let stars = try! #require(screen.lines()[row].range(of: "****"))
        let column = screen.lines()[row].distance(from: screen.lines()[row].startIndex, to: stars.lowerBound) + 2
        #expect(screen[row, column].attributes.reverse, "the cursor is on the third star")
        model.press(.ctrlA, .delete)
        model.type("4")
        model.press(.ctrlE)
        #expect(model.screen.line(containing: "PIN: ****_") != nil)
        let sent = model.press(.enter)
        #expect(sent == [.lock(.unlockAndSwitch(id: Sample.emma.id, Secret("4821")))])
        #expect(!"\(sent)".contains("4821"), "effects print no secret")
        #expect(model.press(.enter).isEmpty, "sent once while it is checked")
        // A wrong PIN: the box stays, empty, to try again; the refusal is in the box, in full.
        let words = "wrong PIN for emma@example.com; 9 more wrong tries and emma@example.com is logged out on this device"
        _ = update(&model, .secretRefused(SecretRefusal(message: words, triesLeft: 9), for: sent[0]))
        guard case .secretPrompt(let again) = model.mode else { Issue.record("the box closed on a wrong PIN"); return }
        #expect(again.text.isEmpty && again.sent == nil)
        let box = model.screen.joined(separator: "\n")
        #expect(box.contains("Wrong PIN for emma@example.com; 9 more wrong tries and") && box.contains("is logged out on this device."), "\(box)")
        #expect(model.screen.line(containing: "Tries left: 9") != nil)
        model.type("1234")
        let second = model.press(.enter)
        _ = update(&model, .operationFinished("Switched to emma@example.com", for: second[0]))
        #expect(model.mode == .list)
    }

    // BEHAVIOURS 45
    @Test func thePINBoxCountsDownTheWaitAndSendsNothingBeforeIt() {
        var model = Self.pinModel()
        model.press(.down)
        model.press(.enter)
        model.type("1111")
        let sent = model.press(.enter)
        let words = "wrong PIN for emma@example.com; 6 more wrong tries and emma@example.com is logged out on this device"
        _ = update(&model, .secretRefused(SecretRefusal(message: words, triesLeft: 6, waitSeconds: 10), for: sent[0]))
        #expect(model.screen.line(containing: "Tries left: 6") != nil)
        #expect(model.screen.line(containing: "Next try in 10 s") != nil)
        _ = update(&model, .tick(Sample.now.addingTimeInterval(3.2)))
        #expect(model.screen.line(containing: "Next try in 7 s") != nil)
        model.type("2222")
        #expect(model.press(.enter).isEmpty, "nothing is sent before the wait is over")
        #expect(model.status?.text == "Wait 7 s before the next try")
        _ = update(&model, .tick(Sample.now.addingTimeInterval(10)))
        #expect(model.screen.line(containing: "Next try in") == nil)
        #expect(model.press(.enter) == [.lock(.unlockAndSwitch(id: Sample.emma.id, Secret("2222")))])
    }

    // BEHAVIOURS 43
    @Test func aPINBoxTakesDigitsOnlyAndShowsItsKeys() {
        var model = Self.pinModel()
        model.press(.down)
        model.press(.enter)
        model.type("12!a3")
        #expect(model.modeSecretText == "123", "! and letters are not PIN digits")
        _ = update(&model, .key(.paste("4x5\n")))
        #expect(model.modeSecretText == "12345")
        model.press(.char("?"))
        #expect(model.screen.line(containing: "Keys in the PIN box") != nil)
        #expect(model.screen.line(containing: "after 10 the person is logged out on this") != nil)
        #expect(!model.screen.joined().contains("…"), "help is wrapped, never cut")
        model.press(.escape)
        #expect(model.modeSecretText == "12345" && model.help == nil)
        model.press(.f1)
        #expect(model.screen.line(containing: "Keys in the PIN box") != nil)
        model.press(.f1)
        #expect(model.screen.line(containing: "F1 keys") != nil)
    }

    // BEHAVIOURS 47
    @Test func theLockScreenHasItsHelp() {
        var model = Self.pinModel()
        _ = update(&model, .tick(Sample.now.addingTimeInterval(301)))
        #expect(model.isIdleLocked)
        #expect(model.screen.line(containing: "? keys") != nil)
        model.press(.char("?"))
        #expect(model.screen.line(containing: "Keys on the lock screen") != nil)
        #expect(!model.screen.joined().contains("favoriteColor"))
        model.press(.escape)
        model.press(.f1)
        #expect(model.screen.line(containing: "Keys on the lock screen") != nil)
    }

    // BEHAVIOURS 52
    @Test func aWindowLeftIdleWaitsForTheWholeDeviceToBeIdle() {
        var model = Self.pinModel()
        let elsewhere = Sample.now.addingTimeInterval(250)
        _ = update(&model, .deviceActivity(DeviceActivity(lastActivityAt: elsewhere)))
        #expect(update(&model, .tick(Sample.now.addingTimeInterval(301))).isEmpty, "someone was active in another window")
        #expect(!model.isIdleLocked)
        #expect(update(&model, .tick(Sample.now.addingTimeInterval(551))) == [.lock(.idleLock(.lock, idleSince: elsewhere))])
        #expect(model.isIdleLocked)
        // The session core found someone active since: nothing was locked, the details come back.
        _ = update(&model, .idleLockLifted(DeviceActivity(lastActivityAt: Sample.now.addingTimeInterval(550))))
        #expect(!model.isIdleLocked && model.screen.joined().contains("favoriteColor"))
    }

    // BEHAVIOURS 52
    @Test func aLockMadeInAnotherWindowIsFollowedAndAnOlderOneIsNot() {
        var model = Self.pinModel()
        _ = update(&model, .tick(Sample.now.addingTimeInterval(20)))
        model.press(.char("j"))  // a key here at +20
        let before = DeviceActivity(lastActivityAt: Sample.now, lockedAt: Sample.now.addingTimeInterval(10), lockedUserId: Sample.joe.id)
        #expect(update(&model, .deviceActivity(before)).isEmpty, "a lock older than this window's last key")
        #expect(!model.isIdleLocked)
        let after = DeviceActivity(lastActivityAt: Sample.now, lockedAt: Sample.now.addingTimeInterval(30), lockedUserId: Sample.joe.id)
        #expect(update(&model, .deviceActivity(after)) == [.lock(.followLock)])
        #expect(model.isIdleLocked)
        let locked = model.screen.joined(separator: "\n")
        #expect(locked.contains("Locked in another window") && !locked.contains("favoriteColor"))
        #expect(update(&model, .deviceActivity(after)).isEmpty, "followed once")
    }

    // BEHAVIOURS 53
    @Test func loggingOutOrRemovingASealedPersonAsksForTheirPIN() {
        var model = Self.pinModel()
        model.press(.down)  // Emma, sealed with her PIN, not held here
        #expect(model.press(.char("o")).isEmpty)
        guard case .secretPrompt(let prompt) = model.mode else { Issue.record("no PIN box: \(model.mode)"); return }
        #expect(prompt.purpose == .logOut)
        #expect(model.screen.line(containing: "Logging emma@example.com out needs their PIN.") != nil)
        model.type("4821")
        let sent = model.press(.enter)
        #expect(sent == [.lock(.unlockAndLogOut(id: Sample.emma.id, Secret("4821")))])
        _ = update(&model, .secretRefused(SecretRefusal(message: "wrong PIN for emma@example.com", triesLeft: 9), for: sent[0]))
        model.press(.escape)
        #expect(model.mode == .list)
        model.press(.char("x"))
        guard case .confirm = model.mode else { Issue.record("no question: \(model.mode)"); return }
        model.press(.char("y"))
        guard case .secretPrompt(let removal) = model.mode else { Issue.record("no PIN box after yes: \(model.mode)"); return }
        #expect(removal.purpose == .remove)
        model.type("4821")
        #expect(model.press(.enter) == [.lock(.unlockAndRemove(id: Sample.emma.id, Secret("4821")))])

        // Joe, the active user, is not sealed away from this switcher: `o` logs him out at once.
        var open = Self.pinModel()
        #expect(open.press(.char("o")) == [.list(.logOut(id: Sample.joe.id))])
    }

    // BEHAVIOURS 43, 44
    @Test func aSealedUsersDataIsNeitherShownNorActedOn() {
        var model = Self.pinModel()
        model.press(.down)
        #expect(model.screen.line(containing: "sealed with their PIN (Enter asks for it)") != nil)
        for key in ["e", "r", "a", "l", "d"] {
            #expect(model.press(.char(Character(key))).isEmpty)
            #expect(model.mode == .list)
            #expect(model.status?.text.hasPrefix("Switch to emma@example.com first") == true, "\(key): \(model.status?.text ?? "")")
        }
        #expect(model.screen[0].contains("policy: pin · locks after 5 min"))
    }

    // BEHAVIOURS 47
    @Test func theIdleLockHidesTheActiveUserUntilTheirPIN() {
        var model = Self.pinModel()
        #expect(model.screen.joined().contains("favoriteColor"))
        #expect(update(&model, .tick(Sample.now.addingTimeInterval(200))).isEmpty)
        model.press(.char("j"))  // a key: the idle time starts again
        #expect(update(&model, .tick(Sample.now.addingTimeInterval(450))).isEmpty)
        #expect(update(&model, .tick(Sample.now.addingTimeInterval(520))) == [.lock(.idleLock(.lock, idleSince: model.lastInputAt))])
        #expect(model.isIdleLocked)
        let locked = model.screen.joined(separator: "\n")
        #expect(locked.contains("Locked") && locked.contains("Active: joe@example.com"))
        #expect(!locked.contains("favoriteColor") && !locked.contains("blue") && !locked.contains("emma@example.com"))
        #expect(model.press(.char("x")).isEmpty && model.isIdleLocked, "list keys do nothing while locked")
        model.press(.enter)
        guard case .secretPrompt(let prompt) = model.mode else { Issue.record("no PIN box"); return }
        #expect(prompt.purpose == .unlock && prompt.user.id == Sample.joe.id)
        model.type("4821")
        let sent = model.press(.enter)
        #expect(sent == [.lock(.unlock(id: Sample.joe.id, Secret("4821")))])
        _ = update(&model, .operationFinished("Unlocked; joe@example.com is active", for: sent[0]))
        #expect(!model.isIdleLocked && model.mode == .list)
    }

    // BEHAVIOURS 47
    @Test func theKioskSettingLeavesNobodyActiveAndOpenFormsClose() {
        var model = Self.pinModel()
        model.policy.onIdle = .logoutToNobody
        model.fillLogIn(email: "zoe@example.com", password: "half-typed")
        #expect(update(&model, .tick(Sample.now.addingTimeInterval(301))) == [.lock(.idleLock(.logoutToNobody, idleSince: Sample.now))])
        #expect(model.mode == .list && !model.isIdleLocked)
        #expect(!model.screen.joined().contains("half-typed"))
    }

    // BEHAVIOURS 47
    @Test func aFormHalfTypedWhenTheLockComesIsBackAfterTheUnlockWithoutItsSecrets() {
        var model = Self.pinModel()
        model.fillLogIn(email: "zoe@example.com", password: "half-typed")
        #expect(update(&model, .tick(Sample.now.addingTimeInterval(301))) == [.lock(.idleLock(.lock, idleSince: Sample.now))])
        #expect(model.mode == .list && model.isIdleLocked)
        #expect(!model.screen.joined().contains("zoe@example.com"), "the form is out of sight under the lock")
        model.press(.enter)
        model.type("4821")
        let sent = model.press(.enter)
        _ = update(&model, .operationFinished("Unlocked; joe@example.com is active", for: sent[0]))
        #expect(!model.isIdleLocked)
        #expect(model.form?.email == "zoe@example.com", "what was typed is kept")
        #expect(model.form?.password == "", "a secret is typed again")
        #expect(model.status?.text.contains("type its secrets again") == true)
        #expect(model.keptThroughLock == nil)
    }

    // BEHAVIOURS 47
    @Test func aFormSetAsideByTheLockIsNotShownToWhoeverChoosesAnotherUser() {
        var model = Self.pinModel()
        model.fillLogIn(email: "zoe@example.com", password: "half-typed")
        _ = update(&model, .tick(Sample.now.addingTimeInterval(301)))
        model.press(.char("s"))
        #expect(model.mode == .list && model.keptThroughLock == nil)
        #expect(!model.screen.joined().contains("zoe@example.com"))
    }

    // BEHAVIOURS 47, 52
    @Test func aFormSetAsideComesBackWhenTheLockIsLiftedBecauseSomeoneWasActive() {
        var model = Self.pinModel()
        model.press(.char("n"))
        model.type("zoe@")
        _ = update(&model, .tick(Sample.now.addingTimeInterval(301)))
        #expect(model.isIdleLocked)
        _ = update(&model, .idleLockLifted(DeviceActivity(lastActivityAt: Sample.now.addingTimeInterval(300))))
        #expect(!model.isIdleLocked && model.form?.email == "zoe@")
    }

    @Test func theSwitchUserKeyOnTheLockScreenShowsTheListWithoutTheLockedDetails() {
        var model = Self.pinModel()
        _ = update(&model, .tick(Sample.now.addingTimeInterval(301)))
        model.press(.char("s"))
        #expect(!model.isIdleLocked && model.mode == .list)
        #expect(model.status?.text.contains("Choose who is next") == true)
    }

    // BEHAVIOURS 43
    @Test func underPinTheLogInFormAsksForANewPINTwice() {
        var model = Self.pinModel()
        model.fillLogIn(email: "zoe@example.com", password: "passw0rd")
        #expect(model.form?.fields.suffix(2) == [.pin, .pinAgain])
        model.press(.tab, .tab)
        model.type("12")
        #expect(model.press(.enter).isEmpty)
        #expect(model.form?.errors[.pin]?.contains("at least 4") == true)
        model.press(.backspace, .backspace)
        model.type("4821")
        model.press(.tab)
        model.type("4822")
        #expect(model.press(.enter).isEmpty)
        #expect(model.form?.errors[.pinAgain] == "not the same PIN")
        #expect(!model.screen.joined().contains("482"), "the PIN is masked")
        model.press(.backspace)
        model.type("1")
        #expect(model.press(.enter) == [.loginForm(.login(LoginRequest(provider: .emailPassword, email: "zoe@example.com", secret: "passw0rd", pin: "4821")))])
        // Under open, and when linking, no PIN is asked.
        var open = Sample.model()
        open.fillLogIn(email: "zoe@example.com", password: "passw0rd")
        #expect(open.form?.fields.contains(.pin) == false)
    }

    @Test func underPinTheAnonymousFormSaysItAsksForThePINItShows() {
        var model = Self.pinModel()
        model.press(.char("n"), .backTab)
        model.type("1")
        #expect(model.form?.provider == .anonymous)
        #expect(model.form?.fields == [.provider, .pin, .pinAgain])
        let screen = model.screen
        #expect(screen.line(containing: "New PIN") != nil)
        #expect(screen.line(containing: "No fields") == nil, "\(screen.joined(separator: "\n"))")
        #expect(screen.line(containing: "Nothing but the PIN: Enter logs in a new anonymous user with it.") != nil)
        // Under open there is nothing to type, and it says so.
        var open = Sample.model()
        open.press(.char("n"), .backTab)
        open.type("1")
        #expect(open.screen.line(containing: "No fields: Enter logs in a new or this device's anonymous user.") != nil)
    }

    @Test func aPasteGoesIntoThePINBoxWhole() {
        var model = Self.pinModel()
        model.press(.down, .enter)
        _ = update(&model, .key(.paste("48\n21")))
        #expect(model.press(.enter) == [.lock(.unlockAndSwitch(id: Sample.emma.id, Secret("4821")))])
    }

    @Test func hShowsTheHistoryNewestFirst() {
        var model = Self.pinModel()
        #expect(model.press(.char("h")) == [.loadHistory])
        #expect(model.screen.line(containing: "Reading…") != nil)
        _ = update(&model, .historyLoaded([
            HistoryEntry(at: Sample.now.addingTimeInterval(-60), event: .wrongSecret, userId: Sample.emma.id, userName: "emma@example.com"),
            HistoryEntry(at: Sample.now.addingTimeInterval(-3600), event: .loggedIn, userId: Sample.joe.id, userName: "joe@example.com"),
        ]))
        let wrong = model.screen.line(containing: "wrong PIN")
        #expect(wrong?.contains("emma@example.com") == true)
        #expect(model.screen.firstIndex { $0.contains("wrong PIN") }! < model.screen.firstIndex { $0.contains("log-in") }!)
        model.press(.escape)
        #expect(model.mode == .list)
    }

    @Test func helpSaysWhatThePolicyProtects() {
        var model = Self.pinModel()
        model.press(.char("?"))
        let help = model.screen.joined(separator: " ")
        #expect(help.contains("Policy pin: switching to a user, or acting as them, asks for their PIN"))
        var open = Sample.model()
        open.press(.char("?"))
        #expect(open.screen.joined(separator: " ").contains("Policy open (the default)"))
    }
}

extension Model {
    /// What the PIN box holds, for checking an edit (the screen shows only stars).
    var modeSecretText: String? {
        guard case .secretPrompt(let prompt) = mode else { return nil }
        return prompt.text
    }
}
