/// Unicode's bidirectional controls: the embeddings and overrides (U+202A–U+202E), the
/// isolates (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). Invisible, they reorder
/// the text around them, so a name holding one reads as another ("invoice", U+202E, "fdp.exe"
/// shows as "invoiceexe.pdf"). The one rule every name Roster stores goes by:
/// refused where the client typed it, taken out where a provider's profile brings it.
package enum BidirectionalControls {
    /// Whether `scalar` is a bidirectional control.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether `text` holds a bidirectional control.
    package static func occur(in text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    /// `text` without its bidirectional controls.
    package static func removed(from text: String) -> String {
        guard occur(in: text) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.lazy.filter { !isControl($0) })
        return String(kept)
    }
}
