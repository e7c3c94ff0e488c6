import Foundation
import RosterWire

/// The bodies of the device log-in routes (docs/PROTOCOL-ADDITIONS.md), as the terminal sends and
/// reads them.
enum DeviceLoginRoute {
    static func start(appId: String) -> String { "\(Route.app(appId))/auth/device/start" }
    static func poll(appId: String) -> String { "\(Route.app(appId))/auth/device/poll" }

    struct StartRequest: Encodable {
        var client: String
        var terminal: String?
    }

    struct StartResponse: Decodable {
        var deviceCode: String
        var userCode: String
        var verificationUri: String
        var verificationUriComplete: String?
        var expiresIn: Int
        var interval: Int?

        enum CodingKeys: String, CodingKey {
            case deviceCode = "device_code"
            case userCode = "user_code"
            case verificationUri = "verification_uri"
            case verificationUriComplete = "verification_uri_complete"
            case expiresIn = "expires_in"
            case interval
        }
    }

    struct PollRequest: Encodable {
        var deviceCode: String
        /// The device id this terminal's users share, when one is known, so that a log-in
        /// approved elsewhere is this device's too.
        var deviceId: String?

        enum CodingKeys: String, CodingKey {
            case deviceCode = "device_code"
            case deviceId = "device_id"
        }
    }

    /// A 400 answer to a poll: the RFC 8628 word in `error`, Roster's name in `error_code`, and
    /// the longer interval with `slow_down`.
    struct PollRefusal: Decodable {
        var error: String
        var errorCode: String?
        var interval: Int?

        enum CodingKeys: String, CodingKey {
            case error
            case errorCode = "error_code"
            case interval
        }
    }

    /// The provider the person signed in with on the other device, sent beside the tokens.
    struct ApprovedProvider: Decodable {
        var providerType: String

        enum CodingKeys: String, CodingKey {
            case providerType = "provider_type"
        }
    }
}
