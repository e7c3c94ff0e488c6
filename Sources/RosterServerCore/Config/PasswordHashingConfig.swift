/// The scrypt cost: N = 2^logN, block size r, parallelism p.
public struct PasswordHashingConfig: Codable, Sendable, Equatable {
    public var logN: Int
    public var r: Int
    public var p: Int

    public init(logN: Int, r: Int, p: Int) {
        self.logN = logN
        self.r = r
        self.p = p
    }

    package enum CodingKeys: String, CodingKey, CaseIterable { case logN, r, p }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        logN = try container.decode(Int.self, forKey: .logN)
        r = try container.decode(Int.self, forKey: .r)
        p = try container.decode(Int.self, forKey: .p)
    }

    /// OWASP's equal-strength setting N=2^15, r=8, p=3.
    public static let owasp = PasswordHashingConfig(logN: 15, r: 8, p: 3)

    /// Derives one key at this cost: the work of one password check, which the load benchmark
    /// takes as the KDF cost.
    public func deriveOnce(_ password: String) throws {
        _ = try PasswordHasher.derive(
            password, salt: [UInt8](repeating: 7, count: PasswordHasher.saltBytes), cost: self, length: PasswordHasher.hashBytes)
    }

    package func validate(source: String) throws {
        guard (1...22).contains(logN), (1...32).contains(r), (1...16).contains(p) else {
            throw AppConfigError.invalid(path: source, reason: "passwordHashing needs logN 1-22, r 1-32, p 1-16")
        }
    }
}
