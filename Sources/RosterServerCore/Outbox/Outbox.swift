import Foundation

/// Where the server hands a message it would mail. Roster has no mail server: a directory of
/// files (the default) or a command stands in for one.
package protocol Outbox: Sendable, CustomStringConvertible {
    /// Hands `message` over, on behalf of `caller` (the client address that asked for it).
    func deliver(_ message: OutboxMessage, for caller: FunctionCaller) async throws
    /// Whether handing a message over runs a process, which may take its time: then a request
    /// whose answer must not tell whether a message was sent hands it over after answering.
    var runsCommands: Bool { get }
}

/// A confirmation or reset message: to whom, what it says, and the token it carries. It holds a
/// secret, so it is written owner-only and never logged. A message asked for on a page of the
/// server's (the device approval page) also carries a `link` to the server's account page that
/// finishes the job in a browser (`AccountPageLink`).
package struct OutboxMessage: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable {
        case confirm, reset
    }

    package var kind: Kind
    package var appId: String
    package var to: String
    package var subject: String
    package var text: String
    package var token: String
    package var tokenId: String
    package var expiresAt: Date
    package var createdAt: Date
    package var link: String?

    package init(
        kind: Kind, appId: String, to: String, token: String, tokenId: String, createdAt: Date, expiresAt: Date, link: String? = nil
    ) {
        self.kind = kind
        self.link = link
        self.appId = appId
        self.to = to
        self.token = token
        self.tokenId = tokenId
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        let before = Self.stamp(expiresAt)
        subject = kind == .confirm ? "Confirm your email for \(appId)" : "Reset your password for \(appId)"
        switch (kind, link) {
        case (.confirm, nil): text = "Confirm \(to) with token \(token) and token id \(tokenId), before \(before)."
        case (.confirm, let link?): text = "Confirm \(to) by opening \(link) before \(before)."
        case (.reset, nil): text = "Reset the password of \(to) with token \(token) and token id \(tokenId), before \(before)."
        case (.reset, let link?): text = "Set a new password for \(to) by opening \(link) before \(before)."
        }
    }

    package var json: Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }

    private static func stamp(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}

/// Why a message could not be handed over.
package struct OutboxFailure: Error, CustomStringConvertible {
    package let description: String

    package init(description: String) {
        self.description = description
    }
}
