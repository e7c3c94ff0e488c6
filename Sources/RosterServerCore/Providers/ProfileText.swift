import RosterWire

/// Text the server stores for others to read, a user's email or name, carries no control
/// character: a terminal listing users would act on one (an escape sequence, a line break that
/// forges a line).
package enum ProfileText {
    /// Whether `text` holds a C0 or C1 control character, DEL, or a line or paragraph separator.
    package static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029 }
    }

    /// Refuses a provider's profile with a control character in any of its texts, naming the
    /// field: AuthError, as for any profile the server will not take.
    package static func check(_ profile: JSONObject) throws {
        for (field, value) in profile.sorted(by: { $0.key < $1.key }) where Self.holdsControlCharacters(value) {
            throw ErrorResponse.authError("the profile field '\(field)' has control characters")
        }
    }

    private static func holdsControlCharacters(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): hasControlCharacters(text)
        case .array(let items): items.contains(where: holdsControlCharacters)
        case .object(let fields): fields.contains { hasControlCharacters($0.key) || holdsControlCharacters($0.value) }
        default: false
        }
    }
}
