import ArgumentParser
import Foundation
import RosterCore

/// `roster policy [open|pin|password]`: who may make a logged-in user active on this device, and
/// the idle lock. Without arguments, prints them.
struct PolicyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Show or set the switching policy (open, pin, password) and the idle lock.",
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
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Argument(help: ArgumentHelp("open, pin or password.", valueName: "policy"))
    var switching: String?

    @Option(help: ArgumentHelp("Lock the switcher after this long without a key: 90s, 5m, 1h, or off.", valueName: "duration"))
    var lockAfter: String?

    @Option(help: ArgumentHelp("On idle: lock (hide the active user until their PIN), or logout-to-nobody (kiosk).", valueName: "action"))
    var onIdle: String?

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
    }

    func run() async throws {
        let app = try await connection.openApp()
        let current = try CommandFailure.wording { try app.policy() }
        guard switching != nil || lockAfter != nil || onIdle != nil else {
            print(Self.describe(current))
            return
        }
        var next = current
        if let switching { next.switching = SwitchingPolicy(rawValue: switching) ?? current.switching }
        if let lockAfter { next.lockAfter = try IdleTime.parse(lockAfter) }
        if let onIdle { next.onIdle = IdleAction(rawValue: onIdle) ?? current.onIdle }
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
        let loggedOut = try await CommandFailure.wording { try await app.setPolicy(next, pins: given) }
        print(Self.describe(next))
        if !loggedOut.isEmpty { print("Logged out (no PIN given): \(loggedOut.joined(separator: ", ")).") }
    }

    static func describe(_ policy: DevicePolicy) -> String {
        let idle = policy.lockAfter.map { "after \(IdleTime.text($0)) without a key, \(policy.onIdle == .lock ? "lock" : "return to nobody active")" } ?? "off"
        return "policy: \(policy.switching.rawValue); idle lock: \(idle)"
    }
}
