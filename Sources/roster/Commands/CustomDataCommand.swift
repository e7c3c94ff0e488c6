import ArgumentParser
import Foundation
import RosterCore
import RosterWire

/// `roster custom-data`: show a user's custom data, or change it through data access.
struct CustomDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "custom-data",
        abstract: "Show or change a user's custom data.",
        subcommands: [ShowCustomDataCommand.self, SetCustomDataCommand.self, UnsetCustomDataCommand.self],
        defaultSubcommand: ShowCustomDataCommand.self
    )
}

/// `roster custom-data [show]`: a user's custom data, as of its access token; `--refresh`
/// fetches a new token first, so the data is as the server has it now.
struct ShowCustomDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a user's custom data (the active user if none is named); --json for Extended JSON.",
        discussion: "Without --refresh the data is what the device has, which may be older than the server's."
    )

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Flag(help: "Fetch a fresh access token first, and with it the server's current data.")
    var refresh = false

    @Flag(help: "Print relaxed Extended JSON (a date as {\"$date\": …}) rather than values as people read them.")
    var json = false

    @Argument(help: "An id, an email, or a unique prefix of either.", completion: .custom(UserNameCompletion.complete))
    var user: String?

    @OptionGroup var userOption: UserOption

    func validate() throws { _ = try userOption.named(user) }

    func run() async throws {
        let app = try await connection.openApp()
        let target = try UserResolver.namedOrCurrent(try userOption.named(user), in: app)
        if target.state == .loggedIn { try await pins.unlock(target) }
        if refresh {
            do {
                try await target.refreshCustomData()
            } catch {
                throw CommandFailure(error)
            }
        } else if target.state != .loggedIn {
            throw CommandFailure("\(target.displayName) is logged out, so the device holds no custom data")
        }
        if json {
            JSONOutput.print(target.customData)
        } else {
            print(target.customData.readableText())
        }
        if isatty(STDERR_FILENO) == 1, !refresh, let issued = target.customDataIssuedAt {
            let minutes = Int(Date().timeIntervalSince(issued) / 60)
            if minutes >= 1 {
                FileHandle.standardError.write(Data("as of \(minutes) min ago; --refresh fetches the server's\n".utf8))
            }
        }
    }
}

/// Who a change is for, and the change written to the user's own document.
struct CustomDataWriteOptions: ParsableArguments {
    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var pins: PINOptions

    @Option(help: ArgumentHelp("Whose data: an id, an email, or a unique prefix (the active user by default).", valueName: "user"),
        completion: .custom(UserNameCompletion.complete))
    var user: String?

    /// Applies `update` to the user's document (made when `upsert` and there is none), then
    /// prints the user's custom data, which the write has refreshed.
    func write(_ update: JSONValue, upsert: Bool) async throws {
        try await connection.withApp { app in
            let target = try UserResolver.namedOrCurrent(user, in: app)
            guard target.state == .loggedIn else { throw CommandFailure("\(target.displayName) is logged out; log in first") }
            try await pins.unlock(target)
            let result = try await target.updateCustomData(update, upsert: upsert)
            if result.matchedCount == 0 && result.upsertedId == nil {
                throw CommandFailure("\(target.displayName) has no custom data document")
            }
            JSONOutput.print(target.customData)
        }
    }
}

/// `roster custom-data set KEY VALUE` and `set --json DOCUMENT`.
struct SetCustomDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set a field of the user's custom data, or replace the whole document with --json.",
        discussion: """
            KEY may be a dotted path (preferences.theme). VALUE is read as JSON when it is JSON \
            (42, true, {"a": 1}, "quoted text"), otherwise as plain text. The document is made \
            when the user has none. --json - reads the document from stdin.
            """
    )

    @OptionGroup var options: CustomDataWriteOptions

    @Argument(help: "The field, or a dotted path to it.")
    var key: String?

    /// What follows KEY. Collected from what the parser leaves over rather than as a plain
    /// positional argument, which would skip a negative number (`-2.5`) as an unknown option.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The value: JSON, or plain text; a negative number needs no --.", valueName: "value"))
    var leftOver: [String] = []

    @Option(name: .customLong("json"), help: ArgumentHelp("Replace the whole document with this JSON object ('-' reads stdin).", valueName: "document"))
    var document: String?

    /// The words given as the value: after `--`, whatever they look like.
    private var valueWords: [String] { leftOver.first == "--" ? Array(leftOver.dropFirst()) : leftOver }

    /// The value, once `validate` has made sure there is at most one.
    var value: String? { valueWords.first }

    func validate() throws {
        if leftOver.first != "--", let stray = leftOver.first(where: { $0.hasPrefix("-") && !Self.isNegativeNumber($0) }) {
            throw ValidationError("Unknown option '\(stray)'")
        }
        guard valueWords.count <= 1 else {
            throw ValidationError("give one VALUE; quote a value with spaces")
        }
        if document != nil {
            guard key == nil, value == nil else { throw ValidationError("give KEY VALUE or --json DOCUMENT, not both") }
        } else {
            guard let key, value != nil else { throw ValidationError("give KEY and VALUE, or --json DOCUMENT") }
            try Self.checkKey(key)
        }
    }

    /// `-2.5`, `-42`, `-1e3`: JSON numbers below zero, which are values, not options.
    static func isNegativeNumber(_ text: String) -> Bool {
        guard text.hasPrefix("-"), let parsed = try? JSONValue(parsing: text) else { return false }
        switch parsed {
        case .int, .double: return true
        default: return false
        }
    }

    static func checkKey(_ key: String) throws {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        guard !key.isEmpty, parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("$") }), parts.first != "_id" else {
            throw ValidationError("'\(key)' is not a field: names separated by dots, none empty or starting with '$', and not _id")
        }
    }

    func run() async throws {
        if let document {
            let text = document == "-" ? String(decoding: BoundedFile.standardInput(atMost: 1 << 20), as: UTF8.self) : document
            guard case .object(let fields)? = try? JSONValue(parsing: text) else {
                throw CommandFailure("the document must be a JSON object")
            }
            guard !fields.keys.contains(where: { $0.hasPrefix("$") }) else {
                throw CommandFailure("the document's fields may not start with '$'")
            }
            try await options.write(.object(fields), upsert: true)
        } else if let key, let value {
            let parsed = (try? JSONValue(parsing: value)) ?? .string(value)
            try await options.write(["$set": .object([key: parsed])], upsert: true)
        }
    }
}

/// `roster custom-data unset KEY`.
struct UnsetCustomDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unset", abstract: "Remove a field from the user's custom data.")

    @OptionGroup var options: CustomDataWriteOptions

    @Argument(help: "The field, or a dotted path to it.")
    var key: String

    func validate() throws { try SetCustomDataCommand.checkKey(key) }

    func run() async throws {
        try await options.write(["$unset": .object([key: ""])], upsert: false)
    }
}
