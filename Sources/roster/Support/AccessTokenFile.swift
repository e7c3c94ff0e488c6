import Foundation
import RosterCore

/// The file `roster exec` keeps a user's access token fresh in, for a command that runs longer
/// than a token lives: named by `ROSTER_ACCESS_TOKEN_FILE`, in a folder of its own that only
/// this account can enter (0700, the file 0600), rewritten whole (a new file renamed over the
/// old, so a reader never sees half a token) shortly before each token expires, and deleted with
/// its folder when the command ends.
struct AccessTokenFile: Sendable {
    static let variable = "ROSTER_ACCESS_TOKEN_FILE"
    /// How long before expiry a token is replaced: inside the core's refresh margin, so the
    /// refresh then happens.
    static let early: TimeInterval = 45
    /// How long to wait before trying again after a refresh failed (the server unreachable).
    static let retry: TimeInterval = 30

    let folder: PrivateFolder
    var path: String { folder.path + "/token" }

    init() throws {
        folder = try PrivateFolder("roster-exec")
    }

    /// Writes `token` in place of the last one.
    func write(_ token: String) throws {
        let next = folder.path + "/.token-\(UUID().uuidString.prefix(8))"
        try PrivateFiles.writeNew(URL(fileURLWithPath: next), contents: Data(token.utf8))
        guard rename(next, path) == 0 else {
            unlink(next)
            throw CommandFailure("could not replace the token file in \(folder.path)")
        }
    }

    func delete() {
        folder.delete()
    }

    /// Keeps the file fresh for `user` until cancelled: wakes shortly before the token expires
    /// and writes the refreshed one. A refresh that fails is said on stderr and tried again.
    func keepFresh(for user: User) async {
        while !Task.isCancelled {
            let wait: TimeInterval
            if let expiry = user.accessTokenExpiresAt {
                wait = max(1, expiry.timeIntervalSinceNow - Self.early)
            } else {
                wait = Self.retry
            }
            do { try await Task.sleep(for: .seconds(wait)) } catch { return }
            do {
                try write(try await user.freshAccessToken())
            } catch {
                if Task.isCancelled { return }
                Terminal.printError("roster: the access token could not be refreshed (\(CommandFailure(error).message)); trying again")
                do { try await Task.sleep(for: .seconds(Self.retry)) } catch { return }
            }
        }
    }
}
