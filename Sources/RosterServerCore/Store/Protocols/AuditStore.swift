/// The audit trail.
package protocol AuditStore: Sendable {
    func appendAudit(_ entry: AuditEntry) async throws
    /// Newest first.
    func auditEntries(appId: String, _ query: AuditQuery) async throws -> [AuditEntry]
}
