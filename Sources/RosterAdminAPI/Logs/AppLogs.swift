import Foundation
import RosterServerCore

/// An app's log as an operator of its group reads it (`GET …/logs`), answered from what Roster
/// records: the audit trail's entries of the app's clients (log-ins, log-outs, registrations,
/// resets, API keys, refused requests), newest first, a page at a time. Roster records no
/// function, trigger, webhook or sync runs and no correlation ids, so asking for those alone
/// finds nothing.
///
///     let page = try await logs.page(AppLogQuery(), app: appId, in: caller.groupId)
///     page.logs.first?.type   // "AUTH"
struct AppLogs: Sendable {
    let apps: AdminApps
    let store: any AuditStore
    let now: @Sendable () -> Date

    func page(_ query: AppLogQuery, app id: String, in groupId: String) async throws -> AppLogPage {
        let app = try await apps.app(id, in: groupId)
        let events = AppLogKind.events(types: query.types, errorsOnly: query.errorsOnly)
        guard query.correlationId == nil, !events.isEmpty else { return AppLogPage(logs: []) }
        let end = query.end ?? AppLogInstant(now())
        let found = try await store.auditEntries(
            appId: app.clientAppId,
            AuditQuery(userId: query.userId, after: query.start?.bound, until: end.bound, events: events, skip: query.skip, limit: query.limit + 1))
        let shown = found.prefix(query.limit)
        var page = AppLogPage(logs: shown.compactMap { AppLogEntry($0, app: app) })
        if found.count > query.limit, let last = shown.last {
            // The next page ends where this one did; the entries of that same instant already
            // shown (and those passed over, when the page began there too) are skipped.
            let lastAt = AppLogInstant(last.at)
            page.nextEndDate = lastAt.text
            page.nextSkip = shown.count(where: { AppLogInstant($0.at) == lastAt }) + (lastAt == end ? query.skip : 0)
        }
        return page
    }
}
