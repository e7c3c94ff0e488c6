import RosterCore

/// What the device's policy means, in words, for the help screen.
enum PolicyWords {
    static func help(_ policy: DevicePolicy) -> String {
        let switching = switch policy.switching {
        case .open:
            "Policy open (the default): anyone at this terminal may make any logged-in user active, without a PIN. "
                + "Sessions are sealed with the device key, which protects copies of the store, not this terminal. "
                + "roster policy pin asks each user for a PIN."
        case .pin:
            "Policy pin: switching to a user, or acting as them, asks for their PIN. Their session is sealed with it; "
                + "after 3 wrong PINs each try waits longer, after 10 the user is logged out here."
        case .password:
            "Policy password: switching to an email user asks for their password (others a PIN); their session is "
                + "sealed with it."
        }
        guard let after = policy.lockAfter else { return switching + " Idle lock: off." }
        let action = policy.onIdle == .lock ? "hides the active user until their PIN is given" : "leaves nobody active"
        return switching + " Idle lock: after \(RelativeTime.span(after)) without a key, Roster \(action). h shows the history."
    }
}
