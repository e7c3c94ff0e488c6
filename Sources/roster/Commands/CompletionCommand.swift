import ArgumentParser

/// `roster completion bash|zsh|fish`: the shell's completion script on stdout, as `gh
/// completion` and `kubectl completion` print theirs, to source or install.
struct CompletionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print a completion script for bash, zsh or fish.",
        discussion: """
            USER and --user complete to the names of the users on this device, read from the device \
            alone (no server is started); policy words, shells and other fixed values complete too.
            bash: source <(roster completion bash)   (or save it in ~/.local/share/bash-completion/completions/roster)
            zsh:  roster completion zsh > "${fpath[1]}/_roster"
            fish: roster completion fish > ~/.config/fish/completions/roster.fish
            """
    )

    @Argument(help: "bash, zsh or fish.", completion: .list(["bash", "zsh", "fish"]))
    var shell: String

    func validate() throws {
        guard CompletionShell(rawValue: shell) != nil else {
            throw ValidationError("completion is for bash, zsh or fish, not '\(shell.prefix(32))'")
        }
    }

    func run() {
        print(Roster.completionScript(for: CompletionShell(rawValue: shell)!))
    }
}
