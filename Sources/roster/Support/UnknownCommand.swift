/// A first word that names no subcommand. argument-parser would hand it to the default
/// subcommand (the switcher) as an argument and print the switcher's usage; Roster answers with
/// the nearest command's name instead.
///
///     UnknownCommand("swich", among: ["users", "switch"]).message
///     // unknown command 'swich'. Did you mean 'switch'?
struct UnknownCommand {
    let word: String
    /// The closest known name, when one is close enough to be a likely typo.
    let suggestion: String?

    init(_ word: String, among names: [String]) {
        self.word = word
        // One slip in a short word, two in a longer one; further than that is a different word.
        let allowed = word.count <= 3 ? 1 : 2
        let scored = names.map { (name: $0, distance: Self.editDistance(word.lowercased(), $0)) }
        suggestion = scored.filter { $0.distance <= allowed }.min { $0.distance < $1.distance }?.name
    }

    var message: String {
        let first = "unknown command '\(word)'."
        guard let suggestion else { return first }
        return first + " Did you mean '\(suggestion)'?"
    }

    /// Levenshtein distance: the fewest one-character insertions, deletions and substitutions
    /// that turn `a` into `b`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}
