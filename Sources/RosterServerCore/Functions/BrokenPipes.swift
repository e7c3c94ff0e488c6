import Foundation

/// Writing to a process that has closed its input (a command function, a JavaScript worker
/// stopped at its deadline or its heap cap) raises SIGPIPE, which would end the whole server:
/// before the server first writes to one, the process ignores it, and the write fails with EPIPE
/// instead, which the writer handles.
public enum BrokenPipes {
    /// Ignores SIGPIPE in this process, once.
    public static func ignore() { _ = ignored }

    private static let ignored: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
}
