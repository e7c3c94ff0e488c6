import Foundation

/// The stored form of a password hash: `$scrypt$ln=<logN>,r=<r>,p=<p>$<salt>$<hash>` with
/// standard base64 salt and hash.
package struct EncodedPasswordHash: Equatable {
    package var cost: PasswordHashingConfig
    package var salt: [UInt8]
    package var hash: [UInt8]

    package init(cost: PasswordHashingConfig, salt: [UInt8], hash: [UInt8]) {
        self.cost = cost
        self.salt = salt
        self.hash = hash
    }

    /// Reads the text form; nil when it is not one this server wrote.
    package init?(parsing text: String) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt" else { return nil }
        var values: [String: Int] = [:]
        for item in parts[2].split(separator: ",") {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, let number = Int(pair[1]) else { return nil }
            values[String(pair[0])] = number
        }
        guard let logN = values["ln"], let r = values["r"], let p = values["p"],
            (1...22).contains(logN), (1...32).contains(r), (1...16).contains(p),
            let salt = Data(base64Encoded: String(parts[3])), let hash = Data(base64Encoded: String(parts[4])),
            !salt.isEmpty, hash.count >= 16
        else { return nil }
        self.init(cost: PasswordHashingConfig(logN: logN, r: r, p: p), salt: Array(salt), hash: Array(hash))
    }

    package var text: String {
        "$scrypt$ln=\(cost.logN),r=\(cost.r),p=\(cost.p)$\(Data(salt).base64EncodedString())$\(Data(hash).base64EncodedString())"
    }
}
