import Foundation

/// The link a confirmation or reset message carries when a person asked for it on one of the
/// server's pages: the server's account page for the token's purpose, with the app, the token
/// and its id in the query.
///
///     AccountPageLink(base: try PublicURL(parsing: "https://id.example.com")).url(for: .reset, appId: "roster-demo", token: t, tokenId: id)
///     // https://id.example.com/account/roster-demo/reset-password?token=…&tokenId=…
package struct AccountPageLink: Sendable, Equatable {
    /// Where people reach the server: configured, never taken from the request that asked.
    package let base: PublicURL

    /// The page's path for `purpose`, with `:appId` for the router.
    package static func path(_ purpose: AccountTokenRecord.Purpose) -> String {
        "/account/:appId/\(pageName(purpose))"
    }

    package static func pageName(_ purpose: AccountTokenRecord.Purpose) -> String {
        switch purpose {
        case .confirm: "confirm-email"
        case .reset: "reset-password"
        }
    }

    /// The page's path for `purpose` in `appId`, where its form posts.
    package static func path(_ purpose: AccountTokenRecord.Purpose, appId: String) -> String {
        "/account/\(OutboundRequest.formEncoded(appId))/\(pageName(purpose))"
    }

    package func url(for purpose: AccountTokenRecord.Purpose, appId: String, token: String, tokenId: String) -> String {
        let query = "token=\(OutboundRequest.formEncoded(token))&tokenId=\(OutboundRequest.formEncoded(tokenId))"
        return "\(base.text)\(Self.path(purpose, appId: appId))?\(query)"
    }

    package init(base: PublicURL) {
        self.base = base
    }
}
