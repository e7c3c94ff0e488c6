import Foundation
import RosterWire
import RosterQR
import RosterTUI
import SpawnCloseFrom
import Testing

@testable import RosterCore

/// "on another device" in the log-in form: the URL, the user code in large letters, the QR code
/// and a countdown, polled in the background while keys stay live.
@Suite struct DeviceLoginFormTests {
    static let login = DeviceLogin(
        userCode: "WDJB-MJHT", verificationURI: "http://127.0.0.1:8080/device",
        verificationURIComplete: "http://127.0.0.1:8080/device?code=WDJB-MJHT", expiresAt: Sample.now.addingTimeInterval(600),
        interval: 5, deviceCode: "device-code-that-stays-in-memory")

    /// The form with "on another device" chosen, Enter pressed: the start effect.
    private func started(_ model: inout Model) -> Effect {
        model.press(.char("n"), .backTab)
        let choices = model.form?.choices ?? []
        #expect(choices.last == .otherDevice)
        model.type("\(choices.count)")
        #expect(model.form?.provider == .otherDevice)
        let effects = model.press(.enter)
        #expect(effects == [.loginForm(.startDeviceLogin(linking: nil))])
        return effects[0]
    }

    @Test func choosingAnotherDeviceAsksTheServerForACodeAndShowsItWithTheURLAndACountdown() throws {
        var model = Sample.model()
        let start = started(&model)
        #expect(model.status?.text == "Asking the server for a code…")
        #expect(model.screen.line(containing: "Tab/Shift-Tab field") != nil)
        // Enter again while it asks sends nothing twice.
        #expect(model.press(.enter).isEmpty)

        let effects = update(&model, .deviceLogin(.started(Self.login), for: start))
        #expect(effects == [.loginForm(.pollDeviceLogin(Self.login))])
        let screen = model.screen
        #expect(screen.line(containing: "Log in on another device") != nil)
        #expect(screen.line(containing: "http://127.0.0.1:8080/device") != nil)
        #expect(screen.line(containing: "WDJB-MJHT") != nil)
        #expect(screen.line(containing: "Expires in 10:00 · waiting for approval") != nil)
        // Large letters: W and D side by side, five dots high in three rows.
        #expect(screen.line(containing: "█   █ █▀▀▀▄ ") != nil)
        // The device code is never on screen.
        #expect(!screen.joined().contains("device-code-that-stays-in-memory"))

        // The countdown follows the clock.
        _ = update(&model, .tick(Sample.now.addingTimeInterval(61)))
        #expect(model.screen.line(containing: "Expires in 8:59") != nil)
    }

    @Test func theQRCodeOnScreenIsDarkOnLightAndScansToTheURLWithTheCode() throws {
        var model = Sample.model()
        let start = started(&model)
        _ = update(&model, .deviceLogin(.started(Self.login), for: start))
        let buffer = view(model, size: (100, 30))
        // The QR code's cells, role `.code`, form one block: read it back and scan it.
        let cells = (0..<buffer.height).flatMap { row in (0..<buffer.width).map { (row, $0) } }
            .filter { buffer[$0.0, $0.1].attributes.role == .code }
        let rows = Set(cells.map(\.0)).sorted()
        let columns = Set(cells.map(\.1)).sorted()
        let size = try QRCode(encoding: Self.login.verificationURIComplete).size + 8
        #expect(columns.count == size)
        #expect(rows.count == (size + 1) / 2)
        let lines = rows.map { row in String(columns.map { Character(buffer[row, $0].text) }) }
        let bitmap = try #require(Bitmap(halfBlockLines: lines))
        #expect(try ZBar.scan(bitmap) == Self.login.verificationURIComplete)
    }

    @Test func aNarrowWindowSpacesTheCodeOutAndAShortOneLeavesTheQRCodeOut() {
        var model = Sample.model(width: 80, height: 24)
        let start = started(&model)
        _ = update(&model, .deviceLogin(.started(Self.login), for: start))
        #expect(model.screen.line(containing: "W D J B - M J H T") != nil)
        #expect(model.screen.line(containing: "or scan the QR code") != nil)

        model.size = TerminalSize(width: 80, height: 18)
        #expect(model.screen.line(containing: "(A larger window shows a QR code.)") != nil)
        #expect(model.screen.line(containing: "http://127.0.0.1:8080/device") != nil)
        #expect(model.screen.line(containing: "█   █ █▀▀▀▄ ") != nil, "without the QR code the letters fit")
        #expect(model.screen.line(containing: "Expires in 10:00") != nil)
        #expect(model.screen.line(containing: "approve on the other device · Esc cancel") != nil)
    }

    @Test func pendingPollsAgainAndSlowDownPollsLessOften() {
        var model = Sample.model()
        let start = started(&model)
        let poll = update(&model, .deviceLogin(.started(Self.login), for: start))[0]
        #expect(update(&model, .deviceLogin(.pending, for: poll)) == [poll])
        var slower = Self.login
        slower.interval = 10
        #expect(update(&model, .deviceLogin(.slowDown(interval: 10), for: poll)) == [.loginForm(.pollDeviceLogin(slower))])
        #expect(model.form?.device?.interval == 10)
        // Keys stay live but type nothing into the form behind the codes.
        #expect(model.press(.char("x"), .tab, .char(" ")).isEmpty)
        #expect(model.form?.device == slower)
    }

    @Test func approvalClosesTheFormAndSelectsTheUser() throws {
        var model = Sample.model()
        let start = started(&model)
        let poll = update(&model, .deviceLogin(.started(Self.login), for: start))[0]
        let emma = try #require(model.list.users.last)
        let effects = update(&model, .deviceLogin(.approved(userId: emma.id, message: "Logged in \(emma.displayName)"), for: poll))
        #expect(effects == [.reload])
        #expect(model.mode == .list)
        #expect(model.status?.text == "Logged in \(emma.displayName)")
        #expect(model.list.selectedUser?.id == emma.id)
    }

    @Test func escCancelsAndALateResultForTheCancelledLogInChangesNothing() {
        var model = Sample.model()
        let start = started(&model)
        let poll = update(&model, .deviceLogin(.started(Self.login), for: start))[0]
        #expect(model.press(.escape).isEmpty)
        #expect(model.mode == .list)
        #expect(model.status?.text == "Log-in cancelled")
        let before = model
        #expect(update(&model, .deviceLogin(.pending, for: poll)).isEmpty)
        #expect(update(&model, .deviceLogin(.approved(userId: "someone", message: "Logged in someone"), for: poll)).isEmpty)
        #expect(update(&model, .deviceLogin(.started(Self.login), for: start)).isEmpty)
        #expect(model == before)

        // A new log-in on another device does not listen to the old one's results either.
        let again = started(&model)
        #expect(update(&model, .deviceLogin(.denied, for: poll)).isEmpty)
        #expect(model.form?.sent == again)
    }

    @Test(arguments: [
        (DeviceLoginProgress.denied, "The log-in was denied on the other device; Enter asks for a new code"),
        (.expired, "The code expired before anyone approved it; Enter asks for a new one"),
        (.failed("cannot reach the server"), "cannot reach the server"),
    ])
    func deniedExpiredOrFailedLeavesTheFormToStartAgain(progress: DeviceLoginProgress, words: String) {
        var model = Sample.model()
        let start = started(&model)
        let poll = update(&model, .deviceLogin(.started(Self.login), for: start))[0]
        #expect(update(&model, .deviceLogin(progress, for: poll)).isEmpty)
        #expect(model.form?.device == nil)
        #expect(model.form?.sent == nil)
        #expect(model.status == StatusMessage(words, isError: true))
        #expect(model.press(.enter) == [.loginForm(.startDeviceLogin(linking: nil))])
    }

    /// On a server no phone can reach (the embedded default), "on another device" says why in
    /// one line and starts nothing, rather than showing a page nobody can open.
    @Test func aServerNoPhoneCanReachSaysWhyAndStartsNothing() throws {
        var model = Sample.model()
        model.deviceLoginUnavailable = "logging in on another device needs a server a phone can reach"
        model.press(.char("n"), .backTab)
        let digit = try #require(model.form?.digit(of: .otherDevice))
        model.type("\(digit)")
        #expect(model.form?.provider == .otherDevice)
        #expect(model.press(.enter).isEmpty)
        #expect(model.status == StatusMessage("Logging in on another device needs a server a phone can reach", isError: true))
        #expect(model.form?.sent == nil && model.form?.device == nil)
    }

    @Test func linkingOffersAnotherDeviceForTheSelectedUser() throws {
        var model = Sample.model()
        let joe = try #require(model.list.selectedUser)
        model.press(.char("l"), .backTab)
        // Digits number what the log-in form offers; the link form keeps them (anonymous's 1 is unused).
        let digit = try #require(model.form?.digit(of: .otherDevice))
        model.type("\(digit)")
        #expect(model.press(.enter) == [.loginForm(.startDeviceLogin(linking: joe.id))])
        let start = Effect.loginForm(.startDeviceLogin(linking: joe.id))
        var link = Self.login
        link = DeviceLogin(
            userCode: link.userCode, verificationURI: link.verificationURI, verificationURIComplete: link.verificationURIComplete,
            expiresAt: link.expiresAt, interval: link.interval, linkingUserId: joe.id, deviceCode: "another-device-code")
        _ = update(&model, .deviceLogin(.started(link), for: start))
        #expect(model.screen.line(containing: "Link a log-in on another device to \(joe.displayName)") != nil)
    }

    /// An approval under `pin`, as the core reports it before anything is stored.
    static func approval(returning name: String?) -> DeviceApproval {
        DeviceApproval(
            userId: "emma-id", returningName: name,
            answer: LoginResponse(accessToken: "access", refreshToken: "refresh", userId: "emma-id", deviceId: "device"),
            provider: .emailPassword)
    }

    /// Under `pin`, on another device: no PIN before anyone signed in, and once the phone
    /// approves, the form asks the new person to choose one (BEHAVIOURS 44).
    @Test func underThePINPolicyTheFormAsksForAPINOnlyOnceThePhoneApproved() {
        var model = Sample.model()
        model.policy = DevicePolicy(switching: .pin, lockAfter: 300)
        model.press(.char("n"), .backTab)
        model.type("\(model.form?.choices.count ?? 0)")
        #expect(model.form?.provider == .otherDevice)
        #expect(model.form?.fields == [.provider])
        #expect(model.screen.line(containing: "New PIN") == nil)
        let start = model.press(.enter)
        #expect(start == [.loginForm(.startDeviceLogin(linking: nil))])
        let poll = update(&model, .deviceLogin(.started(Self.login), for: start[0]))[0]

        let approval = Self.approval(returning: nil)
        #expect(update(&model, .deviceLogin(.pinNeeded(approval), for: poll)).isEmpty)
        #expect(model.form?.device == nil && model.form?.sent == nil)
        #expect(model.form?.fields == [.pin, .pinAgain])
        #expect(model.form?.focus == .pin)
        #expect(model.status?.text == "Approved: choose a PIN for this terminal")
        let screen = model.screen
        #expect(screen.line(containing: "Approved on another device") != nil, "\(screen.joined(separator: "\n"))")
        #expect(screen.line(containing: "New PIN") != nil && screen.line(containing: "PIN again") != nil)
        #expect(screen.line(containing: "Choose a PIN: it unlocks this user on this terminal.") != nil)

        // Too short, then not the same twice: refused here, nothing sent.
        model.type("12")
        #expect(model.press(.enter).isEmpty)
        #expect(model.form?.errors[.pin] != nil)
        model.press(.backspace, .backspace)
        model.type("2468")
        model.press(.tab)
        model.type("2469")
        #expect(model.press(.enter).isEmpty)
        #expect(model.form?.errors[.pinAgain] == "not the same PIN")
        model.press(.backspace)
        model.type("8")
        let finish = Effect.loginForm(.finishDeviceLogin(approval, pin: Secret("2468")))
        #expect(model.press(.enter) == [finish])
        #expect(model.form?.sent == finish)

        // A refusal leaves the approval for another try; success closes the form.
        _ = update(&model, .operationFailed("cannot reach the server", for: finish))
        #expect(model.form?.approval == approval && model.form?.sent == nil)
        #expect(model.press(.enter) == [finish])
        _ = update(&model, .operationFinished("Logged in emma@example.com", for: finish))
        #expect(model.mode == .list)
    }

    /// Someone logged in here with a PIN already types that PIN, once; Esc ends the approval.
    @Test func aReturningUserTypesTheirOwnPINAndEscEndsTheApproval() {
        var model = Sample.model()
        model.policy = DevicePolicy(switching: .pin, lockAfter: 300)
        model.press(.char("n"), .backTab)
        model.type("\(model.form?.choices.count ?? 0)")
        let start = model.press(.enter)
        let poll = update(&model, .deviceLogin(.started(Self.login), for: start[0]))[0]
        let approval = Self.approval(returning: "emma@example.com")
        _ = update(&model, .deviceLogin(.pinNeeded(approval), for: poll))
        #expect(model.form?.fields == [.pin])
        #expect(model.status?.text == "Approved as emma@example.com: type their PIN on this terminal")
        let screen = model.screen
        #expect(screen.line(containing: "Approved on another device as emma@example.com") != nil)
        #expect(screen.line(containing: "Your PIN") != nil && screen.line(containing: "PIN again") == nil)
        model.type("1357")
        #expect(model.press(.enter) == [.loginForm(.finishDeviceLogin(approval, pin: Secret("1357")))])
        _ = update(&model, .operationFailed("wrong PIN for emma@example.com", for: .loginForm(.finishDeviceLogin(approval, pin: Secret("1357")))))

        #expect(model.press(.escape) == [.loginForm(.cancelDeviceLogin(approval))])
        #expect(model.mode == .list)
        #expect(model.status?.text == "Log-in cancelled")
    }

    /// Approved after Esc closed the form: nobody will type its PIN, so its session is ended.
    @Test func anApprovalForAFormGoneSinceIsEnded() {
        var model = Sample.model()
        model.policy = DevicePolicy(switching: .pin, lockAfter: 300)
        model.press(.char("n"), .backTab)
        model.type("\(model.form?.choices.count ?? 0)")
        let start = model.press(.enter)
        let poll = update(&model, .deviceLogin(.started(Self.login), for: start[0]))[0]
        model.press(.escape)
        let approval = Self.approval(returning: nil)
        #expect(update(&model, .deviceLogin(.pinNeeded(approval), for: poll)) == [.loginForm(.cancelDeviceLogin(approval))])
        #expect(model.mode == .list)
        // A new form that did not send it ends it too, and stays as it was.
        model.press(.char("n"))
        let form = model.form
        #expect(update(&model, .deviceLogin(.pinNeeded(approval), for: poll)) == [.loginForm(.cancelDeviceLogin(approval))])
        #expect(model.form == form)
    }
}

/// zbarimg, reading a picture of dots written as a PBM image.
enum ZBar {
    static func scan(_ bitmap: Bitmap) throws -> String {
        let scale = 4
        var text = "P1\n\(bitmap.width * scale) \(bitmap.height * scale)\n"
        for row in 0..<bitmap.height * scale {
            text += (0..<bitmap.width * scale).map { bitmap[row / scale, $0 / scale] ? "1" : "0" }.joined(separator: " ") + "\n"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roster-tui-qr-\(UUID().uuidString).pbm")
        try text.write(to: file, atomically: true, encoding: .ascii)
        defer { try? FileManager.default.removeItem(at: file) }
        return try ToolRun.run(URL(fileURLWithPath: "/usr/bin/zbarimg"), ["--quiet", "--raw", file.path], errorsDiscarded: true).output
            .trimmingCharacters(in: .newlines)
    }
}
