import RosterCore
import RosterWire

/// The log-in form: a provider, its fields, a register toggle for new email users, which field
/// has focus and the message beside each refused field.
public struct LoginForm: Sendable, Equatable, EditableForm {
    /// The providers a person can log in with from the terminal.
    public enum Provider: Sendable, Equatable, CaseIterable {
        case anonymous, emailPassword, apiKey, customJWT, customFunction, google, googleAuthCode, apple, facebook
        /// Approve the log-in on a phone: the screen shows a URL, a user code and a QR code.
        case otherDevice

        public var label: String {
            switch self {
            case .anonymous: "anonymous"
            case .emailPassword: "email/password"
            case .apiKey: "API key"
            case .customJWT: "custom JWT"
            case .customFunction: "function"
            case .google: "Google ID token"
            case .googleAuthCode: "Google auth code"
            case .apple: "Apple ID token"
            case .facebook: "Facebook token"
            case .otherDevice: "on another device"
            }
        }

        /// The form's choices for one of the server's providers: Google takes an ID token or a
        /// server auth code, so it offers both.
        public static func offered(for type: ProviderType) -> [Provider] {
            switch type {
            case .anonymous: [.anonymous]
            case .emailPassword: [.emailPassword]
            case .apiKey: [.apiKey]
            case .customToken: [.customJWT]
            case .customFunction: [.customFunction]
            case .google: [.google, .googleAuthCode]
            case .apple: [.apple]
            case .facebook: [.facebook]
            }
        }

        /// What the form offers before the server has said which providers it enables.
        public static let assumed: [Provider] = [.anonymous, .emailPassword, .apiKey, .customJWT]

        /// The choices with "on another device" last: it works whichever providers the app
        /// enables, since the person signs in with one of them on the other device.
        public static func withOtherDevice(_ choices: [Provider]) -> [Provider] {
            choices.contains(.otherDevice) ? choices : choices + [.otherDevice]
        }
    }

    public enum Field: Sendable, Equatable, Hashable, CaseIterable {
        case provider, email, password, register, apiKey, token, payload, authCode, accessToken
        /// A new account's password again, so a slip of the finger does not lock its owner out.
        case passwordAgain
        /// The PIN a new user chooses under a policy that asks for one, and the same again.
        case pin, pinAgain
    }

    /// Longest value a field keeps; a longer paste is cut here.
    public static let maxLength: [Field: Int] = [
        .email: 254, .password: 128, .passwordAgain: 128, .apiKey: 256, .token: 4096, .payload: 4096, .authCode: 2048, .accessToken: 4096,
        .pin: PINRule.maximumDigits, .pinAgain: PINRule.maximumDigits,
    ]

    /// The providers to choose from, in order (Space steps through them, digits pick one).
    public var choices: [Provider]
    /// Every provider the server offers, numbered as digits pick them: the link form leaves
    /// anonymous out of `choices` but keeps its number, so email is 2 in both forms.
    public var numbering: [Provider]
    public var provider: Provider
    public var email: String
    public var password: String
    public var passwordAgain: String = ""
    public var register: Bool
    public var apiKey: String
    /// A custom JWT or an ID token.
    public var token: String
    /// The JSON object handed to the app's authentication function.
    public var payload: String
    public var authCode: String
    public var accessToken: String
    /// The device's policy: under `pin` (and `password`, for providers other than email) a new
    /// user chooses a PIN here.
    public var policy: SwitchingPolicy = .open
    public var pin: String = ""
    public var pinAgain: String = ""
    /// The focus, cursor, revealed secret, refused fields and request sent, kept by the rules
    /// every form shares (read and set as `focus`, `cursor`, … through `KeepsFormEditing`).
    public var editing: FormEditing<Field>
    /// The logged-in user the credentials are linked to, instead of logging a user in.
    public var linking: UserTarget?
    /// The log-in on another device on show, once the server has given its codes.
    public var device: DeviceLogin? = nil
    /// A log-in approved on another device that waits for its PIN (BEHAVIOURS 44): the form then
    /// shows only the PIN, the person's own when they are logged in here already, else a new one.
    public var approval: DeviceApproval? = nil

    /// The digit that picks `provider` (1 for the first the server offers), nil past 9.
    public func digit(of provider: Provider) -> Int? {
        numbering.firstIndex(of: provider).map { $0 + 1 }.flatMap { $0 <= 9 ? $0 : nil }
    }

    public init(
        provider: Provider = .emailPassword, email: String = "", choices: [Provider] = Provider.assumed, linking: UserTarget? = nil
    ) {
        self.linking = linking
        let offered = Provider.withOtherDevice(choices.isEmpty ? Provider.assumed : choices)
        // An anonymous log-in cannot be linked: it names no one.
        self.choices = linking == nil ? offered : offered.filter { $0 != .anonymous }
        numbering = offered
        self.provider = self.choices.contains(provider) ? provider : self.choices[0]
        self.email = email
        password = ""
        register = false
        apiKey = ""
        token = ""
        payload = ""
        authCode = ""
        accessToken = ""
        editing = FormEditing(focus: .provider)
        focusFirstToType()
    }

    /// Whether this log-in seals the new session with a PIN chosen here. On another device
    /// nobody has signed in yet: the PIN is asked once the phone approves (`approval`).
    public var asksForPIN: Bool {
        linking == nil && provider != .otherDevice && (policy == .pin || (policy == .password && provider != .emailPassword))
    }

    /// Puts the focus on the first field still to type (the provider, above it, is one
    /// Shift-Tab away); a provider with nothing to type keeps it on the provider.
    public mutating func focusFirstToType() {
        focus = fields.first { isText($0) && value(of: $0).isEmpty } ?? focus
    }

    /// The fields the chosen provider shows, in Tab order, then the PIN when one is asked for.
    public var fields: [Field] {
        if let approval { return approval.isReturning ? [.pin] : [.pin, .pinAgain] }
        return credentialFields + (asksForPIN ? [.pin, .pinAgain] : [])
    }

    private var credentialFields: [Field] {
        switch provider {
        case .anonymous: [.provider]
        case .emailPassword: register ? [.provider, .email, .password, .register, .passwordAgain] : [.provider, .email, .password, .register]
        case .apiKey: [.provider, .apiKey]
        case .customJWT, .google, .apple: [.provider, .token]
        case .customFunction: [.provider, .payload]
        case .googleAuthCode: [.provider, .authCode]
        case .facebook: [.provider, .accessToken]
        case .otherDevice: [.provider]
        }
    }

    func maxLength(of field: Field) -> Int { Self.maxLength[field] ?? 256 }

    func isText(_ field: Field) -> Bool {
        field != .provider && field != .register
    }

    /// Every credential is secret; the email and the function's JSON payload are not.
    func secret(_ field: Field) -> SecretMask? {
        switch field {
        case .password, .passwordAgain, .pin, .pinAgain: .password
        case .apiKey, .token, .authCode, .accessToken: .credential
        case .provider, .email, .register, .payload: nil
        }
    }

    func label(_ field: Field) -> String {
        switch field {
        case .provider: "Provider"
        case .email: "Email"
        case .password: "Password"
        case .passwordAgain: "Again"
        case .register: "New user"
        case .apiKey: "API key"
        case .token: provider == .customJWT ? "JWT" : "ID token"
        case .payload: "Payload"
        case .authCode: "Auth code"
        case .accessToken: "Token"
        case .pin: approval?.isReturning == true ? "Your PIN" : "New PIN"
        case .pinAgain: "PIN again"
        }
    }

    public func value(of field: Field) -> String {
        switch field {
        case .email: email
        case .password: password
        case .passwordAgain: passwordAgain
        case .apiKey: apiKey
        case .token: token
        case .payload: payload
        case .authCode: authCode
        case .accessToken: accessToken
        case .pin: pin
        case .pinAgain: pinAgain
        case .provider: provider.label
        case .register: register ? "yes" : "no"
        }
    }

    mutating func setValue(_ value: String, of field: Field) {
        let capped = String(value.prefix(LoginForm.maxLength[field] ?? 256))
        switch field {
        case .email: email = capped
        case .password: password = capped
        case .passwordAgain: passwordAgain = capped
        case .apiKey: apiKey = capped
        case .token: token = capped
        case .payload: payload = capped
        case .authCode: authCode = capped
        case .accessToken: accessToken = capped
        case .pin: pin = capped
        case .pinAgain: pinAgain = capped
        case .provider, .register: break
        }
    }

    /// What the form asks for, or the fields refused with why: the credentials, and the PIN
    /// when one is asked for (at least 4 digits, typed the same twice).
    public func validated() -> Result<LoginRequest, Refusal> {
        var errors: [Field: String] = [:]
        if asksForPIN {
            if let problem = PINRule.problem(with: pin) {
                errors[.pin] = problem
            } else if pinAgain != pin {
                errors[.pinAgain] = "not the same PIN"
            }
        }
        switch validatedCredentials() {
        case .success(var request):
            guard errors.isEmpty else { return .failure(Refusal(errors: errors)) }
            if asksForPIN { request.pin = pin }
            return .success(request)
        case .failure(let refusal):
            return .failure(Refusal(errors: refusal.errors.merging(errors) { first, _ in first }))
        }
    }

    /// The PIN for a log-in approved on another device, or why not: a returning user's own PIN,
    /// or a new one typed the same twice.
    public func validatedPIN() -> Result<Secret, Refusal> {
        if let problem = PINRule.problem(with: pin) { return .failure(Refusal(errors: [.pin: problem])) }
        if approval?.isReturning != true && pinAgain != pin { return .failure(Refusal(errors: [.pinAgain: "not the same PIN"])) }
        return .success(Secret(pin))
    }

    private func validatedCredentials() -> Result<LoginRequest, Refusal> {
        var errors: [Field: String] = [:]
        switch provider {
        case .anonymous:
            return .success(LoginRequest(provider: .anonymous))
        case .otherDevice:
            return .success(LoginRequest(provider: .otherDevice))
        case .emailPassword:
            let email = email.trimmingSpaces
            if email.isEmpty {
                errors[.email] = "enter an email address"
            } else if !email.isPlausibleEmail {
                errors[.email] = "not an email address (like joe@example.com)"
            }
            // How long a new password must be is the server's policy; it answers in words.
            if password.isEmpty {
                errors[.password] = "enter the password"
            } else if register && passwordAgain != password {
                errors[.passwordAgain] = "not the same password"
            }
            if errors.isEmpty {
                return .success(LoginRequest(provider: .emailPassword, email: email, secret: password, register: register))
            }
        case .apiKey:
            let key = apiKey.trimmingSpaces
            if key.isEmpty { errors[.apiKey] = "paste the API key" }
            if errors.isEmpty { return .success(LoginRequest(provider: .apiKey, secret: key)) }
        case .customJWT, .google, .apple:
            let jwt = token.trimmingSpaces
            let what = provider == .customJWT ? "JWT" : "ID token"
            if jwt.isEmpty {
                errors[.token] = "paste the \(what)"
            } else if jwt.split(separator: ".", omittingEmptySubsequences: false).count != 3 || jwt.contains(where: \.isWhitespace) {
                errors[.token] = "\(what)s have three dot-separated parts"
            }
            if errors.isEmpty { return .success(LoginRequest(provider: provider, secret: jwt)) }
        case .googleAuthCode:
            let code = authCode.trimmingSpaces
            if code.isEmpty {
                errors[.authCode] = "paste the auth code"
            } else if code.contains(where: \.isWhitespace) {
                errors[.authCode] = "an auth code has no spaces"
            }
            if errors.isEmpty { return .success(LoginRequest(provider: .googleAuthCode, secret: code)) }
        case .facebook:
            let token = accessToken.trimmingSpaces
            if token.isEmpty {
                errors[.accessToken] = "paste the access token"
            } else if token.contains(where: \.isWhitespace) {
                errors[.accessToken] = "an access token has no spaces"
            }
            if errors.isEmpty { return .success(LoginRequest(provider: .facebook, secret: token)) }
        case .customFunction:
            let text = payload.trimmingSpaces
            if text.isEmpty {
                errors[.payload] = "type the JSON object for the function"
            } else if (try? JSONValue(parsing: text))?.objectValue == nil {
                errors[.payload] = "not a JSON object (like {\"pin\": \"1234\"})"
            }
            if errors.isEmpty { return .success(LoginRequest(provider: .customFunction, secret: text)) }
        }
        return .failure(Refusal(errors: errors))
    }

    public typealias Refusal = FormRefusal<Field>
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }

    var isPlausibleEmail: Bool {
        let parts = split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
            && !parts[1].hasSuffix(".") && !contains(where: \.isWhitespace)
    }
}

extension LoginForm: CustomStringConvertible, CustomDebugStringConvertible {
    /// The form without its secrets, for logs and test failure messages.
    public var description: String {
        "LoginForm(\(provider.label), email: \(email), focus: \(focus), register: \(register), errors: \(errors))"
    }

    public var debugDescription: String { description }
}
