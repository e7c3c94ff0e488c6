import ArgumentParser
import Foundation

/// How `roster env` writes variables: for `eval` in sh, bash and zsh (`sh`), for fish's
/// `source` (`fish`), as one JSON object (`json`), or as a `.env` file (`dotenv`). Every value is
/// quoted so that the shell reads it back byte for byte and runs nothing of it, whatever it
/// holds: a name or an app id comes from outside.
///
///     try VariableFormat.sh.render([("ROSTER_USER_NAME", "O'Brien")]) // export ROSTER_USER_NAME='O'\''Brien'
enum VariableFormat: String, CaseIterable, ExpressibleByArgument {
    case sh, fish, json, dotenv

    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// The variables as this format writes them, one a line (JSON: one object), in the order given.
    func render(_ variables: [(name: String, value: String)]) throws -> String {
        for (name, value) in variables {
            // No environment can hold a NUL, and no shell reads one back.
            if value.utf8.contains(0) { throw Refusal(description: "\(name) holds a NUL byte, which no environment can carry") }
        }
        switch self {
        case .sh:
            return variables.map { "export \($0.name)=\(Self.shQuoted($0.value))\n" }.joined()
        case .fish:
            return variables.map { "set -gx \($0.name) \(Self.fishQuoted($0.value))\n" }.joined()
        case .json:
            let fields = try variables.map { "  \(try Self.jsonString($0.name)): \(try Self.jsonString($0.value))" }
            return "{\n" + fields.joined(separator: ",\n") + "\n}\n"
        case .dotenv:
            return try variables.map { "\($0.name)=\(try Self.dotenvQuoted($0.name, $0.value))\n" }.joined()
        }
    }

    /// POSIX single quotes: nothing inside is special; a quote ends them, is escaped, and they
    /// start again (`'\''`).
    static func shQuoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// fish's single quotes, where only `\\` and `\'` are escapes.
    static func fishQuoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: #"\"#, with: #"\\"#).replacingOccurrences(of: "'", with: #"\'"#) + "'"
    }

    static func jsonString(_ value: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// `.env` files are read by many parsers (python-dotenv, Node's dotenv, direnv's
    /// `dotenv`, `set -a; . FILE`) that agree on single quotes holding text as it is, and on
    /// little else: a value they would each read differently (a quote, a backslash, a control
    /// character) is refused rather than written.
    static func dotenvQuoted(_ name: String, _ value: String) throws -> String {
        if let odd = value.unicodeScalars.first(where: { $0 == "'" || $0 == "\\" || $0.properties.generalCategory == .control }) {
            throw Refusal(description: "\(name) holds \(odd == "'" ? "a quote" : odd == "\\" ? "a backslash" : "a control character"), "
                + "which .env readers disagree on: use --format sh or json")
        }
        return "'" + value + "'"
    }
}
