import Foundation
import RosterWire

/// POST …/auth/device/start: what the terminal says it is and where it runs, each at most 64
/// printable characters.
package struct DeviceStartRequest: Decodable, Sendable {
    package var client: String?
    package var terminal: String?

    package static let maxLength = 64

    /// BadRequest when a name is empty, too long or not printable.
    package func validate() throws(ErrorResponse) {
        for (name, value) in [("client", client), ("terminal", terminal)] {
            guard let value else { continue }
            guard !value.isEmpty, value.count <= Self.maxLength,
                value.unicodeScalars.allSatisfy({ !$0.properties.generalCategory.isControlOrOther })
            else {
                throw .invalidParameter("'\(name)' must be 1 to \(Self.maxLength) printable characters")
            }
        }
    }

    package init(client: String? = nil, terminal: String? = nil) {
        self.client = client
        self.terminal = terminal
    }
}

/// The answer of a start (RFC 8628 §3.2).
package struct DeviceStartResponse: Encodable, Sendable {
    package var deviceCode: String
    package var userCode: String
    package var verificationUri: String
    package var verificationUriComplete: String
    package var expiresIn: Int
    package var interval: Int

    package enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code"
        case userCode = "user_code"
        case verificationUri = "verification_uri"
        case verificationUriComplete = "verification_uri_complete"
        case expiresIn = "expires_in"
        case interval
    }

    package init(deviceCode: String, userCode: String, verificationUri: String, verificationUriComplete: String, expiresIn: Int, interval: Int) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationUri = verificationUri
        self.verificationUriComplete = verificationUriComplete
        self.expiresIn = expiresIn
        self.interval = interval
    }
}

/// POST …/auth/device/poll.
package struct DevicePollRequest: Decodable, Sendable {
    package var deviceCode: String
    /// The device id the polling terminal's other users have, for the new session to share as a
    /// log-in typed there does (`device.deviceId` of a log-in body); one not 24 hexadecimal
    /// digits is ignored and a new one made.
    package var deviceId: String?

    package enum CodingKeys: String, CodingKey {
        case deviceCode = "device_code"
        case deviceId = "device_id"
    }

    package init(deviceCode: String, deviceId: String? = nil) {
        self.deviceCode = deviceCode
        self.deviceId = deviceId
    }
}

/// A poll that has no log-in to give (RFC 8628 §3.5), answered 400 with the RFC's `error` and
/// Roster's `error_code`: `{"error": "slow_down", "error_code": "SlowDown", "error_description": …, "interval": 10}`.
package struct DeviceGrantError: Encodable, Sendable, Equatable {
    package enum Kind: String, Sendable {
        case authorizationPending = "authorization_pending"
        case slowDown = "slow_down"
        case expiredToken = "expired_token"
        case accessDenied = "access_denied"
        case invalidGrant = "invalid_grant"
    }

    package var error: String
    package var errorCode: String
    package var errorDescription: String
    package var interval: Int?

    package init(_ kind: Kind, interval: Int? = nil) {
        error = kind.rawValue
        self.interval = interval
        switch kind {
        case .authorizationPending:
            errorCode = "AuthorizationPending"
            errorDescription = "the log-in has not been approved yet"
        case .slowDown:
            errorCode = "SlowDown"
            errorDescription = "polled too soon: wait the interval between polls"
        case .expiredToken:
            errorCode = "ExpiredToken"
            errorDescription = "the code has expired: start again"
        case .accessDenied:
            errorCode = "AccessDenied"
            errorDescription = "the log-in was denied"
        case .invalidGrant:
            errorCode = "InvalidGrant"
            errorDescription = "unknown or already used device code"
        }
    }

    package enum CodingKeys: String, CodingKey {
        case error
        case errorCode = "error_code"
        case errorDescription = "error_description"
        case interval
    }
}

extension Unicode.GeneralCategory {
    /// Control, format, unassigned, private-use and surrogate code points: nothing to print.
    package var isControlOrOther: Bool {
        switch self {
        case .control, .format, .unassigned, .privateUse, .surrogate, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
