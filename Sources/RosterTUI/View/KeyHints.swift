/// The keys of each screen: one line for the status bar, the full list for help.
enum KeyHints {
    static let list: [(key: String, meaning: String)] = [
        ("↑/↓ j/k", "move"), ("g/G Home/End", "first/last user"), ("PgUp/PgDn", "a page up/down"), ("Ctrl-U/Ctrl-D", "half a page up/down"),
        ("Enter", "switch to the user (log in if logged out)"),
        ("n", "log in a user"), ("a", "the user's API keys (make, enable, disable, delete)"), ("l", "link another log-in to the user (an anonymous user is then kept)"), ("o", "log out"), ("x", "remove from this device"), ("d", "delete the account on the server"),
        ("p", "password reset and email confirmation"), ("h", "the device's history (log-ins, switches, wrong PINs, locks)"), ("r", "refresh custom data"), ("e", "edit the user's custom data (add, change, remove fields; s saves)"),
        ("/", "filter by name, email or id; provider:text by provider too (Esc clears)"), ("f", "find as you type: jump to a name, email or id (↑/↓ the next match)"), ("!", "the last message in full, and the earlier ones"), ("y", "copy the user's id to the clipboard (over SSH too)"),
        ("mouse", "click selects, double click switches, the wheel moves or scrolls the pane under it"), ("?", "this help"), ("q", "quit"),
        ("Ctrl-C", "quit from any screen"), ("Ctrl-L", "draw the screen again"),
        ("Ctrl-Z", "suspend to the shell; fg brings the switcher back"),
    ]

    /// The hint line of the screen on show, as much as fits in `width` columns: hints are
    /// dropped from the least needed (the last) on, but the way to help and out (`?`, F1, `q`, Esc)
    /// always stays.
    static func line(for model: Model, width: Int) -> String {
        var hints = self.hints(for: model).split(separator: " · ").map { model.isKiosk && $0 == "q quit" ? kioskQuit : String($0) }
        func joined() -> String { hints.joined(separator: " · ") }
        while DisplayWidth.of(joined()) > width, let drop = hints.lastIndex(where: { !isKept($0) }) {
            hints.remove(at: drop)
        }
        return joined()
    }

    /// What `q` does in a kiosk (BEHAVIOURS 54).
    static let kioskQuit = "q leave (admin PIN)"

    /// Every hint of the screen on show, most needed first, `?` and the ways out last.
    static func hints(for model: Model) -> String {
        switch model.mode {
        case .list where model.isIdleLocked: "Enter unlock · s switch user · q quit · ? keys"
        case .list where model.find != nil: "type to find · ↑/↓ previous/next match · Enter keep · Esc back"
        case .list where model.isEditingFilter: "type to filter · Enter keep · Esc clear"
        // Nobody to switch to, log out, remove or refresh: only what can be done is offered.
        case .list where model.users.isEmpty: "n log in · ? help · q quit"
        case .list where model.visibleUsers.isEmpty: "/ filter · Esc clear · n log in · ? help · q quit"
        case .list: "Enter switch · n log in · / filter · o log out · x remove · r refresh · ? help · q quit"
        case .confirm(let question): "Tab choose · Enter confirm · y \(question.kind.verb.lowercased()) · Esc cancel"
        case .loginForm(let form) where form.device != nil: "approve on the other device · Esc cancel"
        case .loginForm: "Tab/Shift-Tab field · Space change · Ctrl-R show/hide secret · Enter submit · F1 help · Esc cancel"
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
        case .lastMessage: "Esc close · q quit"
        }
    }

    /// Help, quitting and going back are never dropped from the line.
    private static func isKept(_ hint: String) -> Bool {
        hint.hasPrefix("? ") || hint.hasPrefix("F1 ") || hint.hasPrefix("q ") || hint.hasPrefix("Esc ") || hint.hasPrefix("Enter ")
    }
}
