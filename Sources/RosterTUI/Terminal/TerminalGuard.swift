import CNCurses
import Foundation
import Synchronization

/// Gives the terminal back however the program ends. Termination signals (SIGTERM, SIGHUP,
/// SIGINT from `kill`) ask the program to quit, and it restores the terminal on its way out;
/// crash signals restore the terminal at once (curses' modes, and bracketed paste off, or the
/// shell would get its pastes wrapped in markers), then let the crash go on as it would have.
enum TerminalGuard {
    static let quitSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT]
    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Set by a termination signal; the program polls it between keys.
    static var isQuitRequested: Bool { quitRequested.load(ordering: .relaxed) }

    static func install() {
        quitRequested.store(false, ordering: .relaxed)
        for signal in quitSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in quitRequested.store(true, ordering: .relaxed) }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, &savedActions[Int(signal)])
        }
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                endwin()
                roster_set_bracketed_paste(0)
                // Put back what was there (the runtime's backtracer, or the default) and let
                // the signal do its work once the handler returns or at once.
                sigaction(signal, &savedActions[Int(signal)], nil)
                raise(signal)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, &savedActions[Int(signal)])
        }
    }

    static func uninstall() {
        for signal in quitSignals + crashSignals {
            sigaction(signal, &savedActions[Int(signal)], nil)
        }
    }
}

private let quitRequested = Atomic<Bool>(false)
/// The actions in place before `install`, by signal number; written before any handler can run.
nonisolated(unsafe) private var savedActions: [sigaction] = Array(repeating: sigaction(), count: 65)
