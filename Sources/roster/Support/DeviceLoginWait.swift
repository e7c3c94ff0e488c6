import Foundation
import RosterCore
#if canImport(Glibc)
import Glibc
#endif
import RosterQR

/// `--device` on `roster login` and `roster link`: shows the URL and user code of a log-in
/// approved on another device, then polls the server at its interval until the log-in is
/// approved, denied or expired. On a terminal it also draws the code in large letters and a QR
/// code of the URL, counts down, and Esc or Ctrl-C cancels; otherwise (output piped) it prints
/// only the URL and code lines, for a script to pass on.
struct DeviceLoginWait {
    let app: App
    var login: DeviceLogin
    let pin: String?
    var onTerminal = isatty(STDOUT_FILENO) == 1
    var environment = ProcessInfo.processInfo.environment

    /// Shows the log-in and waits for it; the user approved (or, asked without the PIN a policy
    /// needs, the approval waiting for it), or a failure in words.
    mutating func run() async throws -> Approved {
        if onTerminal { showOnTerminal() } else { showPlain() }
        let keys = onTerminal ? CancelKeys.open() : nil
        defer { keys?.close() }
        let app = app
        let pin = pin
        let start = login
        let onTerminal = onTerminal
        let outcome: Outcome = try await withThrowingTaskGroup(of: Outcome.self) { group in
            group.addTask { try await Self.poll(app: app, login: start, pin: pin) }
            if let keys { group.addTask { await keys.waitForCancel() } }
            if onTerminal { group.addTask { await Self.countDown(to: start.expiresAt) } }
            defer { group.cancelAll() }
            return try await group.next() ?? .cancelled
        }
        if onTerminal { Self.write("\r\u{1B}[K") }
        switch outcome {
        case .approved(let user): return .user(user)
        case .pinNeeded(let approval): return .pinNeeded(approval)
        case .cancelled: throw CommandFailure("log-in on another device cancelled")
        case .denied: throw CommandFailure("the log-in was denied on the other device")
        case .expired: throw CommandFailure("the code expired before anyone approved it; run the command again for a new one")
        }
    }

    enum Outcome: Sendable {
        case approved(User), pinNeeded(DeviceApproval), cancelled, denied, expired
    }

    /// What an approval gives: the user, or the approval that waits for the PIN.
    enum Approved {
        case user(User), pinNeeded(DeviceApproval)
    }

    /// Polls at the server's interval (longer after each `slow_down`) until the log-in ends.
    private static func poll(app: App, login: DeviceLogin, pin: String?) async throws -> Outcome {
        var login = login
        while true {
            try await Task.sleep(nanoseconds: UInt64(max(0, login.interval) * 1_000_000_000))
            switch try await app.pollDeviceLogin(login, pin: pin) {
            case .pending: continue
            case .slowDown(let interval): login.interval = interval
            case .approved(let user): return .approved(user)
            case .pinNeeded(let approval): return .pinNeeded(approval)
            case .denied: return .denied
            case .expired: return .expired
            }
        }
    }

    /// Rewrites the last line each second with the time left; never ends by itself.
    private static func countDown(to expiry: Date) async -> Outcome {
        while !Task.isCancelled {
            let left = max(0, Int(expiry.timeIntervalSinceNow.rounded(.up)))
            let clock = "\(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60)"
            write("\r\u{1B}[KExpires in \(clock) · waiting for approval · Esc or Ctrl-C cancels")
            try? await Task.sleep(nanoseconds: 1_000_000_000)
        }
        return .cancelled
    }

    private func showPlain() {
        Self.write("Open \(login.verificationURI)\nCode \(login.userCode)\n")
    }

    private func showOnTerminal() {
        var text = login.linkingUserId == nil ? "Log in on another device.\n\n" : "Link a log-in on another device.\n\n"
        text += "On your phone or another computer, open\n  \u{1B}[1m\(login.verificationURI)\u{1B}[0m\nand enter the code\n\n"
        if let letters = LargeLetters.picture(of: login.userCode) {
            for line in letters.halfBlockLines { text += "  \u{1B}[1m\(line)\u{1B}[0m\n" }
            text += "\n"
        }
        text += "  \u{1B}[1m\(login.userCode)\u{1B}[0m\n\n"
        if let code = try? QRCode(encoding: login.verificationURIComplete) {
            text += "or scan the QR code:\n\n"
            // Dark on light whatever the terminal's colours: black on white, or without colours
            // (NO_COLOR) reverse video, dark ink on the light of most terminals' text.
            let paint = environment["NO_COLOR"].map { !$0.isEmpty } == true ? "\u{1B}[7m" : "\u{1B}[30;47m"
            for line in code.picture().halfBlockLines { text += "  \(paint)\(line)\u{1B}[0m\n" }
            text += "\n"
        }
        Self.write(text)
    }

    /// Writes at once: piped standard output is buffered, and a script waits on these lines.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
