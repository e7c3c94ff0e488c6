import Foundation

/// Starts the real `roster ui` (the one beside `roster-bench`) on a pseudo-terminal of 100x30
/// and times it from spawn to its first full frame: the last byte of the burst that brings the
/// frame's key hints. Its peak memory is read from /proc then; then it is sent `q`. Nothing in
/// `roster` knows it is measured.
enum StartupProbe {
    /// A row of the switcher's first frame, near its end.
    static let keyHints = Array("q quit".utf8)

    static func measure(roster executable: URL, home: URL, runs: Int) throws -> (time: Timing, peakMiB: Double) {
        var peakKiB = 0
        var samples: [Double] = []
        for _ in 0..<runs {
            let (milliseconds, peak) = try runOnce(executable: executable.path, home: home)
            samples.append(milliseconds)
            peakKiB = max(peakKiB, peak)
        }
        return (Timing(milliseconds: samples.sorted()), Double(peakKiB) / 1024)
    }

    /// One start-up: milliseconds to the first frame, and the process's peak memory (KiB) then.
    static func runOnce(executable: String, home: URL) throws -> (Double, Int) {
        let run = try runOnce(executable: executable, home: home, settle: false)
        return (run.milliseconds, run.peakKiB)
    }

    /// One start-up; with `settle`, also the peak memory once the process has gone idle after
    /// its first frame (its processor time still for 300 ms, at most 60 s): what it holds once
    /// it has read every user, not only the first window.
    static func runOnce(executable: String, home: URL, settle: Bool) throws -> (milliseconds: Double, peakKiB: Int, settledKiB: Int?) {
        let terminal = try PseudoTerminal(columns: 100, rows: 30)
        defer { terminal.close() }
        let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "HOME=\(home.path)", "PATH=/usr/bin:/bin"]
        let started = DispatchTime.now().uptimeNanoseconds
        let pid = try terminal.spawn([executable, "ui", "--home", home.path], environment: environment)
        var screen: [UInt8] = []
        let deadline = Date().addingTimeInterval(30)
        while screen.firstRange(of: keyHints) == nil {
            guard Date() < deadline, let more = terminal.read(waitingAtMost: 1000) else {
                kill(pid, SIGKILL)
                waitpid(pid, nil, 0)
                throw BenchmarkFailure("`roster ui` drew no frame within 30 s: \(String(decoding: screen.suffix(300), as: UTF8.self))")
            }
            screen += more
        }
        // The rest of the frame comes in the same burst; its last byte ends the frame.
        var ended = DispatchTime.now().uptimeNanoseconds
        while terminal.read(waitingAtMost: 20) != nil { ended = DispatchTime.now().uptimeNanoseconds }
        let peak = PeakMemory.kiB("VmHWM", of: String(pid)) ?? 0
        var settled: Int?
        if settle {
            var last = ProcessTime.seconds(of: String(pid)) ?? 0
            let limit = Date().addingTimeInterval(60)
            while Date() < limit {
                while terminal.read(waitingAtMost: 300) != nil {}
                let now = ProcessTime.seconds(of: String(pid)) ?? 0
                if now == last { break }
                last = now
            }
            settled = PeakMemory.kiB("VmHWM", of: String(pid))
        }
        terminal.write(Array("q".utf8))
        // Read what it writes as it gives the terminal back, so that it never waits on a full one.
        while terminal.read(waitingAtMost: 200) != nil {}
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        guard status == 0 else { throw BenchmarkFailure("`roster ui` exited with status \(status) after its first frame") }
        return (Double(ended - started) / 1_000_000, peak, settled)
    }
}
