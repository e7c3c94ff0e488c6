/// Tells the app's change streams what was just written, with the current user as the store
/// has it then unless the writer already knows it.
struct ChangePublisher: Sendable {
    let broadcaster: ChangeBroadcaster
    let store: any DeviceUserStore

    func publish(_ event: AppChange.Event, userId: String, currentUserId: String? = nil) {
        let current = currentUserId ?? (try? store.currentUserId()) ?? nil
        broadcaster.publish(AppChange(event: event, userId: userId, currentUserId: current))
    }
}
