import RosterCore
import RosterWire

/// Work `update` asks for, by the screen that asks: a runner performs it with RosterCore
/// (`SessionEffects` hands each screen's effects to that screen's handler) and answers with
/// actions.
public enum Effect: Sendable, Equatable {
    /// The users list: switch, log out, remove, delete, refresh custom data.
    case list(ListEffect)
    /// The log-in form: log in, link, a log-in on another device, the providers offered.
    case loginForm(LoginFormEffect)
    /// The PIN box and the idle lock.
    case lock(LockEffect)
    /// Write an update (`$set`, `$unset`) to the user's own custom data document, making it
    /// when there is none.
    case saveCustomData(owner: String, update: JSONValue)
    /// The API keys screen.
    case keys(KeysEffect)
    /// Password reset and email confirmation requests.
    case account(AccountRequest)
    /// Read the device's history.
    case loadHistory
    /// Read the users again: every one, or on a device with too many, say so
    /// (`Action.listChanged`) for the window to be read again.
    case reload
    /// Read a window of a list too long to hold (`ListWindow`).
    case readWindow(WindowRead)
    /// Find as you type in a list too long to hold: where the matches are.
    case findMatches(MatchRead)
    /// Give the terminal back and stop, as a shell's job stops on Ctrl-Z; `fg` brings the
    /// switcher back as it was. The program does it itself, as it does `quit`.
    case suspend
    /// Put the text on the terminal's clipboard (OSC 52, which reaches the clipboard over SSH
    /// too). The program does it itself, as it does `suspend`.
    case copy(String)
    case quit

    /// Whether the effect waits on the network (or the store) and turns the spinner.
    public var isOperation: Bool {
        switch self {
        case .reload, .readWindow, .findMatches, .quit, .suspend, .copy, .loadHistory: false
        // A log-in on another device shows its own countdown while it waits, for minutes.
        case .loginForm(.loadProviders), .loginForm(.startDeviceLogin), .loginForm(.pollDeviceLogin): false
        // Sent as the form closes: nobody waits on it.
        case .loginForm(.cancelDeviceLogin): false
        case .lock(.idleLock): false
        default: true
        }
    }
}
