import Foundation
import Testing

/// `roster whoami --short` as a prompt runs it at every line: a glance at the device store that
/// reads the name and makes or changes nothing there; a device the app would have to make,
/// migrate or report (its key replaced, say) is left to the full command, which says what is
/// wrong as it always did.
extension EndToEndTests {
    @Suite("roster whoami --short: a glance at the device store")
    struct WhoamiShortTests {
        @Test func itReadsTheNameChangingNothingAndLeavesADeviceItCannotReadToTheFullCommand() throws {
            let home = try CommandRunner.temporaryDirectory("whoami-short")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            for (email, password) in [("joe@example.com", "passw0rd"), ("emma@example.com", "pa55word")] {
                let login = try runner.roster(["login", "--email", email, "--password-stdin"], stdin: "\(password)\n")
                #expect(login.status == 0, "\(login.stderr)")
            }
            let store = try #require(
                FileManager.default.enumerator(at: home.appendingPathComponent("devices"), includingPropertiesForKeys: nil)?
                    .compactMap { $0 as? URL }.first { $0.lastPathComponent == "device.sqlite" }, "the device store")
            let device = store.deletingLastPathComponent()

            // Opening the app makes the store's reserve again; the glance makes nothing.
            let reserve = device.appendingPathComponent("device.sqlite.reserve")
            try FileManager.default.removeItem(at: reserve)
            let short = try runner.roster(["whoami", "--short"])
            #expect(short.status == 0 && short.stdout == "emma@example.com\n" && short.stderr.isEmpty, "\(short)")
            #expect(!FileManager.default.fileExists(atPath: reserve.path), "whoami --short opened the app")

            // `--user` and `--home` beside it are read at a glance too, in either form and order.
            var elsewhere = runner
            elsewhere.environment["ROSTER_HOME"] = home.appendingPathComponent("nobody-here").path
            for (by, arguments) in [
                (runner, ["whoami", "--short", "--user", "joe"]), (runner, ["whoami", "--user=joe@example.com", "--short"]),
                (elsewhere, ["whoami", "--home", home.path, "--short", "--user", "JOE"]),
                (elsewhere, ["whoami", "--short", "--home=\(home.path)", "--user=joe"]),
            ] {
                let named = try by.roster(arguments)
                #expect(named.status == 0 && named.stdout == "joe@example.com\n" && named.stderr.isEmpty, "\(arguments): \(named)")
            }
            let atHome = try elsewhere.roster(["whoami", "--short", "--home", home.path])
            #expect(atHome.status == 0 && atHome.stdout == "emma@example.com\n", "\(atHome)")
            #expect(!FileManager.default.fileExists(atPath: reserve.path), "whoami --short --user/--home opened the app")
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("nobody-here").path), "ROSTER_HOME, not --home, was read")
            // A name it cannot answer is the full command's, which says why.
            let unknown = try runner.roster(["whoami", "--short", "--user", "zed"])
            #expect(unknown.status == 1 && unknown.stdout.isEmpty && unknown.stderr.contains("no user 'zed'"), "\(unknown)")

            // The active user logs out: the one left is active; then nobody, and nothing is printed.
            #expect(try runner.roster(["logout"]).status == 0)
            #expect(try runner.roster(["whoami", "--short"]).stdout == "joe@example.com\n")
            #expect(try runner.roster(["logout"]).status == 0)
            let nobody = try runner.roster(["whoami", "--short"])
            #expect(nobody.status == 1 && nobody.stdout.isEmpty && nobody.stderr.isEmpty, "\(nobody)")
            #expect(try runner.roster(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n").status == 0)

            // Another device's key in place of this one's: the full command says so, as before.
            let key = device.appendingPathComponent("device.key")
            try Data((0..<32).map { _ in UInt8.random(in: 0...255) }).write(to: key)
            let broken = try runner.roster(["whoami", "--short"])
            #expect(broken.status == 1 && broken.stdout.isEmpty, "\(broken)")
            #expect(broken.stderr.contains("device.key") && broken.stderr.contains("not the key this device's sessions were sealed with"), "\(broken.stderr)")
        }
    }
}
