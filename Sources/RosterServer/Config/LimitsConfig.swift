/// How much guessing and mail the server takes before it refuses, answering 429
/// `TooManyRequests` with `Retry-After` without doing the work:
///
/// - Failed log-ins, per account (an email, whether or not it exists) and per client address.
///   After `freeFailures` failures in a row, each further attempt waits: 1 s, doubling, at most
///   `maxDelaySeconds`. Past `failuresPerAccountPerHour` (OWASP ASVS asks for at most 100) or
///   `failuresPerAddressPerHour`, attempts wait for the hour to end. A success clears the
///   account's count.
/// - Registrations per client address, and confirmation or reset requests (`…/send`, `…/call`)
///   per email, each an hour.
/// - Wrong confirmation and reset tokens per client address, an hour.
public struct LimitsConfig: Codable, Sendable, Equatable {
    public var freeFailures: Int
    public var maxDelaySeconds: Int
    public var failuresPerAccountPerHour: Int
    public var failuresPerAddressPerHour: Int
    public var registrationsPerAddressPerHour: Int
    public var accountMessagesPerEmailPerHour: Int
    public var wrongTokensPerAddressPerHour: Int

    public init(
        freeFailures: Int = 5, maxDelaySeconds: Int = 300, failuresPerAccountPerHour: Int = 100,
        failuresPerAddressPerHour: Int = 1000, registrationsPerAddressPerHour: Int = 20,
        accountMessagesPerEmailPerHour: Int = 5, wrongTokensPerAddressPerHour: Int = 20
    ) {
        self.freeFailures = freeFailures
        self.maxDelaySeconds = maxDelaySeconds
        self.failuresPerAccountPerHour = failuresPerAccountPerHour
        self.failuresPerAddressPerHour = failuresPerAddressPerHour
        self.registrationsPerAddressPerHour = registrationsPerAddressPerHour
        self.accountMessagesPerEmailPerHour = accountMessagesPerEmailPerHour
        self.wrongTokensPerAddressPerHour = wrongTokensPerAddressPerHour
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case freeFailures, maxDelaySeconds, failuresPerAccountPerHour, failuresPerAddressPerHour
        case registrationsPerAddressPerHour, accountMessagesPerEmailPerHour, wrongTokensPerAddressPerHour
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        let defaults = LimitsConfig()
        freeFailures = try container.decodeIfPresent(Int.self, forKey: .freeFailures) ?? defaults.freeFailures
        maxDelaySeconds = try container.decodeIfPresent(Int.self, forKey: .maxDelaySeconds) ?? defaults.maxDelaySeconds
        failuresPerAccountPerHour =
            try container.decodeIfPresent(Int.self, forKey: .failuresPerAccountPerHour) ?? defaults.failuresPerAccountPerHour
        failuresPerAddressPerHour =
            try container.decodeIfPresent(Int.self, forKey: .failuresPerAddressPerHour) ?? defaults.failuresPerAddressPerHour
        registrationsPerAddressPerHour =
            try container.decodeIfPresent(Int.self, forKey: .registrationsPerAddressPerHour) ?? defaults.registrationsPerAddressPerHour
        accountMessagesPerEmailPerHour =
            try container.decodeIfPresent(Int.self, forKey: .accountMessagesPerEmailPerHour) ?? defaults.accountMessagesPerEmailPerHour
        wrongTokensPerAddressPerHour =
            try container.decodeIfPresent(Int.self, forKey: .wrongTokensPerAddressPerHour) ?? defaults.wrongTokensPerAddressPerHour
    }

    /// The wait after `failures` failures in a row, in seconds; 0 while they are free.
    func delay(afterFailures failures: Int) -> Int {
        guard failures >= freeFailures else { return 0 }
        let doublings = min(failures - freeFailures, 30)
        return min(1 << doublings, maxDelaySeconds)
    }

    func validate(source: String) throws {
        func fail(_ reason: String) -> AppConfigError { .invalid(path: source, reason: "limits: \(reason)") }
        guard (1...1000).contains(freeFailures) else { throw fail("freeFailures must be between 1 and 1000") }
        guard (1...86400).contains(maxDelaySeconds) else { throw fail("maxDelaySeconds must be between 1 and 86400") }
        guard failuresPerAccountPerHour >= freeFailures else { throw fail("failuresPerAccountPerHour must be at least freeFailures") }
        guard failuresPerAddressPerHour >= freeFailures else { throw fail("failuresPerAddressPerHour must be at least freeFailures") }
        for (name, value) in [
            ("registrationsPerAddressPerHour", registrationsPerAddressPerHour),
            ("accountMessagesPerEmailPerHour", accountMessagesPerEmailPerHour),
            ("wrongTokensPerAddressPerHour", wrongTokensPerAddressPerHour),
        ] where value < 1 {
            throw fail("\(name) must be at least 1")
        }
    }
}
