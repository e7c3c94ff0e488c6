import ArgumentParser
import Foundation
import RosterCore
import _CryptoExtras

/// `roster-bench pin-switch`: a switch with a PIN in the real switcher, from the key press to the
/// frame, with PINs checked on the device and with the server (a roster-server on loopback), as a
/// ratio against the PIN's key derivation alone, measured in the same rounds (docs/BENCHMARKS.md).
struct PINSwitchBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin-switch",
        abstract: "Time a switch with a PIN, key press to frame, against the key derivation alone (build with -c release).",
        discussion: """
            Two devices under `pin`, one with `--unlock device` on the embedded default and one with \
            `--unlock server` against a `roster-server serve --demo` on loopback (the one beside \
            roster-bench, or --server), two people on each. Each round times a switch on each device in \
            a fresh `roster ui` on a 100x30 pseudo-terminal (the order turning round by round), \
            and scrypt at the sealing cost just before and just after them; the figure is the \
            median of the rounds' ratios. Uses a temporary directory, removed afterwards.
            """
    )

    @Option(help: "Rounds to time.")
    var rounds = 10

    @Option(help: ArgumentHelp("The roster-server to check PINs with (default: the one beside roster-bench).", valueName: "path"))
    var server: String?

    func validate() throws {
        guard (1...200).contains(rounds) else { throw ValidationError("--rounds must be between 1 and 200") }
    }

    func run() throws {
        let roster = BuiltBeside.program("roster")
        guard FileManager.default.isExecutableFile(atPath: roster.path) else {
            throw BenchmarkFailure("no roster at \(roster.path): \(BuiltBeside.howToBuild)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-pin-switch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let loopback = try LoopbackServer.start(
            executable: try LoopbackServer.executable(server),
            arguments: ["serve", "--db", directory.appendingPathComponent("server.sqlite").path, "--demo"])
        defer { loopback.stop() }

        print("Roster PIN switch: key press to frame, \(MachineDescription.current)")
        let devices = [
            ("device", try PINSwitchProbe.Device(roster: roster, home: directory.appendingPathComponent("device"), server: nil, unlock: "device")),
            ("server", try PINSwitchProbe.Device(roster: roster, home: directory.appendingPathComponent("server"), server: loopback.baseURL, unlock: "server")),
        ]
        // Once each untimed, so that every later switch finds warm files and a warm server.
        for (_, device) in devices { _ = try PINSwitchProbe.switchOnce(roster: roster, device: device, to: PINSwitchProbe.people[0]) }

        var kdf: [Double] = []
        var switches: [String: [Double]] = [:]
        var ratios: [String: [Double]] = [:]
        for round in 0..<rounds {
            // Emma is active after the warm-up's switch to Joe, then they take turns.
            let person = PINSwitchProbe.people[(round + 1) % 2]
            let order = round % 2 == 0 ? devices : devices.reversed()
            // The derivation just before and just after the switches, so that the machine's
            // drift within the round moves both sides of its ratios alike.
            let before = try Self.timeKeyDerivation(pin: person.pin)
            var measured: [(mode: String, milliseconds: Double)] = []
            for (mode, device) in order {
                measured.append((mode, try PINSwitchProbe.switchOnce(roster: roster, device: device, to: person)))
            }
            let derivation = (before + (try Self.timeKeyDerivation(pin: person.pin))) / 2
            kdf.append(derivation)
            for (mode, milliseconds) in measured {
                switches[mode, default: []].append(milliseconds)
                ratios[mode, default: []].append(milliseconds / max(derivation, 0.001))
            }
        }
        let cost = SecretKeyDerivation.standard
        print("  scrypt alone (N=2^\(cost.logN), r=\(cost.r), p=\(cost.p))  \(Timing(milliseconds: kdf.sorted()).summary)")
        for (mode, _) in devices {
            print("  switch, --unlock \(mode)        \(Timing(milliseconds: switches[mode, default: []].sorted()).summary)")
            print(String(format: "    against scrypt alone       %.2f× (median of %d rounds' ratios)", HTTPComparison.median(ratios[mode, default: []]), rounds))
        }
    }

    /// Milliseconds of one scrypt at the sealing cost, as the switcher runs it for a PIN.
    static func timeKeyDerivation(pin: String) throws -> Double {
        let cost = SecretKeyDerivation.standard
        let salt = Data((0..<16).map { _ in UInt8.random(in: .min ... .max) })
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try KDF.Scrypt.deriveKey(
            from: Data(pin.utf8), salt: salt, outputByteCount: 32, rounds: 1 << cost.logN, blockSize: cost.r, parallelism: cost.p)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }
}
