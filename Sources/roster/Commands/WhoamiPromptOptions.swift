extension WhoamiCommand {
    /// The command lines `answerForPrompt` answers without the argument parser: `whoami --short`
    /// with at most one `--user NAME` and one `--home PATH` (either also as `--user=NAME`), in any
    /// order, read as the parser reads them. Anything else (another option, an option twice, a
    /// value missing, empty or starting with `-`) is nil, and the parsed command answers it.
    ///
    ///     WhoamiCommand.PromptOptions(["whoami", "--short", "--user", "joe"])?.user  // "joe"
    ///     WhoamiCommand.PromptOptions(["whoami", "--short", "--server", "http://x"])  // nil
    struct PromptOptions {
        var user: String?
        var home: String?

        init?(_ arguments: [String]) {
            guard arguments.first == "whoami" else { return nil }
            var short = false
            var rest = arguments.dropFirst()
            while let argument = rest.popFirst() {
                if argument == "--short" {
                    guard !short else { return nil }
                    short = true
                    continue
                }
                let (name, attached) = Self.split(argument)
                guard name == "--user" || name == "--home" else { return nil }
                let value = attached == nil ? rest.popFirst() : attached
                guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
                if name == "--user" {
                    guard user == nil else { return nil }
                    user = value
                } else {
                    guard home == nil else { return nil }
                    home = value
                }
            }
            guard short else { return nil }
        }

        /// `--name=value` as the name and the value; any other argument as itself and nil.
        private static func split(_ argument: String) -> (String, String?) {
            guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
            return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        }
    }
}
