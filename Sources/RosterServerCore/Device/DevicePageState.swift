import Foundation
import JWTKit
import RosterWire

/// What the approval page remembers between its forms, in its cookie (HttpOnly, SameSite=Strict)
/// signed with the server's token key, so that any server process over the store can carry on:
/// the CSRF token its forms must repeat, the device authorization whose code was typed, and
/// who signed in. Never a password or a token.
package struct DevicePageState: JWTPayload, Equatable {
    /// Marks the token as page state, so no other token of the server reads as one.
    package var typ: String = Self.type
    package var exp: Int64
    /// The token every form of the page repeats (`csrf`), compared in constant time.
    package var csrf: String
    /// The device authorization whose code was typed here.
    package var authorizationId: String?
    /// Who signed in on the page, once someone has.
    package var signIn: DeviceSignIn?

    package static let type = "device-page"

    package func verify(using algorithm: some JWTAlgorithm) async throws {}

    package init(typ: String = Self.type, exp: Int64, csrf: String, authorizationId: String? = nil, signIn: DeviceSignIn? = nil) {
        self.typ = typ
        self.exp = exp
        self.csrf = csrf
        self.authorizationId = authorizationId
        self.signIn = signIn
    }
}

/// A person authenticated on the approval page: the provider (wire name), the identity's id
/// at that provider, and what the provider says about them (`email`, `name`, …). Every sign-in
/// the page offers ends here, to be approved: email/password on the page, Google, Apple and
/// Facebook when their browser sign-in comes back (`DevicePageSignIn`).
package struct DeviceSignIn: Codable, Sendable, Equatable {
    package var provider: String
    package var providerId: String
    package var profile: JSONObject

    /// The browser sign-in this came through (Google, Apple, Facebook), if it did.
    package var browserProvider: ProviderType? {
        ProviderType(rawValue: provider).flatMap { WebSignInService.providers.contains($0) ? $0 : nil }
    }

    /// What the page shows for who signed in: the email, else the name, else the provider.
    package var shownName: String {
        if case .string(let email)? = profile["email"] { return email }
        if case .string(let name)? = profile["name"] { return name }
        return provider
    }

    package init(provider: String, providerId: String, profile: JSONObject) {
        self.provider = provider
        self.providerId = providerId
        self.profile = profile
    }
}
