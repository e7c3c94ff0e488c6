import Foundation
import RosterCore

/// The active user's custom data followed on the server (`User.customDataChanges`), so that the
/// detail pane shows a change made elsewhere (another device, a web app, an administrator)
/// without `r`, and says so. Whoever is active is looked at every `recheck`; a switch moves the
/// stream to the new active user. A stream that fails (a server that does not serve change
/// streams, a session that ended, a sealed session) is opened again after a wait that doubles
/// from 2 s to a minute.
struct LiveCustomData: Sendable {
    let app: App
    var recheck: Duration = .milliseconds(500)
    var now: @Sendable () -> Date = Date.init

    func run(_ yield: @escaping @Sendable ([Action]) -> Void) async {
        var wait = Duration.seconds(2)
        while !Task.isCancelled {
            guard let user = app.currentUser, user.state == .loggedIn else {
                try? await Task.sleep(for: recheck)
                continue
            }
            let (app, id, recheck, now) = (app, user.id, recheck, now)
            let switched = await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    do {
                        for try await data in user.customDataChanges() { yield([.customDataChanged(userId: id, data: data, at: now())]) }
                    } catch {}
                    return false
                }
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: recheck)
                        if app.currentUser?.id != id { return true }
                    }
                    return true
                }
                let first = await group.next() ?? true
                group.cancelAll()
                return first
            }
            if switched {
                wait = .seconds(2)
            } else {
                try? await Task.sleep(for: wait)
                wait = min(wait * 2, .seconds(60))
            }
        }
    }
}
