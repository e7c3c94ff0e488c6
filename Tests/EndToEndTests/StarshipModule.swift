import Foundation

/// A starship custom module (a `[custom.NAME]` table in `~/.config/starship.toml`), read and run
/// as starship 1.x reads and runs one: the README's prompt module, tested where starship itself
/// cannot be installed (it has no Debian package). What the module depends on, from starship's
/// documented behaviour:
/// - the file is TOML (read here by Python's `tomllib`); a module takes only the keys starship
///   knows (starship warns of any other and ignores it: refused here, since a mistyped key is a
///   module that silently does nothing);
/// - `when` decides whether the module shows: `true` or `false`, or a command that must exit 0;
///   without it the module shows only beside its `detect_*` files;
/// - `when` and `command` run in `shell` (by default `$STARSHIP_SHELL`, the shell `starship init`
///   set up, else `sh`) as `SHELL -c COMMAND`, in the prompt's directory, with the shell's
///   environment and `STARSHIP_PREV_STATUS_CODE`, on pipes (no terminal), and must end within
///   the root's `command_timeout` (500 ms unless set) or starship shows nothing of them;
/// - `$output` is the command's stdout, trimmed, when it exits 0, and empty otherwise; `format`
///   is a format string: `[format](style)` text groups, `(format)` shown only when a variable in
///   it is not empty, `$name` and `${name}` variables, `\` escaping `[ ] ( ) $ \`.
///
///     let module = try StarshipModule(toml: block)
///     let shown = try module.prompt(environment: ["STARSHIP_SHELL": "bash", …], directory: home)
///     shown.text // "as emma@example.com "
struct StarshipModule {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// What the module put in the prompt: its pieces of text, each with its style, and why a
    /// command counted for nothing (it ran past `command_timeout`).
    struct Shown {
        var segments: [(text: String, style: String?)] = []
        var notes: [String] = []
        var text: String { segments.map(\.text).joined() }
    }

    enum When {
        case always(Bool)
        case command(String)
    }

    let name: String
    let command: String
    let when: When
    let shell: [String]
    let format: String
    let style: String
    let symbol: String
    let useStdin: Bool?
    let ignoreTimeout: Bool
    /// The root's `command_timeout`, in milliseconds.
    let commandTimeout: Int

    /// The keys starship's custom module reads (with their older aliases).
    static let knownKeys: Set<String> = [
        "format", "symbol", "command", "when", "require_repo", "shell", "description", "style", "disabled",
        "detect_files", "files", "detect_extensions", "extensions", "detect_folders", "directories", "os",
        "use_stdin", "ignore_timeout", "unsafe_no_escape",
    ]

    /// Reads the one custom module of a `starship.toml`; refuses what starship would not run as
    /// written: a module that is disabled, needs a repository, files or another system to show,
    /// a key of the wrong type or unknown, a format or style starship cannot read.
    init(toml: String) throws {
        let root = try Self.parse(toml: toml)
        if let format = root["format"] as? String, !["$all", "$custom", "${custom"].contains(where: { format.contains($0) }) {
            throw Failure("the root format leaves out custom modules: \(format)")
        }
        guard let custom = root["custom"] as? [String: Any], custom.count == 1, let entry = custom.first,
            let module = entry.value as? [String: Any]
        else { throw Failure("expected one [custom.NAME] table, found \(root.keys.sorted())") }
        let name = entry.key
        let unknown = Set(module.keys).subtracting(Self.knownKeys)
        guard unknown.isEmpty else { throw Failure("[custom.\(name)] has keys starship does not read: \(unknown.sorted())") }
        func text(_ key: String, _ fallback: String) throws -> String {
            guard let value = module[key] else { return fallback }
            guard let text = value as? String else { throw Failure("[custom.\(name)] \(key) must be a string") }
            return text
        }
        func flag(_ key: String) throws -> Bool? {
            guard let value = module[key] else { return nil }
            guard let flag = value as? Bool else { throw Failure("[custom.\(name)] \(key) must be true or false") }
            return flag
        }
        self.name = name
        command = try text("command", "")
        format = try text("format", "[$symbol($output )]($style)")
        style = try text("style", "green bold")
        symbol = try text("symbol", "")
        useStdin = try flag("use_stdin")
        ignoreTimeout = try flag("ignore_timeout") ?? false
        switch module["when"] {
        case nil: when = .always(false)
        case let flag as Bool: when = .always(flag)
        case let line as String: when = .command(line)
        default: throw Failure("[custom.\(name)] when must be true, false or a command")
        }
        switch module["shell"] {
        case nil: shell = []
        case let one as String: shell = [one]
        case let many as [Any] where many.allSatisfy({ $0 is String }): shell = many.compactMap { $0 as? String }
        default: throw Failure("[custom.\(name)] shell must be a string or a list of strings")
        }
        switch root["command_timeout"] {
        case nil: commandTimeout = 500
        case let number as Int where number > 0: commandTimeout = number
        default: throw Failure("command_timeout must be a positive number of milliseconds")
        }
        if try flag("disabled") == true { throw Failure("[custom.\(name)] is disabled") }
        if try flag("require_repo") == true || module["os"] != nil {
            throw Failure("[custom.\(name)] shows only in a repository or on one system")
        }
        if case .always(false) = when {
            throw Failure("[custom.\(name)] never shows: starship needs when = true or a command (or detect_* files)")
        }
        guard !command.isEmpty else { throw Failure("[custom.\(name)] has no command") }
        _ = try FormatString.parse(format)
        try Self.checkStyle(style)
    }

    /// The module as starship draws it in a prompt whose shell has `environment` (with
    /// `STARSHIP_SHELL` as `starship init` sets it) and is in `directory`: nothing when `when`
    /// says no, else `format` with `$output`.
    func prompt(environment: [String: String], directory: URL) throws -> Shown {
        var notes: [String] = []
        func ran(_ line: String) throws -> String? {
            let result = try run(line, environment: environment, directory: directory)
            if !ignoreTimeout, result.milliseconds > Double(commandTimeout) {
                notes.append("`\(line)` took \(Int(result.milliseconds)) ms, past command_timeout (\(commandTimeout) ms): starship stops it")
                return nil
            }
            return result.status == 0 ? result.stdout : nil
        }
        if case .command(let line) = when, try ran(line) == nil {
            return Shown(notes: notes)
        }
        let output = try ran(command)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        var shown = try FormatString.render(format, variables: ["output": output, "symbol": symbol, "style": style])
        shown.notes = notes
        return shown
    }

    /// One command run as starship runs `when` and `command`, and how long it took.
    func run(_ line: String, environment: [String: String], directory: URL) throws -> (status: Int32, stdout: String, milliseconds: Double) {
        let program = shell.first ?? environment["STARSHIP_SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "sh"
        var arguments = shell.count > 1 ? Array(shell.dropFirst()) : ["-c"]
        let name = URL(fileURLWithPath: program).deletingPathExtension().lastPathComponent
        let stdin = useStdin ?? ["pwsh", "powershell"].contains(name)
        if !stdin { arguments.append(line) }
        var environment = environment
        environment["STARSHIP_PREV_STATUS_CODE"] = "0"
        let path = try Self.resolve(program, environment: environment)
        // `env -C` starts the shell in the prompt's directory, as starship does, changing nothing else.
        let started = Date()
        let ran = try ChildProcess.run(
            path: "/usr/bin/env", ["-C", directory.path, path] + arguments, environment: environment, stdin: stdin ? Data(line.utf8) : nil)
        return (ran.status, String(decoding: ran.stdout, as: UTF8.self), Date().timeIntervalSince(started) * 1000)
    }

    /// A program named without a path, found on the environment's `PATH` as starship finds it.
    static func resolve(_ program: String, environment: [String: String]) throws -> String {
        if program.contains("/") { return program }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw Failure("no \(program) on PATH")
    }

    /// The TOML document as Python's `tomllib` reads it (Python 3.11 and later).
    static func parse(toml: String) throws -> [String: Any] {
        let script = "import json, sys, tomllib; print(json.dumps(tomllib.loads(sys.stdin.read())))"
        let ran = try ChildProcess.run(
            path: "/usr/bin/python3", ["-c", script], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], stdin: Data(toml.utf8))
        guard ran.status == 0 else {
            throw Failure("not TOML starship can read (python3's tomllib): \(String(decoding: ran.stderr, as: UTF8.self))")
        }
        guard let root = try JSONSerialization.jsonObject(with: ran.stdout) as? [String: Any] else { throw Failure("not a TOML table") }
        return root
    }

    /// A style string as starship reads it: words for the look (`bold`, `italic`, …) and colours
    /// (`blue`, `bright-blue`, `#1e90ff`, `0`–`255`, each as is or after `fg:` or `bg:`).
    static func checkStyle(_ style: String) throws {
        let looks: Set<String> = ["bold", "italic", "underline", "dimmed", "inverted", "blink", "hidden", "strikethrough", "none"]
        let colours: Set<String> = ["black", "red", "green", "blue", "yellow", "purple", "cyan", "white", "prev_fg", "prev_bg"]
        for word in style.lowercased().split(separator: " ").map(String.init) {
            var colour = word
            for side in ["fg:", "bg:"] where colour.hasPrefix(side) { colour = String(colour.dropFirst(side.count)) }
            if colour.hasPrefix("bright-") { colour = String(colour.dropFirst("bright-".count)) }
            let hex = colour.count == 7 && colour.hasPrefix("#") && colour.dropFirst().allSatisfy(\.isHexDigit)
            let numbered = UInt8(colour) != nil
            guard looks.contains(word) || colours.contains(colour) || hex || numbered else {
                throw Failure("starship does not read '\(word)' in the style '\(style)'")
            }
        }
    }
}

/// Starship's format strings: text, `$name` and `${name}` variables, `[format](style)` text
/// groups and `(format)` conditional groups, `\` escaping `[ ] ( ) $ \`.
enum FormatString {
    indirect enum Element {
        case text(String)
        case variable(String)
        case group([Element], style: [Element])
        case conditional([Element])
    }

    static func parse(_ format: String) throws -> [Element] {
        var reader = Reader(characters: Array(format))
        return try reader.elements(closedBy: nil)
    }

    /// The segments `format` draws with these variables; a variable it does not know is refused
    /// (starship would draw it as empty, which in a README is a slip).
    static func render(_ format: String, variables: [String: String]) throws -> StarshipModule.Shown {
        var shown = StarshipModule.Shown()
        func anyShown(_ elements: [Element]) throws -> Bool {
            try elements.contains { element in
                switch element {
                case .text: false
                case .variable(let name): !(variables[name] ?? "").isEmpty
                case .group(let inner, _), .conditional(let inner): try anyShown(inner)
                }
            }
        }
        func draw(_ elements: [Element], style: String?) throws {
            for element in elements {
                switch element {
                case .text(let text): shown.segments.append((text: text, style: style))
                case .variable(let name):
                    guard let value = variables[name] else { throw StarshipModule.Failure("the format names $\(name), which the module does not have") }
                    if !value.isEmpty { shown.segments.append((text: value, style: style)) }
                case .group(let inner, let styleElements):
                    var words = ""
                    for part in styleElements {
                        switch part {
                        case .text(let text): words += text
                        case .variable(let name) where name == "style": words += variables["style"] ?? ""
                        default: throw StarshipModule.Failure("a style holds only words and $style")
                        }
                    }
                    try StarshipModule.checkStyle(words)
                    try draw(inner, style: words)
                case .conditional(let inner):
                    if try anyShown(inner) { try draw(inner, style: style) }
                }
            }
        }
        try draw(try parse(format), style: nil)
        return shown
    }

    private struct Reader {
        let characters: [Character]
        var index = 0

        mutating func elements(closedBy end: Character?) throws -> [Element] {
            var elements: [Element] = []
            var text = ""
            func flush() {
                if !text.isEmpty { elements.append(.text(text)) }
                text = ""
            }
            while index < characters.count {
                let character = characters[index]
                index += 1
                if let end, character == end {
                    flush()
                    return elements
                }
                switch character {
                case "\\":
                    guard index < characters.count, "[]()$\\".contains(characters[index]) else {
                        throw StarshipModule.Failure("a \\ escapes only [ ] ( ) $ \\")
                    }
                    text.append(characters[index])
                    index += 1
                case "$":
                    flush()
                    elements.append(.variable(try variableName()))
                case "[":
                    flush()
                    let inner = try self.elements(closedBy: "]")
                    guard index < characters.count, characters[index] == "(" else {
                        throw StarshipModule.Failure("a text group [format] needs its (style) right after it")
                    }
                    index += 1
                    elements.append(.group(inner, style: try self.elements(closedBy: ")")))
                case "(":
                    flush()
                    elements.append(.conditional(try self.elements(closedBy: ")")))
                case "]", ")":
                    throw StarshipModule.Failure("an unopened \(character) in the format")
                default:
                    text.append(character)
                }
            }
            if let end { throw StarshipModule.Failure("the format leaves a group open (no \(end))") }
            flush()
            return elements
        }

        mutating func variableName() throws -> String {
            var name = ""
            if index < characters.count, characters[index] == "{" {
                index += 1
                while index < characters.count, characters[index] != "}" {
                    name.append(characters[index])
                    index += 1
                }
                guard index < characters.count, !name.isEmpty else { throw StarshipModule.Failure("an unclosed ${ in the format") }
                index += 1
                return name
            }
            while index < characters.count, characters[index] == "_" || characters[index].isLetter && characters[index].isASCII
                || (!name.isEmpty && characters[index].isASCII && characters[index].isNumber)
            {
                name.append(characters[index])
                index += 1
            }
            guard !name.isEmpty else { throw StarshipModule.Failure("a $ with no variable name in the format") }
            return name
        }
    }
}
