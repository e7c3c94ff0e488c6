/// Why an administrative operation failed.
public enum ServerAdminError: Error, Equatable, CustomStringConvertible {
    case appNotFound(String)
    case userNotFound(String)
    case alreadyConfirmed(String)
    case emailInUse(String)
    case invalidEmail(String)
    case passwordTooShort
    case customDataDisabled(appId: String)
    case notAnObject

    public var description: String {
        switch self {
        case .appNotFound(let appId): "the server does not serve an app '\(appId)'"
        case .userNotFound(let user): "no user '\(user)' (give a user id or an email)"
        case .alreadyConfirmed(let email): "'\(email)' is already confirmed"
        case .emailInUse(let email): "an account with email '\(email)' already exists"
        case .invalidEmail(let email): "'\(email)' is not an email address"
        case .passwordTooShort: "the password must be between 6 and 128 characters"
        case .customDataDisabled(let appId): "app '\(appId)' has no custom user data collection configured"
        case .notAnObject: "custom user data must be a JSON object"
        }
    }
}
