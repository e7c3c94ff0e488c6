import Foundation
import RosterWire

/// What the approval page shows: one stage of the approval, the CSRF token its forms carry, and
/// at most one message. `DevicePageView` renders it.
struct DevicePage: Sendable, Equatable {
    enum Stage: Sendable, Equatable {
        /// The code form, pre-filled with what was given.
        case enterCode(code: String)
        /// Which terminal asked; sign in (or deny).
        case signIn(DeviceRequestSummary)
        /// Signed in (through `via`, when not by email and password): approve or deny.
        case approve(DeviceRequestSummary, signedInAs: String, via: ProviderType? = nil)
        case approved
        case denied
    }

    enum Message: Sendable, Equatable {
        /// Wrong, expired, used or decided: one wording for all.
        case invalidCode
        case tooManyTries(seconds: Int)
        /// The form came without its page's token (or an old one).
        case formExpired
        case wrongCredentials
        case confirmationRequired
        case registered(confirmationSent: Bool)
        case resetSent
        /// A refusal the person can act on, in words from the server's own errors.
        case refused(String)
    }

    var stage: Stage
    var csrf: String
    var message: Message? = nil
}

/// The device authorization as the page shows it: "roster on lab-3, 14:02".
struct DeviceRequestSummary: Sendable, Equatable {
    var appName: String
    var client: String?
    var terminal: String?
    var startedAt: Date
    var isLink: Bool
    /// Whether the app takes email/password sign-ins (the page's form for them).
    var offersEmailPassword: Bool
    /// The providers the app enables that sign in through the browser, in the page's order.
    var browserProviders: [ProviderType]

    init(_ record: DeviceAuthorizationRecord, appName: String, offersEmailPassword: Bool = true, browserProviders: [ProviderType] = []) {
        self.offersEmailPassword = offersEmailPassword
        self.browserProviders = browserProviders
        self.appName = appName
        client = record.client
        terminal = record.terminal
        startedAt = record.startedAt
        isLink = record.isLink
    }
}
