import Foundation
import RosterCore

/// Effects performed with the session core, each by the handler of the screen that asked
/// (`ListEffects`, `LoginFormEffects`, …), and the device's users read again after each
/// change, whoever made it.
public struct SessionEffects: EffectRunner {
    public let app: App
    /// How often writes by other processes on the same device directory are looked for.
    public let watchInterval: TimeInterval

    /// This terminal's name on the approval page of a log-in on another device.
    public let terminalName: String?

    /// Where the server's reset and confirmation messages can be read here (the embedded
    /// default's outbox), so the account form fills in their tokens; nil for a real server.
    public let outbox: (any MessageOutbox)?
    /// Device time.
    public let now: @Sendable () -> Date
    /// The most users read whole; a device with more is read a window at a time (`ListWindow`).
    public let windowSize: Int

    public init(
        app: App, watchInterval: TimeInterval = 0.25, terminalName: String? = SessionEffects.hostName, outbox: (any MessageOutbox)? = nil,
        windowSize: Int = ListWindow.size, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.app = app
        self.windowSize = windowSize
        self.watchInterval = watchInterval
        self.terminalName = terminalName
        self.outbox = outbox
        self.now = now
    }

    /// The machine's host name, cut to the 64 characters the server takes.
    public static var hostName: String? {
        let name = String(ProcessInfo.processInfo.hostName.filter { $0.isASCII && !$0.isWhitespace && $0.asciiValue! >= 0x21 }.prefix(64))
        return name.isEmpty ? nil : name
    }

    /// The users as rows, read in one pass; throws when the store cannot be read.
    public func rows() throws -> [UserRow] {
        try session.rows()
    }

    /// The list of a first frame: every user on a device that has at most a window of them,
    /// or the window in `order` around the active user, so the first frame never waits for
    /// every user of a large device.
    public func firstList(order: ListOrder) throws -> Action {
        let read = WindowRead(query: ListQuery(order: order), anchor: .current, limit: windowSize)
        let first = try session.listRead(elsewhere: false)
        guard case .listChanged = first.first else { return first[0] }
        return .windowLoaded(try session.window(read), for: .readWindow(read))
    }

    private var session: SessionAccess { SessionAccess(app: app, windowSize: windowSize) }

    /// Hands the effect to the handler of the screen that sent it; a failure is told to that
    /// screen as the effect's failure.
    public func perform(_ effect: Effect) async -> [Action] {
        do {
            switch effect {
            case .list(let list): return try await ListEffects(session: session).perform(list, sent: effect)
            case .loginForm(let login): return try await LoginFormEffects(session: session, terminalName: terminalName).perform(login, sent: effect)
            case .lock(let lock): return try await LockEffects(session: session).perform(lock, sent: effect)
            case .saveCustomData(let owner, let update): return try await DataEditorEffects(session: session).save(owner: owner, update: update, sent: effect)
            case .keys(let keys): return try await KeysScreenEffects(session: session).perform(keys, sent: effect)
            case .account(let request): return try await AccountFormEffects(session: session, outbox: outbox, now: now).perform(request, sent: effect)
            case .loadHistory: return try HistoryEffects(session: session).load()
            case .reload: return try session.listRead(elsewhere: false) + [.policyLoaded(try app.policy())]
            case .readWindow(let read): return [.windowLoaded(try session.window(read), for: effect)]
            case .findMatches(let read):
                let positions = try app.userPositions(order: read.query.order.userOrder, filter: read.query.storeFilter, holding: read.text)
                return [.matchesFound(positions, for: effect)]
            case .quit, .suspend, .copy: return []
            }
        } catch {
            switch effect {
            case .reload: return [.loadFailed(Self.words(error))]
            case .readWindow, .findMatches: return [.loadFailed(Self.words(error), for: effect)]
            default: break
            }
            if case .lock = effect, let refusal = SecretRefusal(error) { return [.secretRefused(refusal, for: effect)] + session.reloaded() }
            // A failed operation may still have changed the device (a session the server ended
            // logs the user out), so the users are read again.
            return [.operationFailed(Self.words(error), for: effect)] + session.reloaded()
        }
    }

    /// An error in words: Roster's own description, or the error's.
    static func words(_ error: any Error) -> String {
        (error as? RosterError)?.description ?? String(describing: error)
    }

    /// Someone pressed a key here: the device's idle clock starts again.
    public func noteActivity() async {
        try? app.recordActivity()
    }

    /// How often the device's idle clock is read for a lock made in another switcher.
    static let activityInterval: TimeInterval = 0.5

    public func changes() -> AsyncStream<[Action]> {
        let effects = self
        return AsyncStream { continuation in
            let activity = Task {
                var known: DeviceActivity?
                while !Task.isCancelled {
                    if let read = try? effects.app.deviceActivity(), read != known {
                        known = read
                        continuation.yield([.deviceActivity(read)])
                    }
                    try? await Task.sleep(for: .milliseconds(Int(Self.activityInterval * 1000)))
                }
            }
            let task = Task {
                for await change in effects.app.changes(watchingOtherProcessesEvery: effects.watchInterval) {
                    do {
                        // Only another process's writes are told as news; this one's own say so themselves.
                        let loaded = try effects.session.listRead(elsewhere: change.event == .storeChanged)
                        continuation.yield(loaded + [.policyLoaded(try effects.app.policy())])
                    } catch {
                        continuation.yield([.loadFailed(Self.words(error))])
                    }
                }
                continuation.finish()
            }
            // The active user's custom data, live from the server.
            let live = Task { await LiveCustomData(app: effects.app).run { continuation.yield($0) } }
            continuation.onTermination = { _ in
                task.cancel()
                activity.cancel()
                live.cancel()
            }
        }
    }
}
