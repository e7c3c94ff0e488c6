import ArgumentParser

/// `roster version` (and `roster --version`): which Roster this is, on one line.
struct VersionCommand: ParsableCommand {
    /// Roster's version: the one place it is written.
    static let number = "0.1.0"

    /// What both `roster version` and `roster --version` print.
    static var line: String { "roster \(number)" }

    static let configuration = CommandConfiguration(commandName: "version", abstract: "Print Roster's version.")

    func run() {
        print(Self.line)
    }
}
