import ArgumentParser
import Foundation
import RosterCore
import RosterWire

/// `roster api-keys …`: a logged-in user's API keys. A key is shown once, when it is made.
struct APIKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api-keys",
        abstract: "Create, list, enable, disable and delete a user's API keys.",
        discussion: "Each acts for the active user, or the one named with --user. Log in with a key: roster login --api-key-stdin.",
        subcommands: [
            CreateAPIKeyCommand.self, ListAPIKeysCommand.self, ShowAPIKeyCommand.self, EnableAPIKeyCommand.self,
            DisableAPIKeyCommand.self, DeleteAPIKeyCommand.self,
        ]
    )
}

/// What every API-key subcommand takes: the connection and whose keys.
struct APIKeyOwnerOptions: ParsableArguments {
    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Option(help: ArgumentHelp("Whose keys: an id, an email, or a unique prefix (the active user by default).", valueName: "user"),
        completion: .custom(UserNameCompletion.complete))
    var user: String?

    /// Runs `body` with the owner's key client, errors in words.
    func withKeys<T>(_ body: (APIKeyClient) async throws -> T) async throws -> T {
        try await connection.withApp { app in
            let owner = try UserResolver.namedOrCurrent(user, in: app)
            try await pins.unlock(owner)
            return try await body(owner.apiKeysAuth)
        }
    }
}

extension APIKey {
    /// The columns `roster api-keys list` and `show` print under their header.
    static let header = ["ID", "STATE", "NAME"]

    var columns: [String] { [id, disabled ? "disabled" : "enabled", name] }

    /// The keys as a table with its header row.
    static func table(_ keys: [APIKey]) -> String {
        TextTable(header: header, rows: keys.map(\.columns)).render()
    }
}

struct CreateAPIKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Make a key. It is given this once: into --output FILE (owner-only), or on stdout when piped.",
        discussion: "It is never printed on a terminal, where it would stay in the scrollback.")

    @OptionGroup var options: APIKeyOwnerOptions

    @Argument(help: "A name for the key, unique for the user.")
    var name: String

    @Option(help: ArgumentHelp("Write the key to this new file, readable by its owner only.", valueName: "file"))
    var output: String?

    func validate() throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.count <= 64 else {
            throw ValidationError("the name must be 1 to 64 characters")
        }
        if output == nil, isatty(STDOUT_FILENO) == 1 {
            throw ValidationError("the key would stay on the terminal: give --output FILE, or pipe it to where it goes")
        }
        if let output, FileManager.default.fileExists(atPath: output) {
            throw ValidationError("\(output) exists; the key goes only into a new file")
        }
    }

    func run() async throws {
        let key = try await options.withKeys { try await $0.create(name: name) }
        guard let secret = key.key else { throw CommandFailure("the server made the key but did not return it") }
        guard let output else {
            print(secret)
            return
        }
        // Owner-only from its first byte: created 0600 and exclusively, never made and then narrowed.
        do {
            try PrivateFiles.writeNew(URL(fileURLWithPath: output), contents: Data((secret + "\n").utf8))
        } catch {
            throw CommandFailure("cannot write \(output); the key \(key.id) was made: delete it with `roster api-keys delete \(key.id)`")
        }
        print("Created API key '\(TerminalText.printable(key.name))' (\(key.id)) in \(output).")
    }
}

struct ListAPIKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "The user's keys: id, state, name, under a header row.")

    @OptionGroup var options: APIKeyOwnerOptions

    func run() async throws {
        let keys = try await options.withKeys { try await $0.list() }
        print(keys.isEmpty ? "No API keys." : APIKey.table(keys))
    }
}

struct ShowAPIKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "One key by id.")

    @OptionGroup var options: APIKeyOwnerOptions

    @Argument(help: "The key's id.") var id: String

    func run() async throws {
        print(APIKey.table([try await options.withKeys { try await $0.fetch(id: id) }]))
    }
}

struct EnableAPIKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "enable", abstract: "Let a disabled key log in again.")

    @OptionGroup var options: APIKeyOwnerOptions

    @Argument(help: "The key's id.") var id: String

    func run() async throws {
        try await options.withKeys { try await $0.enable(id: id) }
        print("Enabled API key \(id).")
    }
}

struct DisableAPIKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "disable", abstract: "Stop a key from logging in, until enabled.")

    @OptionGroup var options: APIKeyOwnerOptions

    @Argument(help: "The key's id.") var id: String

    func run() async throws {
        try await options.withKeys { try await $0.disable(id: id) }
        print("Disabled API key \(id).")
    }
}

struct DeleteAPIKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a key for good.")

    @OptionGroup var options: APIKeyOwnerOptions

    @Argument(help: "The key's id.") var id: String

    func run() async throws {
        try await options.withKeys { try await $0.delete(id: id) }
        print("Deleted API key \(id).")
    }
}
