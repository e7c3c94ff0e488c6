import Foundation

/// How far an app's triggers may go (`triggerLimits` of the app configuration): how many times
/// one event is claimed before it is given up (`attempts`: a run the server never finished, not
/// a function that threw, which runs once), and how many events may wait (`backlog`: past it a
/// new event is logged and dropped, so a flood of writes cannot fill the store).
///
///     {"triggerLimits": {"attempts": 3, "backlog": 10000}}
public struct TriggerLimitsConfig: Codable, Sendable, Equatable {
    public var attempts: Int
    public var backlog: Int

    public init(attempts: Int = 3, backlog: Int = 10_000) {
        self.attempts = attempts
        self.backlog = backlog
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        let defaults = TriggerLimitsConfig()
        attempts = try container.decodeIfPresent(Int.self, forKey: .attempts) ?? defaults.attempts
        backlog = try container.decodeIfPresent(Int.self, forKey: .backlog) ?? defaults.backlog
    }

    package enum CodingKeys: String, CodingKey, CaseIterable { case attempts, backlog }

    func validate(source: String) throws {
        guard (1...20).contains(attempts) else { throw AppConfigError.invalid(path: source, reason: "triggerLimits.attempts must be from 1 to 20") }
        guard (1...1_000_000).contains(backlog) else {
            throw AppConfigError.invalid(path: source, reason: "triggerLimits.backlog must be from 1 to 1000000")
        }
    }
}
