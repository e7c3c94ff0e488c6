import Foundation
import RosterCore
import RosterTUI
import RosterWire

/// Rows built by hand, so update and view are tested without a server.
enum Sample {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static let joe = UserRow(
        id: "64a1joe", displayName: "joe@example.com", provider: .emailPassword, state: .loggedIn, isCurrent: true,
        identities: [Identity(id: "joe-identity", provider: .emailPassword)],
        profile: UserProfile(data: ["email": "joe@example.com"]),
        customData: ["favoriteColor": "blue", "userId": "64a1joe"],
        customDataIssuedAt: now.addingTimeInterval(-12 * 60), accessTokenExpiresAt: now.addingTimeInterval(29 * 60 + 30),
        deviceId: "device-1")
    static let emma = UserRow(
        id: "64a2emma", displayName: "emma@example.com", provider: .emailPassword, state: .loggedIn,
        identities: [Identity(id: "emma-identity", provider: .emailPassword)],
        profile: UserProfile(data: ["email": "emma@example.com"]), deviceId: "device-1")
    static let zoe = UserRow(
        id: "64a3zoe", displayName: "Zoë", provider: .customToken, state: .loggedOut,
        identities: [Identity(id: "zoe", provider: .customToken)], profile: UserProfile(data: ["name": "Zoë"]))
    static let zhang = UserRow(
        id: "64a4zhang", displayName: "张伟", provider: .apiKey, state: .loggedIn,
        identities: [Identity(id: "zw", provider: .apiKey)])
    static let smiley = UserRow(
        id: "64a5smile", displayName: "😀 Sunny", provider: .anonymous, state: .loggedOut,
        identities: [Identity(id: "anon", provider: .anonymous)])
    static let lapsed = UserRow(
        id: "64a6lapsed", displayName: "lapsed@example.com", provider: .emailPassword, state: .loggedOut,
        identities: [Identity(id: "lapsed", provider: .emailPassword)],
        profile: UserProfile(data: ["email": "lapsed@example.com"]))

    static let all = [joe, emma, zoe, zhang, smiley, lapsed]

    /// A model of all sample users, joe active and selected, 100x30.
    static func model(width: Int = 100, height: Int = 30) -> Model {
        Model(users: all, size: TerminalSize(width: width, height: height), now: now)
    }
}

extension Model {
    /// Sends keys in order, collecting every effect.
    @discardableResult
    mutating func press(_ keys: Key...) -> [Effect] {
        keys.flatMap { update(&self, .key($0)) }
    }

    /// Types text into whatever has focus.
    @discardableResult
    mutating func type(_ text: String) -> [Effect] {
        text.flatMap { update(&self, .key(.char($0))) }
    }

    /// Opens the log-in form and types an email and a password into it, without sending.
    mutating func fillLogIn(email: String, password: String) {
        press(.char("n"))
        type(email)
        press(.tab)
        type(password)
    }

    var form: LoginForm? {
        if case .loginForm(let form) = mode { return form }
        return nil
    }

    /// The screen at the model's own size.
    var screen: [String] { view(self, size: (size.width, size.height)).lines() }
}

extension [String] {
    /// The first line containing the text.
    func line(containing text: String) -> String? { first { $0.contains(text) } }
}
