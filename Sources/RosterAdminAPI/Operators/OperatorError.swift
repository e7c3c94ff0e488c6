/// Why an operator command was refused, in words a person can act on.
public enum OperatorError: Error, Equatable, CustomStringConvertible {
    case invalidEmail(String)
    case passwordLength
    case emailInUse(String)
    case notFound(String)

    public var description: String {
        switch self {
        case .invalidEmail(let email): "'\(email.prefix(100))' is not an email address"
        case .passwordLength: "an operator's password has 8 to 128 characters"
        case .emailInUse(let email): "there is already an operator \(email)"
        case .notFound(let email): "there is no operator \(email.prefix(100)) (roster-server admin list-operators names them)"
        }
    }
}
