/// The keys of each screen: one line for the status bar, the full list for help.
enum KeyHints {
    /// The user list's keys, as `keys` binds its commands.
    static func list(_ keys: KeyBindings) -> [(key: String, meaning: String)] {
        func k(_ command: ListCommand) -> String { String(keys.key(command)) }
        return [
            ("↑/↓ j/k", "move"), ("g/G Home/End", "first/last user"), ("PgUp/PgDn", "a page up/down"), ("Ctrl-U/Ctrl-D", "half a page up/down"),
            ("Enter", "switch to the user (log in if logged out)"),
            (k(.logIn), "log in a user"), (k(.apiKeys), "the user's API keys (make, enable, disable, delete)"),
            (k(.link), "link another log-in to the user (an anonymous user is then kept)"), (k(.logOut), "log out"), (k(.remove), "remove from this device"),
            (k(.delete), "delete the account on the server"), (k(.account), "password reset and email confirmation"),
            (k(.history), "the device's history (log-ins, switches, wrong PINs, locks)"), (k(.refresh), "refresh custom data"),
            (k(.edit), "edit the user's custom data (add, change, remove fields; s saves)"),
            (k(.filter), "filter by name, email or id; provider:text by provider too (Esc clears)"),
            (k(.find), "find as you type: jump to a name, email or id (↑/↓ the next match)"), (k(.lastMessage), "the last message in full, and the earlier ones"),
            (k(.copyId), "copy the user's id to the clipboard (over SSH too)"),
            ("mouse", "click selects, double click switches, the wheel moves or scrolls the pane under it"), ("?", "this help"), (k(.quit), "quit"),
            ("Ctrl-C", "quit from any screen"), ("Ctrl-L", "draw the screen again"),
            ("Ctrl-Z", "suspend to the shell; fg brings the switcher back"),
        ]
    }

    /// The hint line of the screen on show, as much as fits in `width` columns: hints are
    /// dropped from the least needed (the last) on, but the way to help and out (`?`, F1, `q`, Esc)
    /// always stays.
    static func line(for model: Model, width: Int) -> String {
        let quit = "\(model.keys.key(.quit)) quit"
        var hints = self.hints(for: model).split(separator: " · ").map { model.isKiosk && $0 == quit ? "\(model.keys.key(.quit)) \(kioskQuitWords)" : String($0) }
        func joined() -> String { hints.joined(separator: " · ") }
        while DisplayWidth.of(joined()) > width, let drop = hints.lastIndex(where: { !isKept($0) }) {
            hints.remove(at: drop)
        }
        return joined()
    }

    /// What `q` does in a kiosk (BEHAVIOURS 54).
    static let kioskQuit = "q \(kioskQuitWords)"
    static let kioskQuitWords = "leave (admin PIN)"

    /// Every hint of the screen on show, most needed first, `?` and the ways out last.
    static func hints(for model: Model) -> String {
        if model.messageBox != nil { return "↑/↓ j/k scroll · Esc close · q quit" }
        return switch model.mode {
        case .list where model.isIdleLocked: "Enter unlock · s switch user · q quit · ? keys"
        case .list where model.list.find != nil: "type to find · ↑/↓ previous/next match · Enter keep · Esc back"
        case .list where model.list.isEditingFilter: "type to filter · Enter keep · Esc clear"
        // Nobody to switch to, log out, remove or refresh: only what can be done is offered.
        case .list: listHints(model)
        case .confirm(let question): "Tab choose · Enter confirm · y \(question.kind.verb.lowercased()) · Esc cancel"
        case .loginForm(let form) where form.device != nil: "approve on the other device · Esc cancel"
        case .loginForm(let form): loginFormHints(form)
        case .account: "Tab/Shift-Tab field · Space task · Ctrl-R show/hide secret · Enter send · F1 help · Esc cancel"
        case .dataEditor(let editor) where editor.typing != nil: "type · Enter take it · Esc drop it"
        case .dataEditor(let editor) where editor.closing != nil: "Tab choose · Enter answer · s save · d discard · Esc cancel"
        case .dataEditor: "↑/↓ move · Enter change · a add · d remove · s save · Esc leave (asks if not saved)"
        case .apiKeys(let screen) where screen.created != nil: "any key: done (the key is not shown again)"
        case .apiKeys(let screen) where screen.naming != nil: "type a name · Enter make · Esc cancel"
        case .apiKeys(let screen) where screen.deleting != nil: "Tab choose · Enter answer · y delete · Esc keep"
        case .apiKeys: "↑/↓ move · n new · Space enable/disable · d delete · r read again · Esc back · q quit"
        case .secretPrompt: "type the PIN · Enter check · Esc cancel · F1 keys"
        case .history: "j/k scroll · Esc back · q quit"
        case .failure: "q quit"
        }
    }

    /// The log-in form's hints for the field in focus: what Space does where it does something,
    /// Ctrl-R on a secret.
    private static func loginFormHints(_ form: LoginForm) -> String {
        let focused: String? =
            switch form.focus {
            case .provider: "←/→ Space provider"
            case .register: "Space tick/untick"
            default: form.secret(form.focus) != nil ? "Ctrl-R show/hide" : nil
            }
        // `!` reads the last message whole where it cannot be typed.
        let message: String? = form.isText(form.focus) ? nil : "! message"
        return (["Tab/Shift-Tab field"] + [focused].compactMap { $0 } + ["Enter submit", message].compactMap { $0 } + ["F1 help", "Esc cancel"])
            .joined(separator: " · ")
    }

    /// The list's hints, with the keys the config file gives its commands.
    private static func listHints(_ model: Model) -> String {
        let keys = model.keys
        let (logIn, help, quit) = ("\(keys.key(.logIn)) log in", "? help", "\(keys.key(.quit)) quit")
        // Nobody to switch to, log out, remove or refresh: only what can be done is offered.
        if model.list.deviceUserCount == 0 { return [logIn, help, quit].joined(separator: " · ") }
        if model.list.shownCount == 0 { return ["\(keys.key(.filter)) filter", "Esc clear", logIn, help, quit].joined(separator: " · ") }
        return [
            "Enter switch", logIn, "\(keys.key(.filter)) filter", "\(keys.key(.logOut)) log out", "\(keys.key(.remove)) remove",
            "\(keys.key(.refresh)) refresh", help, quit,
        ].joined(separator: " · ")
    }

    /// Help, quitting and going back are never dropped from the line.
    private static func isKept(_ hint: String) -> Bool {
        hint.hasPrefix("? ") || hint.hasPrefix("F1 ") || hint.hasSuffix(" quit") || hint.hasSuffix(" \(kioskQuitWords)") || hint.hasPrefix("Esc ")
            || hint.hasPrefix("Enter ")
    }
}
