import ArgumentParser
import Foundation
import RosterCore
import RosterWire

/// How a person says what they log in (or link) with: one flag per provider. Secrets never come
/// from the command line, where other users of the machine could read them: the password is
/// asked for without echo (or read from stdin), everything else is read from stdin.
struct CredentialOptions: ParsableArguments {
    static let secretsDiscussion = """
        Secrets are never taken from the command line: the password is asked for without echo \
        (or read from stdin with --password-stdin); API keys, JWTs, ID tokens, auth codes, \
        access tokens and function payloads are read from stdin.
        """

    @Flag(help: "Log in anonymously (reuses the anonymous user already on this device).")
    var anonymous = false

    @Flag(name: .customLong("new"), help: "With --anonymous: always make a new anonymous user.")
    var newAnonymous = false

    @Option(help: ArgumentHelp("Log in with email and password.", valueName: "email"))
    var email: String?

    @Flag(help: "Read the password from the first line of stdin instead of asking.")
    var passwordStdin = false

    @Flag(name: .customLong("api-key-stdin"), help: "Log in with a user API key read from stdin.")
    var apiKeyStdin = false

    @Flag(name: .customLong("jwt-stdin"), help: "Log in with a custom JWT read from stdin.")
    var jwtStdin = false

    @Flag(name: .customLong("function-stdin"), help: "Log in through the app's authentication function with a JSON object read from stdin.")
    var functionStdin = false

    @Flag(name: .customLong("google-id-token-stdin"), help: "Log in with a Google ID token read from stdin.")
    var googleIdTokenStdin = false

    @Flag(name: .customLong("google-auth-code-stdin"), help: "Log in with a Google server auth code read from stdin.")
    var googleAuthCodeStdin = false

    @Flag(name: .customLong("apple-id-token-stdin"), help: "Log in with a Sign in with Apple ID token read from stdin.")
    var appleIdTokenStdin = false

    @Flag(name: .customLong("facebook-token-stdin"), help: "Log in with a Facebook access token read from stdin.")
    var facebookTokenStdin = false

    @Flag(help: "Log in on another device: open the URL shown (or scan the QR code) on a phone, enter the code, sign in there and approve.")
    var device = false

    /// The flags that read one line of stdin: the credentials each makes, and what it is called.
    private var lineCredentials: [(chosen: Bool, name: String, make: (String) -> Credentials)] {
        [
            (apiKeyStdin, "API key", Credentials.userAPIKey), (jwtStdin, "JWT", Credentials.jwt),
            (googleIdTokenStdin, "Google ID token", { .google(idToken: $0) }),
            (googleAuthCodeStdin, "Google auth code", Credentials.googleAuthCode),
            (appleIdTokenStdin, "Apple ID token", { .apple(idToken: $0) }),
            (facebookTokenStdin, "Facebook access token", { .facebook(accessToken: $0) }),
        ]
    }

    func validate() throws {
        let chosen = ([anonymous, email != nil, functionStdin, device] + lineCredentials.map(\.chosen)).filter { $0 }.count
        guard chosen == 1 else {
            throw ValidationError(
                "choose one of --anonymous, --email, --api-key-stdin, --jwt-stdin, --function-stdin, --google-id-token-stdin, "
                    + "--google-auth-code-stdin, --apple-id-token-stdin, --facebook-token-stdin, --device")
        }
        if passwordStdin && email == nil { throw ValidationError("--password-stdin goes with --email") }
        if newAnonymous && !anonymous { throw ValidationError("--new goes with --anonymous") }
        if let email, !email.contains("@") || email.count > 254 {
            throw ValidationError("'\(email)' is not an email address")
        }
    }

    /// The credentials the flags name, with their secret read from stdin or the terminal.
    func read() throws -> Credentials {
        if device { throw CommandFailure("--device logs in on another device, with no credentials here") }
        if anonymous { return newAnonymous ? .anonymousNew : .anonymous }
        if let email {
            let password = passwordStdin
                ? Terminal.readLineFromStandardInput() : try Terminal.promptSecret("Password for \(email): ")
            guard let password, !password.isEmpty else { throw CommandFailure("no password given") }
            return .emailPassword(email: email, password: password)
        }
        if functionStdin {
            let text = String(decoding: BoundedFile.standardInput(atMost: 65_536), as: UTF8.self)
            guard let payload = try? JSONValue(parsing: text), payload.objectValue != nil else {
                throw CommandFailure("the function payload on stdin must be a JSON object")
            }
            return .function(payload)
        }
        guard let line = lineCredentials.first(where: \.chosen) else { throw CommandFailure("no credentials chosen") }
        let secret = Terminal.readLineFromStandardInput()?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !secret.isEmpty else { throw CommandFailure("no \(line.name) on stdin") }
        return line.make(secret)
    }
}
