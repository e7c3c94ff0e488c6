import Foundation

/// How far an app's triggers may go (`triggerLimits` of the app configuration): how many times
/// one event is claimed before it is given up (`attempts`: a run the server never finished, not
/// a function that threw, which runs once), how many events may wait (`backlog`: past it a new
/// event is logged and dropped, so a flood of writes cannot fill the store), and how long an
/// event waits for a JavaScript engine that does not start (`engineWaitSeconds`: Node.js
/// missing, or its worker ending at start; a schedule's run waits at most until its next one is
/// due), past which it is logged and failed.
///
///     {"triggerLimits": {"attempts": 3, "backlog": 10000, "engineWaitSeconds": 86400}}
public struct TriggerLimitsConfig: Codable, Sendable, Equatable {
    public var attempts: Int
    public var backlog: Int
    public var engineWaitSeconds: Int

    public init(attempts: Int = 3, backlog: Int = 10_000, engineWaitSeconds: Int = 86_400) {
        self.attempts = attempts
        self.backlog = backlog
        self.engineWaitSeconds = engineWaitSeconds
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        let defaults = TriggerLimitsConfig()
        attempts = try container.decodeIfPresent(Int.self, forKey: .attempts) ?? defaults.attempts
        backlog = try container.decodeIfPresent(Int.self, forKey: .backlog) ?? defaults.backlog
        engineWaitSeconds = try container.decodeIfPresent(Int.self, forKey: .engineWaitSeconds) ?? defaults.engineWaitSeconds
    }

    package enum CodingKeys: String, CodingKey, CaseIterable { case attempts, backlog, engineWaitSeconds }

    func validate(source: String) throws {
        guard (1...20).contains(attempts) else { throw AppConfigError.invalid(path: source, reason: "triggerLimits.attempts must be from 1 to 20") }
        guard (1...1_000_000).contains(backlog) else {
            throw AppConfigError.invalid(path: source, reason: "triggerLimits.backlog must be from 1 to 1000000")
        }
        guard (0...604_800).contains(engineWaitSeconds) else {
            throw AppConfigError.invalid(path: source, reason: "triggerLimits.engineWaitSeconds must be from 0 to 604800 (a week)")
        }
    }
}
