import Foundation
import RosterCore
import RosterWire

/// Which user a subcommand acts as, and the rule that chose, in one order (the README's table):
/// a user named on the command line (`USER` or `--user`), then `ROSTER_USER`, then the nearest
/// `.roster-user` file from the current directory up, then the device's active user.
///
///     let choice = try UserChoice.choose(named: nil, environment: ["ROSTER_USER": "joe"], directory: "/home/ann/work")
///     choice.rule // .environment
struct UserChoice: Equatable {
    enum Rule: Equatable {
        case commandLine
        case environment
        /// The `.roster-user` file at this path.
        case directoryFile(String)
        case active
    }

    /// The name to resolve (an id, an email, a prefix); nil for the active user.
    var name: String?
    var rule: Rule

    /// The environment variable that names a user for every subcommand.
    static let environmentKey = "ROSTER_USER"
    /// The file that names a user for a directory and those below it.
    static let fileName = ".roster-user"
    /// The most a `.roster-user` may hold: a name and a newline.
    static let fileBytes = 1024
    /// The most directories looked through on the way up.
    static let deepest = 256

    /// The rule in words, for `roster whoami`.
    var words: String {
        switch rule {
        case .commandLine: "named on the command line"
        case .environment: "\(Self.environmentKey) names them"
        case .directoryFile(let path): "\(path) names them"
        case .active: "the device's active user"
        }
    }

    /// The choice for a subcommand given `named` on its command line, in `directory`, with this
    /// process's environment; refuses a `.roster-user` that someone else could have written.
    static func choose(
        named: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        directory: String = FileManager.default.currentDirectoryPath, owner: uid_t = getuid()
    ) throws -> UserChoice {
        if let named { return UserChoice(name: named, rule: .commandLine) }
        if let variable = environment[environmentKey]?.trimmingCharacters(in: .whitespaces), !variable.isEmpty {
            return UserChoice(name: variable, rule: .environment)
        }
        if let (path, name) = try nearestFile(from: directory, owner: owner) {
            return UserChoice(name: name, rule: .directoryFile(path))
        }
        return UserChoice(name: nil, rule: .active)
    }

    /// The nearest `.roster-user` from `directory` up, and the name its first line holds.
    static func nearestFile(from directory: String, owner: uid_t) throws -> (path: String, name: String)? {
        var current = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        for _ in 0..<deepest {
            let path = current.appendingPathComponent(fileName).path
            var info = stat()
            if lstat(path, &info) == 0 {
                return (path, try name(in: path, owner: owner))
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
        return nil
    }

    /// The name in the file at `path`: only a regular file of this user's (or root's) that no
    /// one else may write, since it decides who a command acts as.
    static func name(in path: String, owner: uid_t) throws -> String {
        let shown = TerminalText.printable(path)
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw CommandFailure("\(shown) is not a regular file; remove it or write a user's name in it")
        }
        guard info.st_uid == owner || info.st_uid == 0 else {
            throw CommandFailure("\(shown) belongs to another account, so it does not choose your user; remove it or set ROSTER_USER")
        }
        guard info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            throw CommandFailure("\(shown) may be written by others, so it does not choose your user: chmod go-w it")
        }
        let data: Data
        do { data = try BoundedFile.read(path, atMost: fileBytes) } catch { throw CommandFailure(error.description) }
        let first = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let name = first.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, TerminalText.printable(name) == name else {
            throw CommandFailure("\(shown) names no user: write an id, an email or a prefix on its first line")
        }
        return name
    }

    /// The user chosen, among those on the device.
    func user(in app: App) throws -> User {
        if let name { return try UserResolver(app: app).resolve(name) }
        guard let current = app.currentUser else {
            throw CommandFailure("no active user; name one or log in with `roster login`")
        }
        return current
    }
}
