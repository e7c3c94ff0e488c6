import ArgumentParser
import Foundation
import RosterCore
import RosterWire

/// `roster policy [open|pin|password]`: who may make a logged-in user active on this device, the
/// idle lock, kiosk mode and the admin PIN. Without arguments, prints them.
struct PolicyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Show or set the switching policy (open, pin, password), the idle lock, kiosk mode and the admin PIN.",
        discussion: """
            open (the default): anyone at the terminal may make any logged-in user active, as the \
            SDKs do; sessions are sealed with the device key, which protects copies of the store, \
            not the terminal. pin: each user chooses a PIN of at least 4 digits; their session is \
            sealed with it, and switching to them or acting as them asks for it. password: email \
            users give their password, others a PIN.
            Tightening from open asks each logged-in user for a new PIN (an empty one logs that \
            user out; one that breaks the rule is asked for again). Going back to open asks for the \
            PIN of every user it would expose; the idle lock's time and action need none. With \
            --pin-stdin, one line per logged-in user, in the order `roster users` lists them.
            --kiosk on makes `roster ui` the only thing on the terminal: q, Ctrl-C, Ctrl-Z and \
            Ctrl-\\ do not leave it, and leaving it, changing the policy, or logging out or \
            removing somebody without their PIN takes the admin PIN. --admin-pin sets it (at least \
            4 digits), or changes it after asking for the current one; a kiosk needs one set first. \
            With --pin-stdin, the current admin PIN comes first (when one is asked for), then the new \
            admin PIN, then the users' PINs. --unlock server makes each PIN's key need a half that \
            only the server holds, given only to a right PIN and erased after 10 wrong ones, so a \
            copy of the device folder cannot be guessed offline; it is the default with --server. \
            --unlock device (the default on the embedded server) checks PINs on the device alone. \
            It applies to PINs chosen from then on (a log-in, `roster pin`).
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Argument(help: ArgumentHelp("open, pin or password.", valueName: "policy"), completion: .list(SwitchingPolicy.allCases.map(\.rawValue)))
    var switching: String?

    @Option(help: ArgumentHelp("Lock the switcher after this long without a key: 90s, 5m, 1h, or off.", valueName: "duration"),
        completion: .list(["off", "90s", "5m", "15m", "1h"]))
    var lockAfter: String?

    @Option(help: ArgumentHelp("On idle: lock (hide the active user until their PIN), or logout-to-nobody (kiosk).", valueName: "action"),
        completion: .list(IdleAction.allCases.map(\.rawValue)))
    var onIdle: String?

    @Option(help: ArgumentHelp("Kiosk mode: on (the switcher cannot be left without the admin PIN) or off.", valueName: "on|off"), completion: .list(["on", "off"]))
    var kiosk: String?

    @Option(help: ArgumentHelp(
        "Where PINs are checked: server (a copied device cannot be guessed offline; the default with --server) or device (the default on the embedded server).",
        valueName: "server|device"),
        completion: .list(UnlockMode.allCases.map(\.rawValue)))
    var unlock: String?

    @Flag(name: .customLong("admin-pin"), help: "Set the device's admin PIN, or change it (the current one is asked for first).")
    var setAdminPIN = false

    func validate() throws {
        if let switching, SwitchingPolicy(rawValue: switching) == nil {
            throw ValidationError("the policy is open, pin or password, not '\(switching)'")
        }
        if let onIdle, IdleAction(rawValue: onIdle) == nil {
            throw ValidationError("--on-idle is lock or logout-to-nobody, not '\(onIdle)'")
        }
        if let lockAfter {
            do { _ = try IdleTime.parse(lockAfter) } catch { throw ValidationError(CommandFailure(error).message) }
        }
        if let kiosk, !["on", "off"].contains(kiosk) {
            throw ValidationError("--kiosk is on or off, not '\(kiosk)'")
        }
        if let unlock, UnlockMode(rawValue: unlock) == nil {
            throw ValidationError("--unlock is server or device, not '\(unlock)'")
        }
    }

    func run() async throws {
        let app = try await connection.openApp()
        let current = try CommandFailure.wording { try app.policy() }
        guard switching != nil || lockAfter != nil || onIdle != nil || kiosk != nil || unlock != nil || setAdminPIN else {
            print(Self.describe(current))
            return
        }
        var next = current
        if let switching { next.switching = SwitchingPolicy(rawValue: switching) ?? current.switching }
        if let lockAfter { next.lockAfter = try IdleTime.parse(lockAfter) }
        if let onIdle { next.onIdle = IdleAction(rawValue: onIdle) ?? current.onIdle }
        if let kiosk { next.kiosk = kiosk == "on" }
        if let unlock {
            next.unlock = UnlockMode(rawValue: unlock) ?? current.unlock
        } else if !current.needsSecret, next.needsSecret {
            // PINs chosen now are checked with a remote server, whose store is out of this
            // account's reach; the embedded server's files sit beside the device's and add nothing.
            next.unlock = connection.usesEmbeddedServer() ? .device : .server
        }
        // One admin PIN asked for once: to change the admin PIN, and a kiosk's policy.
        var grant: AdminGrant?
        let hasAdminPIN = try CommandFailure.wording { try app.hasAdminPIN() }
        if (setAdminPIN && hasAdminPIN) || current.needsAdminPIN(toBecome: next) {
            let changing = setAdminPIN && hasAdminPIN
            grant = try await AdminPINOption.grant(
                app, for: changing ? "changing the admin PIN" : "changing a kiosk's policy", pins: pins,
                prompt: changing ? "Current admin PIN: " : "Admin PIN: ")
        }
        if setAdminPIN {
            let pin = try pins.newPIN("New admin PIN (at least \(PINRule.minimumDigits) digits): ")
            try await CommandFailure.wording { try await app.setAdminPIN(pin, admin: grant) }
            print("The admin PIN is \(hasAdminPIN ? "changed" : "set").")
            guard next != current else { return }
        }
        let loggedIn = app.allUsers.filter { $0.state == .loggedIn }
        var given: [String: String] = [:]
        if current.isLoosened(by: next) {
            for user in loggedIn where user.isLocked {
                given[user.id] = try pins.secret(for: user, kind: user.secretKind ?? .pin)
            }
        }
        if !current.needsSecret && next.needsSecret {
            for user in loggedIn {
                let pin = try pins.newPIN("New PIN for \(user.displayName) (empty logs them out): ", allowEmpty: true)
                if !pin.isEmpty { given[user.id] = pin }
            }
        }
        let loggedOut = try await CommandFailure.wording { try await app.setPolicy(next, pins: given, admin: grant) }
        print(Self.describe(next))
        if !loggedOut.isEmpty { print("Logged out (no PIN given): \(TerminalText.printable(loggedOut.joined(separator: ", "))).") }
    }

    static func describe(_ policy: DevicePolicy) -> String {
        let idle = policy.lockAfter.map { "after \(IdleTime.text($0)) without a key, \(policy.onIdle == .lock ? "lock" : "return to nobody active")" } ?? "off"
        let unlock = policy.needsSecret && policy.unlock == .server ? "; PINs checked with the server" : ""
        return "policy: \(policy.switching.rawValue); idle lock: \(idle)" + (policy.kiosk ? "; kiosk: on" : "") + unlock
    }
}
