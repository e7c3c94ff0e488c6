import RosterWire

/// How a secret field shows on the screen: never itself, and never more than its first three
/// characters, whether it was typed or pasted. One rule for every secret of every form:
///
/// - up to 16 characters: one `*` per character, so typing shows progress and nothing else;
/// - longer: three leading characters and the length, `eyJ…(812 chars)`. The three say what
///   was pasted (`eyJ` a JWT, `4/0` a Google auth code, `EAA` a Facebook token) and are far too
///   few to use. A password shows `***` there instead: its start is a person's own choice, not
///   a format.
///
///     SecretMask.credential.text(of: "s3cret")   // "******"
///     SecretMask.credential.text(of: jwt)        // "eyJ…(812 chars)"
///     SecretMask.password.text(of: passphrase)   // "***…(40 chars)"
///
/// Ctrl-R shows the focused field as typed (see `EditableForm.toggleReveal`).
enum SecretMask: Sendable, Equatable {
    /// Something a person chose: no character of it is ever shown.
    case password
    /// Something a machine made and a person pastes: a key, a token, a code, a token id.
    case credential

    /// Longest value shown as stars; a longer one shows its shape and length.
    static let longestStarred = 16
    /// How many leading characters of a long credential are shown.
    static let shownPrefix = 3

    /// The masked text of `value`, in at most `width` columns when given. A long value drops its
    /// prefix, then the word, rather than lose digits of its length (which would misstate it).
    func text(of value: String, fitting width: Int = .max) -> String {
        let forms = forms(of: value)
        return forms.first { DisplayWidth.of($0) <= width } ?? forms[forms.count - 1]
    }

    /// The ways to show `value`, longest first.
    private func forms(of value: String) -> [String] {
        let count = value.count
        guard count > Self.longestStarred else { return [String(repeating: "*", count: count)] }
        let prefix = self == .password ? String(repeating: "*", count: Self.shownPrefix) : String(value.prefix(Self.shownPrefix))
        // Control characters never reach a field, but a prefix is drawn only if printable.
        let shown = TerminalText.printable(prefix)
        return ["\(shown)…(\(count) chars)", "…(\(count) chars)", "…(\(count))"]
    }
}
