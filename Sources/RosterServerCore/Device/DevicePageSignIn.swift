import Foundation
import RosterWire

/// A browser sign-in (Google, Apple, Facebook) started on the device approval page. It names
/// the device authorization the page was on and is bound to the page's CSRF token (by digest),
/// so that only the browser whose page started it can use what the provider answers.
///
/// The provider sends the person back to the server's callback, which cannot read the page's
/// cookie: there it is taken, the provider's answer checked, and the outcome (`signIn` or
/// `refusal`) kept once more, as a sign-in of its own under `returnKey(state)`. The callback then
/// sends the browser to `/device?signin=STATE`, where the page takes that outcome, once, and
/// only with the cookie of the page that started it. No URL carries more than the state.
package struct DevicePageSignIn: Codable, Sendable, Equatable {
    package var authorizationId: String
    /// `SecretDigest.hex(of: csrf)` of the page that started the sign-in.
    package var pageBinding: String
    /// Who the provider says signed in, once it has.
    package var signIn: DeviceSignIn? = nil
    /// Why the provider's answer signed nobody in, in words for the page.
    package var refusal: String? = nil

    /// Whether the provider has answered (the kept outcome, not the started sign-in).
    package var isOutcome: Bool { signIn != nil || refusal != nil }

    /// The query field of `/device` that brings the browser back with the sign-in's state.
    package static let queryField = "signin"
    /// How long the outcome waits for the browser to come back to the page.
    package static let returnSeconds: TimeInterval = 300

    /// The state under which the outcome of the sign-in with `state` is kept: never the same
    /// digest as a state the provider sends back.
    package static func returnKey(_ state: String) -> String { "device-page-return " + state }

    /// Whether `csrf` is the token of the page that started this sign-in.
    package func isBound(to csrf: String) -> Bool {
        ConstantTime.equals(pageBinding.utf8, SecretDigest.hex(of: csrf).utf8)
    }

    package init(authorizationId: String, pageBinding: String, signIn: DeviceSignIn? = nil, refusal: String? = nil) {
        self.authorizationId = authorizationId
        self.pageBinding = pageBinding
        self.signIn = signIn
        self.refusal = refusal
    }
}
