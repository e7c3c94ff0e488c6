import Foundation

/// What a browser sign-in is for: what happens once the provider has said who the person is.
/// It is kept with the sign-in (as JSON) and comes back with the provider's redirect, so every
/// case carries what its ending needs. A new use of browser sign-in adds a case here and its
/// ending in `WebSignInRoutes.finish`, which has the app, the provider and who the provider says
/// signed in (`WebSignInService.identify`): `LoginService.user(app:provider:outcome:)` gives the
/// user that identity belongs to without opening a session; `logIn` and `link` end as the
/// provider log-ins do.
package enum WebSignInPurpose: Codable, Sendable, Equatable {
    /// App Services' web OAuth flow (`GET …/auth/providers/oauth2-…/login?redirect=…&state=…`):
    /// log the person in and send them to the client's `redirectURL` with the tokens, or the
    /// error, in the fragment (`AppServicesRedirect`), and the client's own `clientState`; the
    /// session is for the device the client named as it started (`RedirectDevice`), if any.
    case appServicesRedirect(redirectURL: String, clientState: String, deviceId: String? = nil)
    /// A sign-in started on the device approval page (`DevicePageSignIn`): the callback keeps
    /// who signed in (or why not) for that page, and sends the browser back to it.
    case deviceApproval(DevicePageSignIn)

    package var json: String {
        (try? String(decoding: JSONEncoder().encode(self), as: UTF8.self)) ?? "{}"
    }

    package init?(json: String) {
        guard let purpose = try? JSONDecoder().decode(Self.self, from: Data(json.utf8)) else { return nil }
        self = purpose
    }
}
