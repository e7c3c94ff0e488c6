/// What Roster knows of an OpenID Connect provider before an app configures anything: its name
/// in messages, and the issuers, key set, authorization page and token endpoint it uses in
/// production.
struct OpenIDIssuer: Sendable {
    let displayName: String
    let issuers: [String]
    let jwksURL: String
    let authorizationEndpoint: String
    let tokenEndpoint: String

    static let google = OpenIDIssuer(
        displayName: "Google", issuers: ["https://accounts.google.com", "accounts.google.com"],
        jwksURL: "https://www.googleapis.com/oauth2/v3/certs", authorizationEndpoint: "https://accounts.google.com/o/oauth2/v2/auth",
        tokenEndpoint: "https://oauth2.googleapis.com/token")

    static let apple = OpenIDIssuer(
        displayName: "Apple", issuers: ["https://appleid.apple.com"], jwksURL: "https://appleid.apple.com/auth/keys",
        authorizationEndpoint: "https://appleid.apple.com/auth/authorize", tokenEndpoint: "https://appleid.apple.com/auth/token")
}
