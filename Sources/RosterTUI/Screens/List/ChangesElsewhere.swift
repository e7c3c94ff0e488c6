/// What another process (a second terminal, a script) changed on the device, in words, from the
/// users before and after: "emma@example.com was logged out elsewhere". Changes this process
/// made itself never come here.
///
///     ChangesElsewhere.notice(from: [emmaLoggedIn], to: [emmaLoggedOut])
///     // "emma@example.com was logged out elsewhere"
enum ChangesElsewhere {
    static func notice(from before: [UserRow], to after: [UserRow]) -> String? {
        var notes: [String] = []
        let old = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Set(after.map(\.id))
        for user in after {
            let was = old[user.id]
            if user.isLoggedIn, was?.isLoggedIn != true {
                notes.append("\(user.displayName) logged in elsewhere")
            } else if !user.isLoggedIn, was?.isLoggedIn == true {
                notes.append("\(user.displayName) was logged out elsewhere")
            } else if user.isCurrent, was?.isCurrent == false {
                notes.append("\(user.displayName) was made active elsewhere")
            }
        }
        for user in before where !new.contains(user.id) {
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
