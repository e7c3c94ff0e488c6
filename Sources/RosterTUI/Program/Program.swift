import Foundation

/// The front end's loop: keys and effect results become actions, `update` changes the model,
/// `view` draws it, and the backend shows only what changed. The backend is opened, used and
/// closed on one thread of its own, so every curses call happens there.
public enum Program {
    /// How long the loop waits for a key before it looks at effect results and the clock.
    static let keyWait = 40

    /// Runs the front end until the person quits; returns the last model. Throws only when the
    /// backend cannot be opened.
    public static func run(
        _ model: Model,
        backend openBackend: @escaping @Sendable () throws -> any TerminalBackend,
        effects: any EffectRunner,
        now: @escaping @Sendable () -> Date = Date.init,
        startingWith initialEffects: [Effect] = []
    ) async throws -> Model {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do {
                    let backend = try openBackend()
                    let loop = ProgramLoop(model: model, backend: backend, effects: effects, now: now)
                    let last = loop.run(startingWith: initialEffects)
                    backend.close()
                    continuation.resume(returning: last)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "roster-terminal"
            thread.start()
        }
    }
}

/// One run of the loop, owned by the terminal thread.
final class ProgramLoop {
    private var model: Model
    private let backend: any TerminalBackend
    private let effects: any EffectRunner
    private let now: @Sendable () -> Date
    private let inbox = Inbox()
    private var lastTick = Date.distantPast
    private var lastActivityNoted = Date.distantPast

    init(model: Model, backend: any TerminalBackend, effects: any EffectRunner, now: @escaping @Sendable () -> Date) {
        self.model = model
        self.backend = backend
        self.effects = effects
        self.now = now
        let size = backend.size
        self.model.size = size
    }

    func run(startingWith initialEffects: [Effect] = []) -> Model {
        // The first frame is drawn before any effect starts: a read of every user on a large
        // device would otherwise take the processor from it.
        backend.draw(view(model, size: (model.size.width, model.size.height)))
        let inbox = inbox
        let changes = effects.changes()
        let listening = Task.detached {
            for await actions in changes { inbox.post(actions) }
        }
        defer { listening.cancel() }
        start(initialEffects)
        var needsDraw = false
        while true {
            for action in inbox.takeAll() {
                needsDraw = true
                if apply(action) { return model }
            }
            let time = now()
            if time.timeIntervalSince(lastTick) >= (model.isBusy ? 0.1 : 1) || time < lastTick {
                lastTick = time
                needsDraw = true
                if apply(.tick(time)) { return model }
            }
            if needsDraw {
                backend.draw(view(model, size: (model.size.width, model.size.height)))
                needsDraw = false
            }
            if let key = backend.nextKey(waitingAtMost: Program.keyWait) {
                needsDraw = true
                noteActivity(at: now())
                if key == .ctrlL {
                    backend.redrawAll()
                } else if apply(.key(key)) {
                    return model
                }
            }
        }
    }

    /// Tells the device's idle clock that someone is here, at most once a second.
    private func noteActivity(at time: Date) {
        guard abs(time.timeIntervalSince(lastActivityNoted)) >= 1 else { return }
        lastActivityNoted = time
        let effects = effects
        Task.detached { await effects.noteActivity() }
    }

    /// Updates the model and starts its effects; true when the program should end.
    private func apply(_ action: Action) -> Bool {
        let requested = update(&model, action)
        for effect in requested { if case .copy(let text) = effect { backend.copyToClipboard(text) } }
        start(requested.filter { effect in
            if case .copy = effect { return false }
            return effect != .quit && effect != .suspend
        })
        if requested.contains(.suspend) { backend.suspend() }
        return requested.contains(.quit)
    }

    /// Runs effects as tasks; their actions come back through the inbox.
    private func start(_ requested: [Effect]) {
        for effect in requested {
            let effects = effects
            let inbox = inbox
            Task.detached { inbox.post(await effects.perform(effect)) }
        }
    }
}
