/// Coalesces concurrent refreshes of one user in this process: while one is in flight, others
/// wait for its result instead of sending their own (BEHAVIOURS 29).
actor RefreshCoordinator {
    private var inFlight: [String: Task<StoredUser, any Error>] = [:]

    func refresh(
        userId: String, _ operation: @escaping @Sendable () async throws -> StoredUser
    ) async throws -> StoredUser {
        if let running = inFlight[userId] { return try await running.value }
        let task = Task { try await operation() }
        inFlight[userId] = task
        defer { inFlight[userId] = nil }
        return try await task.value
    }
}
