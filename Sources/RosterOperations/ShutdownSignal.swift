import RosterServerCore
import UnixSignals

/// A signal that asks a serving server to finish what it is doing and stop.
public enum ShutdownSignal: Sendable, CaseIterable {
    /// SIGTERM: what a service manager sends.
    case terminate
    /// SIGINT: Ctrl-C at the terminal.
    case interrupt

    package var unixSignal: UnixSignal {
        switch self {
        case .terminate: .sigterm
        case .interrupt: .sigint
        }
    }
}
