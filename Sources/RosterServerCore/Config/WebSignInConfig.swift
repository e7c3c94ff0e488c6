import Foundation

/// Browser sign-in with Google, Apple and Facebook (`GET …/auth/providers/oauth2-…/login`):
/// where a finished sign-in may send the person, and how long a started one stays good.
///
///     "webSignIn": {
///         "allowedRedirectURLs": ["https://app.example.com/handleOAuthLogin"],
///         "callbackURL": "https://roster.example.com/api/client/v2.0/auth/callback"
///     }
///
/// A redirect URL must be one of `allowedRedirectURLs` exactly (no fragment); any other is
/// refused, so the server never sends a person, or their tokens, somewhere the app did not name.
/// `callbackURL` is the address providers send the person back to, as registered with them; by
/// default this server's own `…/auth/callback` as the request reached it.
public struct WebSignInConfig: Codable, Sendable, Equatable {
    public var allowedRedirectURLs: [String]
    public var callbackURL: String?
    /// How long a started sign-in may take, 600 seconds by default.
    public var lifetimeSeconds: Int
    /// How many sign-ins one client address may start in an hour (each is kept until it
    /// expires), 300 by default; past it, 429 with `Retry-After`.
    public var startsPerAddressPerHour: Int

    public init(
        allowedRedirectURLs: [String] = [], callbackURL: String? = nil, lifetimeSeconds: Int = 600, startsPerAddressPerHour: Int = 300
    ) {
        self.allowedRedirectURLs = allowedRedirectURLs
        self.callbackURL = callbackURL
        self.lifetimeSeconds = lifetimeSeconds
        self.startsPerAddressPerHour = startsPerAddressPerHour
    }

    package enum CodingKeys: String, CodingKey, CaseIterable { case allowedRedirectURLs, callbackURL, lifetimeSeconds, startsPerAddressPerHour }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        allowedRedirectURLs = try container.decodeIfPresent([String].self, forKey: .allowedRedirectURLs) ?? []
        callbackURL = try container.decodeIfPresent(String.self, forKey: .callbackURL)
        lifetimeSeconds = try container.decodeIfPresent(Int.self, forKey: .lifetimeSeconds) ?? 600
        startsPerAddressPerHour = try container.decodeIfPresent(Int.self, forKey: .startsPerAddressPerHour) ?? 300
    }

    /// Whether a finished sign-in may send the person to `url`.
    package func allows(redirect url: String) -> Bool {
        allowedRedirectURLs.contains(url)
    }

    package func validate(source: String) throws {
        func fail(_ reason: String) -> AppConfigError { .invalid(path: source, reason: "webSignIn: \(reason)") }
        for url in allowedRedirectURLs {
            guard OutboundRequest.isHTTPURL(url), URL(string: url)?.fragment == nil else {
                throw fail("allowedRedirectURLs must be http or https URLs without a fragment ('\(url.prefix(100))' is not)")
            }
        }
        if let callbackURL, !OutboundRequest.isHTTPURL(callbackURL) { throw fail("callbackURL must be an http or https URL") }
        guard (60...3600).contains(lifetimeSeconds) else { throw fail("lifetimeSeconds must be between 60 and 3600") }
        guard startsPerAddressPerHour >= 1 else { throw fail("startsPerAddressPerHour must be at least 1") }
    }
}
