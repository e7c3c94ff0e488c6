import Foundation
import RosterServerCore
import RosterWire

/// What the approval page shows: one stage of the approval, the CSRF token its forms carry, and
/// at most one message. `DevicePageView` renders it.
package struct DevicePage: Sendable, Equatable {
    package enum Stage: Sendable, Equatable {
        /// The code form, pre-filled with what was given.
        case enterCode(code: String)
        /// Which terminal asked; sign in (or deny).
        case signIn(DeviceRequestSummary)
        /// Signed in (through `via`, when not by email and password): approve or deny.
        case approve(DeviceRequestSummary, signedInAs: String, via: ProviderType? = nil)
        case approved
        case denied
    }

    package enum Message: Sendable, Equatable {
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

    package var stage: Stage
    package var csrf: String
    package var message: Message? = nil

    package init(stage: Stage, csrf: String, message: Message? = nil) {
        self.stage = stage
        self.csrf = csrf
        self.message = message
    }
}

