/// The short code a person types on the approval page (RFC 8628 §6.1): 8 characters from 20
/// consonants, with no vowels (so no words) and no look-alikes, shown `WDJB-MJHT`. What people
/// type is matched ignoring case, spaces and hyphens.
///
///     let code = DeviceUserCode.random(randomBytes)      // "WDJBMJHT"
///     DeviceUserCode.shown(code)                          // "WDJB-MJHT"
///     DeviceUserCode.normalized(" wdjb mjht ")            // "WDJBMJHT"
package enum DeviceUserCode {
    package static let alphabet = Array("BCDFGHJKLMNPQRSTVWXZ")
    package static let length = 8

    /// A fresh code, each character drawn evenly (bytes past the last multiple of 20 are
    /// drawn again).
    package static func random(_ randomBytes: (Int) -> [UInt8]) -> String {
        var characters: [Character] = []
        while characters.count < length {
            for byte in randomBytes(length) where byte < 240 && characters.count < length {
                characters.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return String(characters)
    }

    /// What was typed, as stored; nil when it cannot be a code.
    package static func normalized(_ typed: String) -> String? {
        let kept = typed.uppercased().filter { $0 != "-" && !$0.isWhitespace }
        guard kept.count == length, kept.allSatisfy(alphabet.contains) else { return nil }
        return kept
    }

    /// The code as people read it: a hyphen after four.
    package static func shown(_ code: String) -> String {
        guard code.count == length else { return code }
        return "\(code.prefix(4))-\(code.suffix(4))"
    }
}
