/// The keys of each screen, as its `?` help lists them (and the README's tables do, word for
/// word). The user list's own keys are `KeyHints.list`.
enum ScreenKeys {
    typealias Row = (key: String, meaning: String)

    static let detail: [Row] = [
        ("Tab", "give the detail pane the keys; Tab or Esc gives them back"),
        ("J/K", "scroll the detail pane from the list"),
        ("↑/↓ j/k", "scroll a line, while the pane has the keys"),
        ("PgUp/PgDn Space", "scroll a page"),
        ("Ctrl-D/Ctrl-U", "scroll half a page"),
        ("g/G Home/End", "the top, the bottom"),
    ]

    /// Every text field: the forms', the editor's, a key's name.
    static let textField: [Row] = [
        ("←/→", "move the cursor"),
        ("Home/End Ctrl-A/Ctrl-E", "the start, the end of the line"),
        ("Backspace/Delete", "erase before, under the cursor"),
        ("Ctrl-U", "erase to the start of the line"),
        ("Ctrl-W", "erase the word before the cursor"),
    ]

    static let editor: [Row] = [
        ("↑/↓ j/k", "move"),
        ("g/G", "first, last field"),
        ("Enter c", "change the selected value (text stays text)"),
        ("Tab", "while typing a value: take it as text, or read it as JSON"),
        ("a", "add a field, or a nested one by its path (preferences.theme)"),
        ("d", "remove the selected field (one just added is simply dropped)"),
        ("s", "save every change as one update"),
        ("Esc", "drop what is being typed; leave (asks when changes are not saved)"),
        ("q", "quit (asks when changes are not saved)"),
        ("?", "these keys"),
    ]

    static let loginForm: [Row] = [
        ("Tab/Shift-Tab ↑/↓", "next, previous field"),
        ("←/→ Space 1-9", "on the provider: change it"),
        ("Space", "on New user: register a new account (the password is asked twice)"),
        ("Ctrl-R", "show or hide the focused secret"),
        ("!", "on the provider or New user: the last message in full (in a text field ! is typed)"),
        ("Enter", "log in"),
        ("Esc", "cancel"),
        ("? F1", "these keys (in a text field ? is typed: F1)"),
    ]

    static let accountForm: [Row] = [
        ("Tab/Shift-Tab ↑/↓", "next, previous field"),
        ("Space", "on the task: the next task"),
        ("Ctrl-R", "show or hide the focused secret"),
        ("Enter", "send (after a message is sent, the form goes on to the step that takes its token, filled in from the outbox on the embedded default under the open policy outside a kiosk)"),
        ("Esc", "cancel"),
        ("? F1", "these keys (in a text field ? is typed: F1)"),
    ]

    static let apiKeys: [Row] = [
        ("↑/↓ j/k", "move"),
        ("n", "make a key: name it, Enter; it is shown once"),
        ("Space e", "enable or disable the selected key"),
        ("d", "delete the selected key (asks; Keep is the default)"),
        ("r", "read the keys again"),
        ("Esc", "back to the users"),
        ("q", "quit"),
        ("?", "these keys"),
    ]

    static let history: [Row] = [
        ("↑/↓ j/k", "scroll a line"),
        ("PgUp/PgDn Space", "scroll a page"),
        ("Ctrl-D/Ctrl-U", "scroll half a page"),
        ("g/G Home/End", "the newest, the oldest"),
        ("Esc h Enter", "back to the users"),
        ("q", "quit"),
        ("?", "these keys"),
    ]

    static let secretPrompt: [Row] = [
        ("0-9", "type the PIN, shown as one * a digit (a password takes any character)"),
        ("Enter", "check it; each wrong one is counted: after 3 the next try waits (5 s, then doubling), after 10 the person is logged out on this device and logs in again"),
        ("Esc", "cancel; nobody is switched to or unlocked"),
        ("Tab", "logging out or removing somebody: give the device's admin PIN instead of theirs (and back)"),
        ("F1 ?", "these keys (? in a PIN box only: a password may hold it)"),
    ]

    static let idleLock: [Row] = [
        ("Enter", "give the active person's PIN (or password) to unlock"),
        ("s", "choose who is next; switching to them asks for their PIN"),
        ("q", "quit (in a kiosk, only with the admin PIN)"),
        ("? F1", "these keys"),
    ]

    static let dialog: [Row] = [
        ("←/→ h/l Tab", "move between the buttons"),
        ("Enter", "press the focused (highlighted) button"),
        ("y/n", "yes, no (of two buttons)"),
        ("Esc", "the first button (Cancel, Keep)"),
    ]
}
