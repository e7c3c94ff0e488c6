/// Names cut to a width so that users still tell apart: a name ending in an id (`anonymous user
/// 64a1d4f1`, `user 64a1…`) keeps the id's tail and loses its middle (`anonymous …d4f1`), as
/// the start of such names is the same for many users. Other names keep their start and end
/// with `…` where they are cut.
enum NameFitting {
    /// Characters of an id kept at the end.
    static let tailLength = 4

    static func fitted(_ name: String, width: Int) -> String {
        guard DisplayWidth.of(name) > width, width > 0 else { return name }
        let words = name.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count > 1, let last = words.last, Self.looksLikeId(last) else { return name }
        let tail = String(last.suffix(tailLength))
        let room = width - 1 - DisplayWidth.of(tail)
        let lastStart = name.count - last.count
        guard room >= 1 else { return name }
        var head = ""
        for character in name {
            guard DisplayWidth.of(head + String(character)) <= room else { break }
            head.append(character)
        }
        // Cut at a word's end rather than inside a word, unless the id itself is reached.
        if head.count < lastStart, let space = head.lastIndex(of: " ") {
            head = String(head[...space])
        }
        return head + "…" + tail
    }

    /// Letters and digits with at least one digit, as ids and their prefixes are.
    private static func looksLikeId(_ word: Substring) -> Bool {
        word.count >= tailLength && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } && word.contains { $0.isNumber }
    }
}
