import Foundation
import RosterWire

/// Where App Services' web OAuth flow ends: the client's redirect URL with the outcome in its
/// fragment, in the names realm-web's `handleAuthRedirect` reads (`OAuth2Helper`):
/// `_baas_client_app_id`, `_baas_state`, and `_baas_ua` (`access$refresh$userId$deviceId`) or
/// `_baas_error`.
///
///     https://app.example.com/done#_baas_client_app_id=my-app&_baas_ua=eyJ…%24eyJ…%24650f…%24650f…&_baas_state=abc
package enum AppServicesRedirect {
    package static func loggedIn(_ login: LoginResponse, appId: String, redirectURL: String, clientState: String) -> String {
        let userAuth = [login.accessToken, login.refreshToken, login.userId, login.deviceId].joined(separator: "$")
        return url(redirectURL, [("_baas_client_app_id", appId), ("_baas_ua", userAuth), ("_baas_state", clientState)])
    }

    package static func failed(_ message: String, appId: String, redirectURL: String, clientState: String) -> String {
        url(redirectURL, [("_baas_client_app_id", appId), ("_baas_error", message), ("_baas_state", clientState)])
    }

    /// `redirectURL` with `fields` as its fragment (any fragment it had replaced).
    package static func url(_ redirectURL: String, _ fields: [(String, String)]) -> String {
        let base = redirectURL.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? redirectURL
        return base + "#" + fields.map { "\($0.0)=\(OutboundRequest.formEncoded($0.1))" }.joined(separator: "&")
    }
}
