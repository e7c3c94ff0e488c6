import Foundation

extension LogOutFlow {
    /// When the user who left was the active one and another follows them (under `open`), the
    /// session event that says who is active now; history keeps the leaving line alone.
    func announceFollower(_ ended: EndedSession?) {
        guard let ended, ended.wasCurrent, let next = ended.currentUserId, next != ended.before.id,
            let row = try? store.user(id: next)
        else { return }
        history.announce(.switched, userId: row.id, name: row.displayName)
    }
}
