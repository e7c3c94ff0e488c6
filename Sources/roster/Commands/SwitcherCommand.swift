import ArgumentParser
import Foundation
import Logging
import RosterCore
import RosterEmbedded
import RosterTUI

/// `roster` with no arguments: the full-screen account switcher. Without a terminal on both
/// standard input and output (a pipe, a script) it prints the user list instead.
struct SwitcherCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "Open the full-screen account switcher (what `roster` alone does).",
        discussion: """
            Keys: arrows or j/k move, Enter switches, n logs in, o logs out, x removes, r refreshes \
            custom data, / filters, ? lists every key, q quits. Set NO_COLOR or pass --no-color \
            for a monochrome screen. Without a terminal, the user list is printed instead; a \
            terminal that cannot move its cursor (TERM=dumb) gets a one-line refusal and exit code 1. \
            With --kiosk (or `roster policy --kiosk on`) the switcher is the only thing on the \
            terminal: q, Ctrl-C, Ctrl-Z and Ctrl-\\ do not leave it; q asks for the device's admin \
            PIN (`roster policy --admin-pin`), which must be set first. On the embedded default, \
            --listen ADDR:PORT serves the page of a log-in on another device for as long as the \
            switcher runs (an address other machines reach needs --allow-demo-on-network; one \
            naming every interface, --public-url).
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Flag(name: .long, help: "Draw without colour (as NO_COLOR does); states still show as * + -.")
    var noColor = false

    @Flag(name: .long, help: "Leave the mouse to the terminal (selecting text without Shift); keys do everything.")
    var noMouse = false

    @Option(help: "How the list orders people: recent (last active first) or name (stays put while people take turns); the config file's sort otherwise.")
    var sort: ListOrder?

    @Flag(name: .long, help: "Kiosk mode: no key leaves the switcher without the device's admin PIN.")
    var kiosk = false

    @OptionGroup var serving: ListenOptions

    func run() async throws {
        let listening = try serving.checked(embedded: connection.usesEmbeddedServer())
        // A config file that is not right is said before the screen is taken.
        let settings = try connection.switcherSettings()
        let order = sort ?? settings.sort ?? .recent
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            try UsersCommand.print(try await connection.openApp(), json: false, order: order)
            return
        }
        if let refusal = SwitcherTerminal.refusal(term: ProcessInfo.processInfo.environment["TERM"]) { throw refusal }
        // The screen is the switcher's only output: log lines would tear it. Errors reach the
        // person on the status line instead.
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
        let environment = ProcessInfo.processInfo.environment
        let colorMode = ColorMode.chosen(noColorFlag: noColor, environment: environment)
        let backend: @Sendable () throws -> any TerminalBackend = {
            try NCursesBackend(colorMode: colorMode, mouse: !noMouse, theme: settings.theme, environment: environment)
        }
        do {
            let (app, listener) = try await open(listening)
            defer { listener?.stop() }
            let effects = SessionEffects(app: app, outbox: try connection.readableOutbox())
            // The first frame shows every user, or a window of a long list around the active one.
            var model = Model(now: Date())
            model.order = order
            model.windowSize = effects.windowSize
            let reads = update(&model, try effects.firstList(order: order))
            model.outbox = try? connection.outboxDescription()
            model.policy = try effects.app.policy()
            model.kioskFromCommandLine = kiosk
            model.onEmbeddedDemo = connection.usesEmbeddedServer()
            model.keys = settings.keys
            model.deviceLoginUnavailable = listener == nil ? connection.deviceLoginUnavailable() : nil
            if let listener { model.status = StatusMessage("Serving a phone's page at \(listener.pageURL) (--listen)") }
            // What a kiosk on the demo server cannot protect is the first thing it says.
            if let caveat = model.kioskCaveat { model.status = StatusMessage(caveat) }
            // A kiosk nobody could leave is refused before the screen is taken.
            if model.isKiosk, try !effects.app.hasAdminPIN() { throw KioskWithoutAdminPIN() }
            _ = try await Program.run(
                model, backend: backend, effects: effects, startingWith: [.loginForm(.loadProviders)] + reads)
        } catch is KioskWithoutAdminPIN {
            throw CommandFailure(RosterError.adminPINNeeded("a kiosk", isSet: false))
        } catch let failure as NCursesBackend.OpenError {
            throw CommandFailure(failure.description)
        } catch let failure as CommandFailure {
            try await showFailure(failure.message, backend: backend)
        } catch let error as RosterError {
            try await showFailure(error.description, backend: backend)
        }
    }

    /// The app, and with `--listen` the embedded server answering on its port too.
    private func open(_ listening: ListenOptions.Listening?) async throws -> (App, EmbeddedListener?) {
        guard let listening else { return (try await connection.openApp(), nil) }
        let environment = ProcessInfo.processInfo.environment
        let embedded = try await connection.embeddedDefault(paths: try connection.paths(environment), pages: true, publicURL: listening.publicURL)
        do {
            return (embedded.app, try await embedded.listen(host: listening.host, port: listening.port))
        } catch let failure as EmbeddedListenFailure {
            throw CommandFailure(failure.description)
        }
    }

    /// The error screen: the reason in words until the person quits, then exit status 1.
    private func showFailure(_ message: String, backend: @escaping @Sendable () throws -> any TerminalBackend) async throws {
        var model = Model(now: Date())
        model.mode = .failure(message)
        do {
            _ = try await Program.run(model, backend: backend, effects: NoEffects())
        } catch let failure as NCursesBackend.OpenError {
            throw CommandFailure("\(message) (and \(failure.description))")
        }
        throw CommandFailure(message)
    }
}

/// The effects of a switcher that has nothing to work on: its error screen only quits.
private struct NoEffects: EffectRunner {
    func perform(_ effect: Effect) async -> [Action] { [] }
    func changes() -> AsyncStream<[Action]> { AsyncStream { $0.finish() } }
}

/// A kiosk asked for with no admin PIN to leave it by: said in one line, without a screen.
private struct KioskWithoutAdminPIN: Error {}

extension ListOrder: ExpressibleByArgument {}
