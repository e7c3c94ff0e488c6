import Foundation
import Logging

/// Records what happened in the store's audit table (`roster-server admin audit` reads it). A
/// record that cannot be written is logged, never failing the request it describes. An entry
/// written while a client request is served keeps that request's id (`RequestCorrelation`).
package struct AuditTrail: Sendable {
    package let store: any AuditStore
    package let now: @Sendable () -> Date
    package let logger: Logger

    package func record(
        _ event: AuditEntry.Event, appId: String, userId: String? = nil, provider: String? = nil, address: String? = nil,
        detail: String? = nil
    ) async {
        let entry = AuditEntry(
            at: now(), appId: appId, event: event, userId: userId, provider: provider, address: address, detail: detail,
            requestId: RequestCorrelation.id)
        do {
            try await store.appendAudit(entry)
        } catch {
            logger.error("cannot record an audit entry", metadata: ["event": "\(event.rawValue)", "error.type": "\(type(of: error))"])
        }
    }

    package init(store: any AuditStore, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.store = store
        self.now = now
        self.logger = logger
    }
}
