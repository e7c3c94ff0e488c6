import RosterWire

/// Text the server stores for others to read, a user's email or name, carries no control
/// character: a terminal listing users would act on one (an escape sequence, a line break that
/// forges a line).
package enum ProfileText {
    /// Whether `text` holds a control character as `TerminalText` names them: C0, DEL, C1, or a
    /// line or paragraph separator.
    package static func hasControlCharacters(_ text: String) -> Bool {
        TerminalText.hasControl(text)
    }

    /// Whether a name the client typed may be stored: no control character and no
    /// bidirectional control (`BidirectionalControls`).
    package static func isFitForName(_ text: String) -> Bool {
        !hasControlCharacters(text) && !BidirectionalControls.occur(in: text)
    }

    /// A provider's profile as the server stores it: refused with a control character in any of
    /// its texts, naming the field (AuthError, as for any profile the server will not take);
    /// its bidirectional controls taken out, since the person cannot change what their provider
    /// holds and a right-to-left name may carry marks.
    package static func checked(_ profile: JSONObject) throws -> JSONObject {
        for (field, value) in profile.sorted(by: { $0.key < $1.key }) where Self.holdsControlCharacters(value) {
            throw ErrorResponse.authError("the profile field '\(field)' has control characters")
        }
        var kept = JSONObject()
        for (field, value) in profile { kept[BidirectionalControls.removed(from: field)] = withoutBidirectionalControls(value) }
        return kept
    }

    private static func withoutBidirectionalControls(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(BidirectionalControls.removed(from: text))
        case .array(let items): .array(items.map(withoutBidirectionalControls))
        case .object(let fields):
            .object(fields.reduce(into: JSONObject()) { $0[BidirectionalControls.removed(from: $1.key)] = withoutBidirectionalControls($1.value) })
        default: value
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
