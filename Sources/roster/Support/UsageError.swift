import Foundation

/// A usage error as Roster words it: every message starts `roster: ` (argument-parser's start
/// `Error: `), an unknown option is suggested only when it is a likely typo, and a mistyped
/// subcommand of a group with a default one (`roster custom-data sett a b`) is named as such
/// rather than handed to the default as arguments.
///
///     UsageError.reworded("Error: Unknown option '--foo'. Did you mean '--app'?\nUsage: …")
///     // "roster: unknown option '--foo'.\nUsage: …"
enum UsageError {
    /// argument-parser's full message in Roster's words; the lines after the first unchanged.
    static func reworded(_ message: String) -> String {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard var first = lines.first else { return message }
        if first.hasPrefix("Error: ") { first.removeFirst("Error: ".count) }
        if let unknown = unknownOption(in: first) {
            first = unknown.message
        } else if let letter = first.first, letter.isUppercase, first.dropFirst().first?.isLowercase == true {
            // "Missing value …" reads "missing value …" after `roster: `; "PIN …" stays as it is.
            first = letter.lowercased() + first.dropFirst()
        }
        lines[0] = "roster: " + first
        return lines.joined(separator: "\n")
    }

    /// `Unknown option '--foo'` with argument-parser's suggestion kept only when it is near.
    static func unknownOption(in line: String) -> (option: String, message: String)? {
        guard let match = line.firstMatch(of: /^Unknown option '([^']+)'(?:\. Did you mean '([^']+)'\?)?/) else { return nil }
        let option = String(match.1)
        var message = "unknown option '\(option)'."
        if let offered = match.2.map(String.init) {
            let allowed = option.count <= 5 ? 1 : 2
            if UnknownCommand.editDistance(option, offered) <= allowed { message += " Did you mean '\(offered)'?" }
        }
        return (option, message)
    }

    /// For `roster GROUP WORD …` where GROUP has a default subcommand and WORD, no subcommand,
    /// is near one: the message naming it, when the arguments failed to parse.
    static func mistypedSubcommand(_ arguments: [String], groups: [(name: String, subcommands: [String])]) -> String? {
        guard arguments.count >= 2, let group = groups.first(where: { $0.name == arguments[0] }) else { return nil }
        let word = arguments[1]
        guard !word.hasPrefix("-"), !group.subcommands.contains(word),
            let suggestion = UnknownCommand(word, among: group.subcommands).suggestion
        else { return nil }
        return "unknown command '\(group.name) \(word)'. Did you mean '\(group.name) \(suggestion)'?"
    }
}
