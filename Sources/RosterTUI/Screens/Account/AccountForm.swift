/// The email account form: ask for a password reset, set a new password with the token from
/// the reset message, confirm an email with the token from the confirmation message, or have
/// the confirmation sent again. The tokens come from wherever the app's messages go (mail, or
/// the server's outbox).
public struct AccountForm: Sendable, Equatable, EditableForm {
    public enum Task: Sendable, Equatable, CaseIterable {
        case sendReset, resetPassword, confirmEmail, resendConfirmation

        public var label: String {
            switch self {
            case .sendReset: "send a password reset message"
            case .resetPassword: "set a new password (token from the message)"
            case .confirmEmail: "confirm an email (token from the message)"
            case .resendConfirmation: "send the confirmation message again"
            }
        }
    }

    public enum Field: Sendable, Equatable, Hashable, CaseIterable {
        case task, email, tokenId, token, password
        /// The new password again.
        case passwordAgain
    }

    public static let maxLength: [Field: Int] = [.email: 254, .tokenId: 128, .token: 256, .password: 128, .passwordAgain: 128]

    public var task: Task
    public var email: String
    public var tokenId: String
    public var token: String
    public var password: String
    public var passwordAgain: String = ""
    /// The focus, cursor, revealed secret, refused fields and request sent, kept by the rules
    /// every form shares (read and set as `focus`, `cursor`, … through `KeepsFormEditing`).
    public var editing: FormEditing<Field>

    public init(task: Task = .sendReset, email: String = "") {
        self.task = task
        self.email = email
        tokenId = ""
        token = ""
        password = ""
        editing = FormEditing(focus: .task)
    }

    public var fields: [Field] {
        switch task {
        case .sendReset, .resendConfirmation: [.task, .email]
        case .resetPassword: [.task, .tokenId, .token, .password, .passwordAgain]
        case .confirmEmail: [.task, .tokenId, .token]
        }
    }

    func isText(_ field: Field) -> Bool { field != .task }

    func maxLength(of field: Field) -> Int { Self.maxLength[field] ?? 256 }

    /// The token, its id and the new password are secret; the email is not.
    func secret(_ field: Field) -> SecretMask? {
        switch field {
        case .password, .passwordAgain: .password
        case .tokenId, .token: .credential
        case .task, .email: nil
        }
    }

    func label(_ field: Field) -> String {
        switch field {
        case .task: "Task"
        case .email: "Email"
        case .tokenId: "Token id"
        case .token: "Token"
        case .password: "Password"
        case .passwordAgain: "Again"
        }
    }

    public func value(of field: Field) -> String {
        switch field {
        case .task: task.label
        case .email: email
        case .tokenId: tokenId
        case .token: token
        case .password: password
        case .passwordAgain: passwordAgain
        }
    }

    mutating func setValue(_ value: String, of field: Field) {
        let capped = String(value.prefix(Self.maxLength[field] ?? 256))
        switch field {
        case .email: email = capped
        case .tokenId: tokenId = capped
        case .token: token = capped
        case .password: password = capped
        case .passwordAgain: passwordAgain = capped
        case .task: break
        }
    }

    /// Space on the task: the next one.
    mutating func nextTask() {
        let all = Task.allCases
        task = all[((all.firstIndex(of: task) ?? 0) + 1) % all.count]
        errors = [:]
    }

    /// What the form asks for, or the fields refused with why.
    public func validated() -> Result<AccountRequest, FormRefusal<Field>> {
        var errors: [Field: String] = [:]
        let email = email.trimmingSpaces
        let tokenId = tokenId.trimmingSpaces
        let token = token.trimmingSpaces
        if fields.contains(.email) {
            if email.isEmpty {
                errors[.email] = "enter the account's email address"
            } else if !email.isPlausibleEmail {
                errors[.email] = "not an email address (like joe@example.com)"
            }
        }
        if fields.contains(.tokenId) && tokenId.isEmpty { errors[.tokenId] = "paste the token id from the message" }
        if fields.contains(.token) && token.isEmpty { errors[.token] = "paste the token from the message" }
        if fields.contains(.password) && password.isEmpty {
            errors[.password] = "enter the new password"
        } else if fields.contains(.passwordAgain) && passwordAgain != password {
            errors[.passwordAgain] = "not the same password"
        }
        guard errors.isEmpty else { return .failure(FormRefusal(errors: errors)) }
        let fields = fields
        return .success(AccountRequest(
            task: task, email: fields.contains(.email) ? email : "", tokenId: fields.contains(.tokenId) ? tokenId : "",
            token: fields.contains(.token) ? token : "", password: fields.contains(.password) ? password : ""))
    }
}

extension AccountForm: CustomStringConvertible, CustomDebugStringConvertible {
    /// The form without its token, token id and password, for logs and test failure messages.
    public var description: String {
        "AccountForm(\(task), email: \(email), focus: \(focus), errors: \(errors))"
    }

    public var debugDescription: String { description }
}

/// A validated account request. Its description hides the token and the password.
public struct AccountRequest: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public var task: AccountForm.Task
    public var email: String
    public var tokenId: String
    public var token: String
    public var password: String

    public init(task: AccountForm.Task, email: String = "", tokenId: String = "", token: String = "", password: String = "") {
        self.task = task
        self.email = email
        self.tokenId = tokenId
        self.token = token
        self.password = password
    }

    public var description: String { "AccountRequest(\(task)\(email.isEmpty ? "" : ", \(email)"))" }
    public var debugDescription: String { description }
}

extension Mode {
    /// The screen once the request it sent is done: the users, except that a message sent goes
    /// on to the step that takes its token (a new password, or the confirmation).
    var afterSuccess: Mode {
        guard case .account(let form) = self else { return .list }
        switch form.task {
        case .sendReset, .resendConfirmation:
            var next = AccountForm(task: form.task == .sendReset ? .resetPassword : .confirmEmail, email: form.email)
            next.focus = .tokenId
            return .account(next)
        case .resetPassword, .confirmEmail: return .list
        }
    }
}
