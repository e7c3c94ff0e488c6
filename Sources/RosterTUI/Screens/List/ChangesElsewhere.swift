/// What another process (a second terminal, a script) changed on the device, in words, from the
/// users before and after: "emma@example.com was logged out elsewhere". Changes this process
/// made itself never come here. Against a window of a long list (`partial`), a user held on one
/// side only may have moved in or out of it rather than come or gone: only the users held on
/// both sides (the active user always is) are told of.
///
///     ChangesElsewhere.notice(from: [emmaLoggedIn], to: [emmaLoggedOut])
///     // "emma@example.com was logged out elsewhere"
enum ChangesElsewhere {
    static func notice(from before: [UserRow], to after: [UserRow], partial: Bool = false) -> String? {
        var notes: [String] = []
        let old = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Set(after.map(\.id))
        var told = Set<String>()
        for user in after where told.insert(user.id).inserted {
            let was = old[user.id]
            if partial, was == nil { continue }
            if user.isLoggedIn, was?.isLoggedIn != true {
                notes.append("\(user.displayName) logged in elsewhere")
            } else if !user.isLoggedIn, was?.isLoggedIn == true {
                notes.append("\(user.displayName) was logged out elsewhere")
            } else if user.isCurrent, was?.isCurrent == false {
                notes.append("\(user.displayName) was made active elsewhere")
            }
        }
        for user in before where !partial && !new.contains(user.id) {
            notes.append("\(user.displayName) was removed elsewhere")
        }
        if let current = before.first(where: \.isCurrent), let now = after.first(where: { $0.id == current.id }),
            now.isLoggedIn, !now.isCurrent, !after.contains(where: \.isCurrent)
        {
            notes.append("Nobody is active now (changed elsewhere)")
        }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }
}
