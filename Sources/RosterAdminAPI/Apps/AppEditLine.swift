/// Edits of one app made on this server process, one at a time and in the order they came: the
/// app importer sends an app's secrets, values and rules all at once, and expects every one to
/// succeed. Each edit reads the app's latest version, so none loses to another of this process;
/// against other processes over the database the version check and `AdminApps.editTries` hold.
///
///     await line.enter(appId)
///     let edited = try? await editOnce()   // `AdminApps.editHosted` leaves on a throw too
///     await line.leave(appId)
actor AppEditLine {
    /// The edits waiting behind the one running, per app; an app with none running is absent.
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    /// Waits until the edits of `id` that came before have left.
    func enter(_ id: String) async {
        guard waiting[id] != nil else {
            waiting[id] = []
            return
        }
        await withCheckedContinuation { waiting[id, default: []].append($0) }
    }

    /// Lets the next edit of `id` in; every `enter` is followed by one `leave`.
    func leave(_ id: String) {
        guard var queue = waiting[id], !queue.isEmpty else {
            waiting[id] = nil
            return
        }
        let next = queue.removeFirst()
        waiting[id] = queue
        next.resume()
    }
}
