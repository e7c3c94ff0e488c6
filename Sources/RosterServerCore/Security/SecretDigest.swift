import Crypto

/// SHA-256 digests of secrets the server must recognise but never keep: refresh tokens and
/// API keys are stored only as these.
package enum SecretDigest {
    /// The lowercase hex SHA-256 of `secret`'s UTF-8 bytes.
    package static func hex(of secret: String) -> String {
        Hex.encode(Array(SHA256.hash(data: Array(secret.utf8))))
    }
}

/// Lowercase hexadecimal text of bytes.
package enum Hex {
    package static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `text` is exactly `count` lowercase or uppercase hex digits.
    package static func isHex(_ text: String, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) || ($0 >= 65 && $0 <= 70) }
    }
}
