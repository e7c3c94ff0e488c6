import Foundation

/// A switch under the `pin` policy as a person makes it in the real `roster ui` on a 100x30
/// pseudo-terminal: `/`, the name, Enter (the list shows that person alone), Enter (the PIN
/// box), the PIN, then Enter, timed from writing that last Enter to the last byte of the burst
/// that brings "Switched to …". Each switch is a fresh `roster ui`, whose status line is empty
/// until then, so the words come whole. Nothing in `roster` knows it is measured.
enum PINSwitchProbe {
    /// A person on the benchmark's device: a demo user of the embedded default and of
    /// `roster-server serve --demo`.
    struct Person {
        let email: String
        let password: String
        let pin: String

        /// Filter text that keeps this person alone on the list.
        var name: String { String(email.prefix { $0 != "@" }) }
    }

    static let people = [
        Person(email: "joe@example.com", password: "passw0rd", pin: "638201"),
        Person(email: "emma@example.com", password: "pa55word", pin: "904317"),
    ]

    /// A device in `home` under `pin` with `unlock` (`device` or `server`), both people logged in
    /// with their PINs, Emma last (so active). `server` is a roster-server's base URL, or nil for
    /// the embedded default.
    struct Device {
        let home: URL
        let environment: [String: String]

        init(roster: URL, home: URL, server: String?, unlock: String) throws {
            self.home = home
            var environment = ["ROSTER_HOME": home.path, "HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
            if let server { environment.merge(["ROSTER_SERVER_URL": server, "ROSTER_APP_ID": "roster-demo"]) { _, new in new } }
            self.environment = environment
            try ChildCommand.run(roster, ["policy", "pin", "--unlock", unlock], environment: environment)
            for person in PINSwitchProbe.people {
                try ChildCommand.run(
                    roster, ["login", "--email", person.email, "--password-stdin", "--pin-stdin"], environment: environment,
                    stdin: "\(person.password)\n\(person.pin)\n")
            }
        }
    }

    private static let firstFrame = Array("q quit".utf8)
    private static let switched = Array("Switched to".utf8)

    /// One switch to `person` on `device` in a fresh `roster ui`: milliseconds from the Enter
    /// that ends the PIN to the end of the frame that says so.
    static func switchOnce(roster: URL, device: Device, to person: Person) throws -> Double {
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        defer { terminal.close() }
        let environment = ["TERM=xterm-256color"] + device.environment.map { "\($0.key)=\($0.value)" }
        let pid = try terminal.spawn([roster.path, "ui"], environment: environment)
        var finished = false
        defer {
            if !finished { kill(pid, SIGKILL) }
            waitpid(pid, nil, 0)
        }
        try wait(for: firstFrame, on: terminal, doing: "draw its first frame")
        terminal.write(Array("/\(person.name)\r\r".utf8))
        drain(terminal)
        terminal.write(Array(person.pin.utf8))
        drain(terminal)
        let started = DispatchTime.now().uptimeNanoseconds
        terminal.write(Array("\r".utf8))
        try wait(for: switched, on: terminal, doing: "switch to \(person.email)")
        // The rest of the frame comes in the same burst; its last byte ends the frame.
        var ended = DispatchTime.now().uptimeNanoseconds
        while terminal.read(waitingAtMost: 20) != nil { ended = DispatchTime.now().uptimeNanoseconds }
        terminal.write(Array("q".utf8))
        drain(terminal)
        finished = true
        return Double(ended - started) / 1_000_000
    }

    /// Reads until `marker` has come, at most 30 s.
    private static func wait(for marker: [UInt8], on terminal: PseudoTerminal, doing what: String) throws {
        var screen: [UInt8] = []
        let deadline = Date().addingTimeInterval(30)
        while screen.firstRange(of: marker) == nil {
            guard Date() < deadline, let more = terminal.read(waitingAtMost: 1000) else {
                throw BenchmarkFailure("`roster ui` did not \(what) within 30 s: \(String(decoding: screen.suffix(300), as: UTF8.self))")
            }
            screen += more
        }
    }

    /// Reads what comes until 150 ms pass with nothing, so that the keys before the timed one
    /// have been taken and drawn.
    private static func drain(_ terminal: PseudoTerminal) {
        while terminal.read(waitingAtMost: 150) != nil {}
    }
}
