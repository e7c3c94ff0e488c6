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
    /// The last message of the status line in full, over the list (`!`).
    case lastMessage(StatusMessage)
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
    /// Every user on the device, last active first; or, on a device with too many to read
    /// whole, the rows of the list `window` holds.
    public var users: [UserRow] { didSet { refilter() } }
    /// The users the filter lets through (see `UserFilter`), worked out when the users or the
    /// filter change, so drawing never scans them all; the rows held, as the store filtered
    /// them, when only a window is (their positions start at `window.offset`).
    public private(set) var visibleUsers: [UserRow]
    /// The width of the list's provider column: the widest provider name among `visibleUsers`
    /// (from 5 for "email" to 15 for "custom-function"), worked out when they change, not on
    /// every frame.
    public private(set) var providerColumnWidth: Int
    /// The selected user's position in the list shown (`shownUser(at:)`). It stays on the same
    /// user while that user is still shown.
    public var selection: Int
    public var filter: String { didSet { refilter() } }
    /// Keys go into the filter while this is on (after `/`, until Enter or Esc).
    public var isEditingFilter: Bool
    /// Find as you type (`f`): keys go to it until Enter or Esc.
    public var find: ListFind? = nil
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
    /// The store revision of the users shown (`Action.usersLoaded`).
    public var usersRevision = 0
    /// The part of the list held, when the device has too many users to read whole
    /// (`ListWindow`); nil when `users` is every user on the device.
    public var window: ListWindow? = nil { didSet { refilter() } }
    /// The window reads under way and wanted.
    public var following = WindowFollowing()
    /// Rows a window read asks for (`SessionEffects.windowSize`).
    public var windowSize = ListWindow.size
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
    /// Whether the detail pane has the keys, and how far it is scrolled.
    public var detail = DetailPane()
    /// The keys of the screen on show, in a box over it (`?`).
    public var help: HelpBox?
    /// Which key runs each of the list's commands (the config file's `keys`).
    public var keys = KeyBindings()

    public static let maxFilterLength = 64

    public init(users: [UserRow] = [], size: TerminalSize = TerminalSize(width: 100, height: 30), now: Date = Date(timeIntervalSince1970: 0)) {
        self.users = users
        visibleUsers = users
        providerColumnWidth = Self.providerColumnWidth(users)
        selection = 0
        filter = ""
        isEditingFilter = false
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
        if let current = users.firstIndex(where: \.isCurrent) { selection = current }
    }

    /// Why logging in (or linking) on another device cannot work with this server, in one line;
    /// nil when it can. The form then says so instead of showing a page no phone can open.
    public var deviceLoginUnavailable: String? = nil

    /// How the list orders people (`--sort`); the selection stays on the same person.
    public var order: ListOrder = .recent { didSet { refilter() } }

    public var isBusy: Bool { pendingOperations > 0 }

    /// Whether no key leaves the switcher (BEHAVIOURS 54): the policy's kiosk, or `--kiosk`.
    public var isKiosk: Bool { policy.kiosk || kioskFromCommandLine }

    private static func providerColumnWidth(_ users: [UserRow]) -> Int {
        // At most 24 columns: a user with every provider still leaves the name room.
        min(24, Set(users.map(\.providerName)).map { DisplayWidth.of($0) }.max() ?? 0)
    }

    /// Filters the users again, keeping the selection on the same user when it is still shown.
    /// A window is filtered by the store: its rows are shown as read.
    private mutating func refilter() {
        if window != nil {
            visibleUsers = users
            providerColumnWidth = Self.providerColumnWidth(users)
            return
        }
        let selectedId = selectedUser?.id
        let query = UserFilter(filter)
        let ordered = order.ordered(users)
        visibleUsers = query.isEmpty ? ordered : ordered.filter(query.matches)
        providerColumnWidth = Self.providerColumnWidth(visibleUsers)
        find?.locate(in: visibleUsers)
        if let selectedId, let index = visibleUsers.firstIndex(where: { $0.id == selectedId }) {
            selection = index
        } else {
            selection = visibleUsers.isEmpty ? 0 : min(max(0, selection), visibleUsers.count - 1)
        }
    }

    /// How many users the list shows: all the filter lets through, held or not.
    public var shownCount: Int { window?.count ?? visibleUsers.count }

    /// How many users the device has.
    public var deviceUserCount: Int { window?.total ?? users.count }

    /// The user at a position of the list shown, if held.
    public func shownUser(at index: Int) -> UserRow? {
        let held = index - (window?.offset ?? 0)
        return visibleUsers.indices.contains(held) ? visibleUsers[held] : nil
    }

    /// The position of a user in the list shown, if held.
    public func shownIndex(of id: String) -> Int? {
        visibleUsers.firstIndex { $0.id == id }.map { $0 + (window?.offset ?? 0) }
    }

    public var selectedUser: UserRow? { shownUser(at: selection) }

    public var currentUser: UserRow? { window.map(\.current) ?? users.first(where: \.isCurrent) }

    public func user(id: String) -> UserRow? { users.first { $0.id == id } ?? currentUser.flatMap { $0.id == id ? $0 : nil } }

    /// The users find as you type looks among in memory; nil for a list too long to hold, which
    /// the store looks in (`Effect.findMatches`).
    var findableUsers: [UserRow]? { window == nil ? visibleUsers : nil }

    /// The order and filter the list is shown with.
    public var listQuery: ListQuery { ListQuery(order: order, filter: filter) }

    /// Selects a user: now when held, or once a window around them is read.
    mutating func select(id: String) {
        if let index = shownIndex(of: id) {
            selection = index
        } else if window != nil {
            following.wantedUser = id
        }
    }
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
