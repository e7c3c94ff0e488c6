import ArgumentParser
import Foundation
import RosterCore

/// `--admin`, for subcommands that act for somebody else: the device's admin PIN is asked for
/// (or read as `--pin-stdin` says) instead of each user's PIN (BEHAVIOURS 54).
struct AdminPINOption: ParsableArguments {
    @Flag(name: .customLong("admin"), help: "Give the device's admin PIN instead of the user's PIN.")
    var admin = false

    /// The admin PIN's grant for `what` when `--admin` was given, nil otherwise.
    func grantIfAsked(_ app: App, for what: String, pins: PINOptions) async throws -> AdminGrant? {
        guard admin else { return nil }
        return try await Self.grant(app, for: what, pins: pins)
    }

    /// Asks for the admin PIN (the next line of stdin with `--pin-stdin`) and checks it for
    /// `what`: a wrong one is one line, and counted.
    static func grant(_ app: App, for what: String, pins: PINOptions, prompt: String = "Admin PIN: ") async throws -> AdminGrant {
        guard try CommandFailure.wording({ try app.hasAdminPIN() }) else {
            throw CommandFailure(RosterError.adminPINNeeded(what, isSet: false))
        }
        let pin = try SecretInput.read(prompt, fromStdin: pins.pinStdin, missing: "no admin PIN given", what: "the admin PIN", flag: "--pin-stdin")
        return try await CommandFailure.wording { try await app.checkAdminPIN(pin, for: what) }
    }
}
