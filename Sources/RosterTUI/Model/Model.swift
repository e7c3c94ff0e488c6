import Foundation
import RosterCore

/// Which screen is up.
public enum Mode: Sendable, Equatable {
    case list
    /// A question about one user (remove, delete), Cancel first.
    case confirm(Confirmation)
    case loginForm(LoginForm)
    /// The API keys of a logged-in user.
    case apiKeys(KeysScreen)
    /// Password reset and email confirmation.
    case account(AccountForm)
    /// Editing a logged-in user's custom data.
    case dataEditor(DataEditor)
    /// A user's PIN (or password), to switch to them or unlock after the idle lock.
    case secretPrompt(SecretPrompt)
    /// The device's history, newest first, as far as it is scrolled.
    case history(HistoryScreen)
    /// Roster cannot go on (the device store cannot be read): the reason, and a way out.
    case failure(String)
}

/// The line at the bottom: the last result, or an error in words.
public struct StatusMessage: Sendable, Equatable {
    public var text: String
    public var isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}

/// A status line message and when it was shown, in device time.
public struct LoggedMessage: Sendable, Equatable {
    public var message: StatusMessage
    public var at: Date
}

/// Columns and rows of the terminal.
public struct TerminalSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// Everything the screen shows, as plain values: `update` changes it, `view` draws it.
public struct Model: Sendable, Equatable {
    /// The list of users, the screen under every other.
    public var list: UserList
    public var mode: Mode
    /// The status line. Setting it starts its time on screen and keeps it for `!`.
    public var status: StatusMessage? {
        didSet {
            guard let status else { return }
            lastMessage = status
            statusSince = now
            messageLog.append(LoggedMessage(message: status, at: now))
            if messageLog.count > Self.messageLogLength { messageLog.removeFirst(messageLog.count - Self.messageLogLength) }
        }
    }
    /// The status line's messages, oldest first, the last `messageLogLength` of them: what `!`
    /// lists under the last one, as lazygit's command log does.
    public private(set) var messageLog: [LoggedMessage] = []
    public static let messageLogLength = 50
    /// The last message the status line showed, cleared or not.
    public private(set) var lastMessage: StatusMessage?
    /// When the status line's message was set, in device time, so it can clear itself.
    public private(set) var statusSince: Date
    /// Operations under way; the spinner turns while any is.
    public var pendingOperations: Int
    public var spinnerFrame: Int
    public var size: TerminalSize
    /// Device time, set by `tick`, so `view` stays pure.
    public var now: Date
    /// The providers the log-in form offers: what the server enables, once it has said.
    public var providerChoices: [LoginForm.Provider]
    /// Where the server puts confirmation and reset messages, when known (the embedded
    /// default's outbox folder), so the account form can say where the tokens are.
    public var outbox: String?
    /// The device's switching policy and idle lock, read with the users.
    public var policy: DevicePolicy
    /// Kiosk mode asked for on the command line (`roster ui --kiosk`), whatever the policy says.
    public var kioskFromCommandLine = false
    /// The switcher runs Roster's embedded demo server in this process (no `--server`): its
    /// users' passwords are public and its mail is kept in files on this device.
    public var onEmbeddedDemo = false
    /// When a key was last pressed, in device time, for the idle lock.
    public var lastInputAt: Date
    /// The idle lock is on: the active user's details are hidden until their PIN is given.
    public var isIdleLocked: Bool
    /// The form the idle lock set aside, its secrets emptied, until the same user unlocks.
    public var keptThroughLock: FormKeptThroughLock? = nil
    /// The device's idle clock, shared by every switcher on it (BEHAVIOURS 52).
    public var deviceActivity = DeviceActivity()
    /// The keys of the screen on show, in a box over it (`?`).
    public var help: HelpBox?
    /// The last message in full, in a box over the screen on show (`!`).
    public var messageBox: MessageBox?
    /// Which key runs each of the list's commands (the config file's `keys`).
    public var keys = KeyBindings()

    public init(users: [UserRow] = [], size: TerminalSize = TerminalSize(width: 100, height: 30), now: Date = Date(timeIntervalSince1970: 0)) {
        list = UserList(users: users)
        mode = .list
        status = nil
        lastMessage = nil
        statusSince = now
        pendingOperations = 0
        spinnerFrame = 0
        self.size = size
        self.now = now
        providerChoices = LoginForm.Provider.assumed
        outbox = nil
        policy = DevicePolicy()
        lastInputAt = now
        isIdleLocked = false
    }

    /// Why logging in (or linking) on another device cannot work with this server, in one line;
    /// nil when it can. The form then says so instead of showing a page no phone can open.
    public var deviceLoginUnavailable: String? = nil

    /// How the list orders people (`--sort`), as the command line sets it.
    public var order: ListOrder {
        get { list.order }
        set { list.setOrder(newValue) }
    }

    /// Rows a window read of a long list asks for, as the command line sets it.
    public var windowSize: Int {
        get { list.windowSize }
        set { list.windowSize = newValue }
    }

    /// The selected user's position in the list shown.
    public var selection: Int {
        get { list.selection }
        set { list.selection = newValue }
    }

    public var selectedUser: UserRow? { list.selectedUser }

    public var isBusy: Bool { pendingOperations > 0 }

    /// Whether no key leaves the switcher (BEHAVIOURS 54): the policy's kiosk, or `--kiosk`.
    public var isKiosk: Bool { policy.kiosk || kioskFromCommandLine }

}

extension Mode {
    /// The request the screen on show sent and waits on, if it is a form that sends one.
    var sent: Effect? {
        get {
            switch self {
            case .loginForm(let form): form.sent
            case .account(let form): form.sent
            case .dataEditor(let editor): editor.sent
            case .secretPrompt(let prompt): prompt.sent
            default: nil
            }
        }
        set {
            switch self {
            case .loginForm(var form): form.sent = newValue; self = .loginForm(form)
            case .account(var form): form.sent = newValue; self = .account(form)
            case .dataEditor(var editor): editor.sent = newValue; self = .dataEditor(editor)
            case .secretPrompt(var prompt): prompt.sent = newValue; self = .secretPrompt(prompt)
            default: break
            }
        }
    }
}
