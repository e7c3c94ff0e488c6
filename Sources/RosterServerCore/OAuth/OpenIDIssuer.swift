/// What Roster knows of an OpenID Connect provider before an app configures anything: its name
/// in messages, and the issuers, key set, authorization page and token endpoint it uses in
/// production.
package struct OpenIDIssuer: Sendable {
    package let displayName: String
    package let issuers: [String]
    package let jwksURL: String
    package let authorizationEndpoint: String
    package let tokenEndpoint: String

    package static let google = OpenIDIssuer(
        displayName: "Google", issuers: ["https://accounts.google.com", "accounts.google.com"],
        jwksURL: "https://www.googleapis.com/oauth2/v3/certs", authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
        tokenEndpoint: "https://oauth2.googleapis.com/token")

    package static let apple = OpenIDIssuer(
        displayName: "Apple", issuers: ["https://appleid.apple.com"], jwksURL: "https://appleid.apple.com/auth/keys",
        authorizationEndpoint: "https://appleid.apple.com/auth/authorize", tokenEndpoint: "https://appleid.apple.com/auth/token")

    package init(displayName: String, issuers: [String], jwksURL: String, authorizationEndpoint: String, tokenEndpoint: String) {
        self.displayName = displayName
        self.issuers = issuers
        self.jwksURL = jwksURL
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
    }
}
