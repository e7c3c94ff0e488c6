/// The switcher's colours, role by role (`ColorRole`): the defaults, with what a config file
/// changes. A colour is a name (`default` is the terminal's own, then `black`, `red`, `green`,
/// `yellow`, `blue`, `magenta`, `cyan`, `white`) or a number of the terminal's palette (0-255).
/// The QR code keeps dark on light whatever the theme, or phones cannot read it.
///
///     let theme = try Theme(["title": .init(foreground: "black", background: "cyan")])
public struct Theme: Sendable, Equatable {
    /// A role's colours: foreground and background, each a palette number or -1 for the
    /// terminal's own.
    public struct Colors: Sendable, Equatable {
        public var foreground: Int16
        public var background: Int16

        public init(foreground: Int16, background: Int16) {
            self.foreground = foreground
            self.background = background
        }
    }

    /// A role's colours as a config file writes them; nil keeps the default.
    public struct Change: Sendable, Equatable {
        public var foreground: String?
        public var background: String?

        public init(foreground: String? = nil, background: String? = nil) {
            self.foreground = foreground
            self.background = background
        }
    }

    /// The roles a theme sets, by the names a config file uses, in the order they are listed.
    public static let roles: [(name: String, role: ColorRole)] = [
        ("title", .title), ("active", .active), ("loggedIn", .loggedIn), ("loggedOut", .loggedOut), ("error", .error), ("hint", .hint),
        ("field", .field),
    ]

    public static let colorNames = ["default", "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    public private(set) var colors: [ColorRole: Colors]

    public init() {
        colors = [
            .title: Colors(foreground: 7, background: 4), .active: Colors(foreground: 2, background: -1),
            .loggedIn: Colors(foreground: 6, background: -1), .loggedOut: Colors(foreground: 3, background: -1),
            .error: Colors(foreground: 1, background: -1), .hint: Colors(foreground: -1, background: -1),
            .field: Colors(foreground: 5, background: -1), .code: Colors(foreground: 0, background: 7),
        ]
    }

    /// The defaults with `changes` made, by role name; throws a refusal in words for an unknown
    /// role or colour.
    public init(_ changes: [String: Change]) throws(SettingsRefusal) {
        self.init()
        for (name, change) in changes.sorted(by: { $0.key < $1.key }) {
            guard let role = Self.roles.first(where: { $0.name == name })?.role else {
                throw SettingsRefusal("theme.\(name) is not a role; the roles are \(Self.roles.map(\.name).joined(separator: ", "))")
            }
            var colors = self.colors[role]!
            if let foreground = change.foreground { colors.foreground = try Self.color(foreground, "theme.\(name).foreground") }
            if let background = change.background { colors.background = try Self.color(background, "theme.\(name).background") }
            self.colors[role] = colors
        }
    }

    public func colors(_ role: ColorRole) -> Colors { colors[role] ?? Colors(foreground: -1, background: -1) }

    /// A colour's palette number from its name or number.
    static func color(_ text: String, _ setting: String) throws(SettingsRefusal) -> Int16 {
        if let index = colorNames.firstIndex(of: text.lowercased()) { return Int16(index - 1) }
        if let number = Int16(text), (0...255).contains(number) { return number }
        throw SettingsRefusal("\(setting) is a colour (\(colorNames.joined(separator: ", ")), or 0-255), not '\(text.prefix(20))'")
    }

    /// A palette number as a config file writes it: its name when it has one.
    public static func name(_ color: Int16) -> String {
        (-1...7).contains(color) ? colorNames[Int(color) + 1] : String(color)
    }
}
