/// Device log-in (`…/auth/device/start` and `…/poll`, approved on the `/device` page): how long
/// a user code stands, how often a terminal may poll, and how much the start route and the
/// page take from one client address before they refuse.
///
///     "deviceLogin": { "expiresInSeconds": 600, "intervalSeconds": 5 }
///
/// Wrong codes typed on the page count per client address: after `freeWrongCodes` in a row each
/// further try waits (1 s, doubling), and past `wrongCodesPerAddressPerHour` the address is
/// locked out of the page until the hour ends.
public struct DeviceLoginConfig: Codable, Sendable, Equatable {
    public var expiresInSeconds: Int
    public var intervalSeconds: Int
    public var startsPerAddressPerHour: Int
    public var freeWrongCodes: Int
    public var wrongCodesPerAddressPerHour: Int

    public init(
        expiresInSeconds: Int = 600, intervalSeconds: Int = 5, startsPerAddressPerHour: Int = 30, freeWrongCodes: Int = 3,
        wrongCodesPerAddressPerHour: Int = 10
    ) {
        self.expiresInSeconds = expiresInSeconds
        self.intervalSeconds = intervalSeconds
        self.startsPerAddressPerHour = startsPerAddressPerHour
        self.freeWrongCodes = freeWrongCodes
        self.wrongCodesPerAddressPerHour = wrongCodesPerAddressPerHour
    }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case expiresInSeconds, intervalSeconds, startsPerAddressPerHour, freeWrongCodes, wrongCodesPerAddressPerHour
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        let defaults = DeviceLoginConfig()
        expiresInSeconds = try container.decodeIfPresent(Int.self, forKey: .expiresInSeconds) ?? defaults.expiresInSeconds
        intervalSeconds = try container.decodeIfPresent(Int.self, forKey: .intervalSeconds) ?? defaults.intervalSeconds
        startsPerAddressPerHour =
            try container.decodeIfPresent(Int.self, forKey: .startsPerAddressPerHour) ?? defaults.startsPerAddressPerHour
        freeWrongCodes = try container.decodeIfPresent(Int.self, forKey: .freeWrongCodes) ?? defaults.freeWrongCodes
        wrongCodesPerAddressPerHour =
            try container.decodeIfPresent(Int.self, forKey: .wrongCodesPerAddressPerHour) ?? defaults.wrongCodesPerAddressPerHour
    }

    package func validate(source: String) throws {
        func fail(_ reason: String) -> AppConfigError { .invalid(path: source, reason: "deviceLogin: \(reason)") }
        guard (60...3600).contains(expiresInSeconds) else { throw fail("expiresInSeconds must be between 60 and 3600") }
        guard (1...60).contains(intervalSeconds) else { throw fail("intervalSeconds must be between 1 and 60") }
        guard intervalSeconds < expiresInSeconds else { throw fail("intervalSeconds must be shorter than expiresInSeconds") }
        guard (1...10000).contains(startsPerAddressPerHour) else { throw fail("startsPerAddressPerHour must be between 1 and 10000") }
        guard (0...100).contains(freeWrongCodes) else { throw fail("freeWrongCodes must be between 0 and 100") }
        guard (1...1000).contains(wrongCodesPerAddressPerHour), wrongCodesPerAddressPerHour > freeWrongCodes else {
            throw fail("wrongCodesPerAddressPerHour must be between 1 and 1000, and more than freeWrongCodes")
        }
    }
}
