import Crypto
import Foundation
import _CryptoExtras

/// The scrypt cost of turning a PIN or password into a sealing key. The default is OWASP's
/// N=2^15, r=8, p=3 (as strong as N=2^17, r=8, p=1, in a quarter of the memory); tests pass a
/// fast one. Kept with each sealed row, so raising it later still opens older rows.
public struct SecretKeyDerivation: Sendable, Equatable {
    public var logN: Int
    public var r: Int
    public var p: Int

    public init(logN: Int = 15, r: Int = 8, p: Int = 3) {
        self.logN = logN
        self.r = r
        self.p = p
    }

    public static let standard = SecretKeyDerivation()

    /// 32 bytes from `secret` and `salt`.
    func derive(_ secret: String, salt: Data) throws -> SymmetricKey {
        let key = try KDF.Scrypt.deriveKey(
            from: Data(secret.utf8), salt: salt, outputByteCount: 32, rounds: 1 << logN, blockSize: r, parallelism: p)
        return key
    }

    /// `ln=15,r=8,p=3`, as the store keeps it.
    var text: String { "ln=\(logN),r=\(r),p=\(p)" }

    init?(text: String) {
        var values: [String: Int] = [:]
        for item in text.split(separator: ",") {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, let number = Int(pair[1]) else { return nil }
            values[String(pair[0])] = number
        }
        guard let logN = values["ln"], let r = values["r"], let p = values["p"],
            (1...22).contains(logN), (1...32).contains(r), (1...16).contains(p)
        else { return nil }
        self.init(logN: logN, r: r, p: p)
    }
}
