import ArgumentParser
import Foundation
import RosterTUI

/// `roster config path|show`: where the switcher's settings are (lazygit's `config.yml`, k9s's
/// skins), and every setting as it stands, in the file's own form, to start one from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Where the switcher's config file is, and the settings in force.",
        discussion: """
            The file is YAML: sort (recent or name), keys (the list's commands: logIn, logOut, \
            remove, delete, refresh, edit, filter, find, history, copyId, apiKeys, account, link, \
            lastMessage, quit, each one character) and theme (title, active, loggedIn, loggedOut, \
            error, hint, field, each {foreground, background}: a colour name or 0-255). \
            Start one with: roster config show > "$(roster config path)"
            """,
        subcommands: [Path.self, Show.self]
    )

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "path", abstract: "Print the config file's path (it need not exist).")

        @OptionGroup var connection: ConnectionOptions

        func run() throws {
            print(try connection.paths(ProcessInfo.processInfo.environment).configFile.path)
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Print every setting in force, as the config file writes it.")

        @OptionGroup var connection: ConnectionOptions

        func run() throws {
            print(try connection.switcherSettings().yaml, terminator: "")
        }
    }
}

extension ConnectionOptions {
    /// The switcher's settings from the config file: the defaults when there is none; a file
    /// that is not right fails in words that name the setting.
    func switcherSettings(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SwitcherSettings {
        do {
            return try SwitcherSettings.load(from: try paths(environment).configFile)
        } catch let refusal as SettingsRefusal {
            throw CommandFailure(refusal.description)
        }
    }
}
