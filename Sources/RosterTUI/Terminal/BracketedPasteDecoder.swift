/// Turns what curses reads into keys, and a bracketed paste into one `Key.paste`.
///
/// With bracketed paste on (`ESC[?2004h`, see `NCursesBackend`), a terminal wraps pasted text in
/// `ESC[200~` … `ESC[201~`. Curses knows neither marker, so both arrive as characters: Esc, `[`,
/// `2`, … The decoder holds an Esc back while what follows could still be the opening marker,
/// then gathers everything up to the closing marker as one paste: no pasted letter acts as a
/// command and no pasted newline as Enter. Pure, so it is tested without a terminal.
///
///     var decoder = BracketedPasteDecoder()
///     "\u{1B}[200~xy\u{1B}[201~".unicodeScalars.flatMap { decoder.read(character: $0.value) }
///     // [.paste("xy")]
struct BracketedPasteDecoder {
    static let opening: [UInt32] = [27, 91, 50, 48, 48, 126]  // ESC [ 2 0 0 ~
    static let closing: [UInt32] = [27, 91, 50, 48, 49, 126]  // ESC [ 2 0 1 ~
    /// The most of a paste kept: far beyond the longest field (4096), so a pasted novel costs
    /// no more than this.
    static let maxPasteLength = 65_536

    /// Characters read so far of what may be the opening marker.
    private var held: [UInt32] = []
    /// The paste being gathered, while between the markers.
    private var pasted: [Unicode.Scalar]? = nil
    /// How much of the closing marker the last characters of the paste matched.
    private var closingMatched = 0

    /// Whether input is being held back: part of an opening marker, or a paste not yet closed.
    /// The backend then reads on (a paste arrives all at once) before it calls `inputPaused`.
    var isWaiting: Bool { !held.isEmpty || pasted != nil }

    /// Whether a paste is being gathered.
    var isPasting: Bool { pasted != nil }

    /// A character curses read; the keys it completes, if any.
    mutating func read(character value: UInt32) -> [Key] {
        if pasted != nil { return gather(value) }
        held.append(value)
        if Self.opening.starts(with: held) {
            if held.count == Self.opening.count {
                held = []
                pasted = []
                closingMatched = 0
            }
            return []
        }
        // Not the marker after all: what was held is the keys it looked like (Esc, `[`, …),
        // and the last character may begin a marker of its own.
        let last = held.removeLast()
        var keys = releaseHeld()
        if last == Self.opening[0] {
            held = [last]
        } else if let key = KeyDecoding.key(forCharacter: last) {
            keys.append(key)
        }
        return keys
    }

    /// A key code curses read (an arrow, a function key). Inside a paste it is dropped: pasted
    /// text holds no keys.
    mutating func read(keyCode code: Int32) -> [Key] {
        if pasted != nil { return [] }
        return releaseHeld() + (KeyDecoding.key(forKeyCode: code).map { [$0] } ?? [])
    }

    /// A key the backend decoded itself (a mouse event). Inside a paste it is dropped.
    mutating func read(key: Key?) -> [Key] {
        if pasted != nil { return [] }
        return releaseHeld() + (key.map { [$0] } ?? [])
    }

    /// Nothing more came: a half-read marker was the keys it looked like (a lone Esc is Esc), and
    /// a paste whose end never came is still one paste, never keys.
    mutating func inputPaused() -> [Key] {
        if let scalars = pasted {
            pasted = nil
            let text = scalars + Self.closing.prefix(closingMatched).compactMap(Unicode.Scalar.init)
            closingMatched = 0
            return Self.paste(text)
        }
        return releaseHeld()
    }

    private mutating func gather(_ value: UInt32) -> [Key] {
        if value == Self.closing[closingMatched] {
            closingMatched += 1
            guard closingMatched == Self.closing.count else { return [] }
            let text = pasted ?? []
            pasted = nil
            closingMatched = 0
            return Self.paste(text)
        }
        // The characters that looked like the closing marker were part of the paste.
        for matched in Self.closing.prefix(closingMatched) { keep(matched) }
        closingMatched = value == Self.closing[0] ? 1 : 0
        if closingMatched == 0 { keep(value) }
        return []
    }

    private mutating func keep(_ value: UInt32) {
        guard let scalar = Unicode.Scalar(value), (pasted?.count ?? 0) < Self.maxPasteLength else { return }
        pasted?.append(scalar)
    }

    private mutating func releaseHeld() -> [Key] {
        defer { held = [] }
        return held.compactMap(KeyDecoding.key(forCharacter:))
    }

    private static func paste(_ scalars: [Unicode.Scalar]) -> [Key] {
        scalars.isEmpty ? [] : [.paste(String(String.UnicodeScalarView(scalars)))]
    }
}
