import Foundation

/// How `roster shell` marks a sub-shell's prompt with its user, in each shell's own way, after
/// the person's own start-up files: bash through an `--rcfile` that reads `~/.bashrc` first,
/// zsh through a `ZDOTDIR` whose `.zshrc` reads the person's, fish through `--init-command`
/// (run after `config.fish`), any other shell through `PS1`. The name is written into those
/// files only as letters, digits and `@._+-` (anything else becomes `?`), so no shell reads
/// code or prompt escapes from it.
struct ShellPrompt {
    /// The mark's text, before the shell's own prompt: `(roster emma@example.com) `.
    let mark: String
    /// A private folder for the start-up files, deleted when the shell ends.
    let folder: String

    init(name: String, folder: String) {
        let safe = String(name.map { $0.isLetter || $0.isNumber || "@._+-".contains($0) ? $0 : "?" }.prefix(64))
        mark = "(roster \(safe)) "
        self.folder = folder
    }

    /// The arguments and environment that start `shell` with the mark.
    func start(_ shell: String, environment: [String: String]) throws -> (arguments: [String], environment: [String: String]) {
        var environment = environment
        let home = environment["HOME"] ?? NSHomeDirectory()
        switch (shell as NSString).lastPathComponent {
        case "bash":
            let rc = folder + "/bashrc"
            try write(rc, """
                [ -f "$HOME/.bashrc" ] && . "$HOME/.bashrc"
                PS1='\(mark)'"${PS1-\\s-\\v\\$ }"

                """)
            return (["--rcfile", rc, "-i"], environment)
        case "zsh":
            let own = environment["ZDOTDIR"] ?? home
            environment["ROSTER_ZDOTDIR"] = own
            for file in [".zshenv", ".zprofile", ".zlogin"] {
                try write(folder + "/" + file, "[ -f \"$ROSTER_ZDOTDIR/\(file)\" ] && . \"$ROSTER_ZDOTDIR/\(file)\"\n")
            }
            try write(folder + "/.zshrc", """
                [ -f "$ROSTER_ZDOTDIR/.zshrc" ] && . "$ROSTER_ZDOTDIR/.zshrc"
                ZDOTDIR="$ROSTER_ZDOTDIR"; unset ROSTER_ZDOTDIR
                PROMPT='\(mark)'"$PROMPT"

                """)
            environment["ZDOTDIR"] = folder
            return (["-i"], environment)
        case "fish":
            let initial = """
                functions -q fish_prompt; and functions -c fish_prompt _roster_shell_prompt; \
                function fish_prompt; printf '%s' '\(mark)'; functions -q _roster_shell_prompt; and _roster_shell_prompt; end
                """
            return (["-i", "--init-command", initial], environment)
        default:
            environment["PS1"] = mark + "$ "
            return (["-i"], environment)
        }
    }

    private func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
    }
}
