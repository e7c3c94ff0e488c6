import Foundation
import RosterWire

/// Writing to the terminal's two streams, and reading secrets without echo. What is written
/// (an error, a prompt, a question) may name a user as a server gave it, so it loses its control
/// characters (`TerminalText`) first.
enum Terminal {
    /// Writes `text` and a line break to stderr; its own line breaks stay (a usage message),
    /// every other control character goes.
    static func printError(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.printable(String($0)) }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// Reads one line from standard input, without its line ending.
    static func readLineFromStandardInput() -> String? {
        guard let line = readLine(strippingNewline: true) else { return nil }
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
    }

    /// Asks on the controlling terminal with echo off, so the secret never shows.
    static func promptSecret(_ prompt: String, what: String = "the password", flag: String = "--password-stdin") throws -> String {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard fd >= 0 else {
            throw CommandFailure("no terminal to ask for \(what) on; pipe it in with \(flag)")
        }
        defer { close(fd) }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { throw CommandFailure("cannot turn off echo on this terminal") }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        // Echo goes off before the prompt shows, and without flushing, so a password typed the
        // moment the prompt appears is neither shown nor lost.
        tcsetattr(fd, TCSANOW, &silent)
        _ = TerminalText.printable(prompt).withCString { write(fd, $0, strlen($0)) }
        defer {
            tcsetattr(fd, TCSANOW, &saved)
            _ = "\n".withCString { write(fd, $0, 1) }
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Asks a yes-or-no question on the controlling terminal; only `y` or `yes` is yes.
    static func confirm(_ question: String) -> Bool {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let prompt = TerminalText.printable(question) + " [y/N] "
        _ = prompt.withCString { write(fd, $0, strlen($0)) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        let answer = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
        return answer == "y" || answer == "yes"
    }
}
