import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Esc and Ctrl-C on the terminal while a log-in on another device waits: the terminal is put
/// in non-canonical mode without echo or signals, and put back as it was when done.
final class CancelKeys: @unchecked Sendable {  // immutable once made
    private let fd: Int32
    private let saved: termios

    private init(fd: Int32, saved: termios) {
        self.fd = fd
        self.saved = saved
    }

    static func open() -> CancelKeys? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        return CancelKeys(fd: STDIN_FILENO, saved: saved)
    }

    /// Returns once Esc or Ctrl-C is pressed, or when cancelled.
    func waitForCancel() async -> DeviceLoginWait.Outcome {
        while !Task.isCancelled {
            var watch = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&watch, 1, 0) == 1 {
                var byte: UInt8 = 0
                if read(fd, &byte, 1) == 1, byte == 0x1B || byte == 0x03 { return .cancelled }
                continue
            }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return .cancelled
    }

    func close() {
        var saved = saved
        tcsetattr(fd, TCSANOW, &saved)
        DeviceLoginWait.write("\n")
    }
}
