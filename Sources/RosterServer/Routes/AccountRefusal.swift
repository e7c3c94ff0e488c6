import RosterServerCore
import RosterWire

/// Which refusals of the email/password account routes the audit trail keeps, so that the app's
/// log an error's `link` points at shows them: every refused registration (the name in use, an
/// email or password not valid, a body not understood, the registration function's no), and a
/// confirmation or password reset whose token is not valid or has expired. Each is counted
/// against the route's limit before it is written (`AccountRouteLimits`: every registration per
/// client address, every wrong token per client address), so the entries are bounded by those
/// limits. The entry's detail is the refusal's `error_code`, never what the client sent.
///
///     AccountRefusal.event(route: .register, ErrorResponse(.accountNameInUse, "name already in use"))   // .registerRefused
enum AccountRefusal {
    static func event(route: Route.EmailPassword, _ refusal: ErrorResponse) -> AuditEntry.Event? {
        switch route {
        case .register: .registerRefused
        case .confirm: AccountRouteLimits.isWrongToken(refusal) ? .confirmRefused : nil
        case .reset: AccountRouteLimits.isWrongToken(refusal) ? .resetRefused : nil
        case .confirmSend, .confirmCall, .resetSend, .resetCall: nil
        }
    }
}
