import Foundation
import Testing
@testable import RosterServer
@testable import RosterServerCore

@Suite struct PasswordHasherTests {
    let hasher = PasswordHasher(cost: PasswordHashingConfig(logN: 10, r: 8, p: 1), randomBytes: ServerEnvironment.systemRandomBytes)

    @Test func encodingCarriesItsParametersAndRoundTrips() throws {
        let stored = try hasher.hash("correct horse")
        #expect(stored.hasPrefix("$scrypt$ln=10,r=8,p=1$"))
        let parsed = try #require(EncodedPasswordHash(parsing: stored))
        #expect(parsed.cost == PasswordHashingConfig(logN: 10, r: 8, p: 1))
        #expect(parsed.salt.count == 16 && parsed.hash.count == 32)
        #expect(parsed.text == stored)
        #expect(hasher.verify("correct horse", against: stored))
    }

    @Test func wrongPasswordAndBrokenHashesDoNotVerify() throws {
        let stored = try hasher.hash("correct horse")
        #expect(!hasher.verify("correct horsf", against: stored))
        #expect(!hasher.verify("", against: stored))
        #expect(!hasher.verify("correct horse", against: "$scrypt$ln=10,r=8$abc$def"))
        #expect(!hasher.verify("correct horse", against: "plain"))
        #expect(try hasher.hash("correct horse") != stored)
    }

    @Test func aHashVerifiesUnderAnotherCostSetting() throws {
        let stored = try hasher.hash("pa55word")
        let stronger = PasswordHasher(cost: PasswordHashingConfig(logN: 12, r: 8, p: 1), randomBytes: ServerEnvironment.systemRandomBytes)
        #expect(stronger.verify("pa55word", against: stored))
    }

    @Test func knownVector() throws {
        // RFC 7914 section 12: scrypt("password", "NaCl", N=1024, r=8, p=16, 64 bytes).
        let derived = try PasswordHasher.derive("password", salt: Array("NaCl".utf8), cost: .init(logN: 10, r: 8, p: 16), length: 64)
        #expect(Hex.encode(Array(derived.prefix(8))) == "fdbabe1c9d347200")
    }

    @Test func constantTimeComparison() {
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
        #expect(!ConstantTime.equals([UInt8](), [0]))
        #expect(ConstantTime.equals("abc", "abc"))
    }
}
