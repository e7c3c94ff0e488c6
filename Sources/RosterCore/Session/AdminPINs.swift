import Foundation
import Logging

/// The device's admin PIN (BEHAVIOURS 54): set once, changed only with itself, checked with
/// each try counted in the store like a user's PIN (three free, then waits that double; it is
/// never locked out for good, since nothing then could leave a kiosk). A right one gives an
/// `AdminGrant`, which is what leaving a kiosk, changing its policy, or logging out or removing
/// somebody else without their PIN takes.
///
///     let grant = try await adminPINs.check("97531", for: "logging out Joe")
///     try await logOutFlow.logOut(joe, admin: grant)
struct AdminPINs: SessionCollaborator {
    let environment: SessionEnvironment
    let sealer: SessionSealer
    let cost: SecretKeyDerivation

    /// The user id the admin PIN's key is derived for: no user has it.
    static let keyOwner = "roster-admin"

    func isSet() throws -> Bool {
        try store.adminPIN() != nil
    }

    /// Sets the admin PIN; changing one already set takes a grant of it (`check`).
    func set(_ pin: String, grant: AdminGrant?) async throws {
        if let problem = PINRule.problem(with: pin) { throw RosterError.invalidRequest("the admin PIN: \(problem)") }
        let current = try store.adminPIN()
        if current != nil, grant == nil { throw RosterError.adminPINNeeded("changing the admin PIN", isSet: true) }
        let salt = sealer.newSalt()
        let key = try await SessionKeys.offThePool { [sealer, cost] in try sealer.secretKey(pin, salt: salt, cost: cost, userId: Self.keyOwner) }
        try store.setAdminPIN(AdminPINRecord(key: key, salt: salt, cost: cost), replacing: current)
        history.record(.adminPINSet)
    }

    /// Checks the admin PIN given for `what` ("leaving the kiosk"), the try counted before the
    /// key is derived; history keeps what it was given for.
    func check(_ pin: String, for what: String) async throws -> AdminGrant {
        let now = clock.now()
        switch try store.beginAdminPINTry(at: now, delay: { WrongSecretLimits.delay(after: $0) }) {
        case .gone: throw RosterError.adminPINNeeded(what, isSet: false)
        case .waiting(let until):
            throw RosterError.secretDelayed(user: "the admin", secret: .pin, seconds: Int(until.timeIntervalSince(now).rounded(.up)))
        case .counted(let count):
            guard let record = try store.adminPIN() else { throw RosterError.adminPINNeeded(what, isSet: false) }
            let key = try await SessionKeys.offThePool { [sealer] in
                try sealer.secretKey(pin, salt: record.salt, cost: record.cost, userId: Self.keyOwner)
            }
            guard record.matches(key) else {
                history.record(.wrongAdminPIN)
                logger.notice("wrong admin PIN", metadata: ["count": "\(count)"])
                throw RosterError.wrongAdminPIN(secondsBeforeNextTry: WrongSecretLimits.delay(after: count).map { Int($0.rounded(.up)) })
            }
            try store.clearAdminPINTries()
            history.record(.adminPINUsed, name: what)
            return AdminGrant(at: now)
        }
    }
}
