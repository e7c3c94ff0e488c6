import Foundation
import RosterServerCore

/// An app's log as an operator of its group reads it (`GET …/logs`), answered from what Roster
/// records: the audit trail's entries of the app's clients (log-ins, log-outs, registrations,
/// resets, API keys, refused requests) and the runs of its functions (clients' calls, triggers'
/// runs, the functions the server ran itself), merged newest first, a page at a time. Roster
/// records no webhook or sync runs. Both sources carry the client request's id (`co_id`): an
/// error answer's `link` is this log filtered by it (`AppLogLinks`).
///
///     let page = try await logs.page(AppLogQuery(), app: appId, in: caller.groupId)
///     page.logs.first?.type   // "AUTH"
struct AppLogs: Sendable {
    let apps: AdminApps
    let store: any AuditStore
    let runs: any FunctionRunStore
    let now: @Sendable () -> Date

    /// One entry found, before it is written out: when, from which source, and its place there.
    private enum Found {
        case audit(AuditEntry)
        case run(FunctionRunRecord)

        var at: AppLogInstant {
            switch self {
            case .audit(let entry): AppLogInstant(entry.at)
            case .run(let run): AppLogInstant(run.startedAt)
            }
        }

        var source: Int {
            switch self {
            case .audit: 0
            case .run: 1
            }
        }
    }

    func page(_ query: AppLogQuery, app id: String, in groupId: String) async throws -> AppLogPage {
        let app = try await apps.app(id, in: groupId)
        let end = query.end ?? AppLogInstant(now())
        // Every entry up to the page's end is read from each source (without the runs' console
        // lines), merged in one order, and the page cut from it: `skip` counts the merged entries.
        let window = query.skip + query.limit + 1
        let events = AppLogKind.events(types: query.types, errorsOnly: query.errorsOnly)
        let audit: [AuditEntry] =
            events.isEmpty
            ? []
            : try await store.auditEntries(
                appId: app.clientAppId,
                AuditQuery(
                    userId: query.userId, after: query.start?.bound, until: end.bound, events: events, requestId: query.correlationId,
                    skip: 0, limit: window))
        let runTypes = FunctionRunOrigin.types.filter { query.types?.contains($0) ?? true }.sorted()
        let runQuery = FunctionRunQuery(
            userId: query.userId, requestId: query.correlationId, after: query.start?.bound, until: end.bound, types: runTypes,
            errorsOnly: query.errorsOnly, skip: 0, limit: window, withLogs: false)
        let found = runTypes.isEmpty ? [] : try await runs.functionRuns(appId: app.clientAppId, runQuery)
        // Newest first; at one instant, the trail's entries before the runs, each source in its
        // own order, so that a page ending inside an instant is continued where it stopped.
        let merged = (audit.map(Found.audit) + found.map(Found.run)).enumerated()
            .sorted { a, b in
                (a.element.at, b.element.source, b.offset) > (b.element.at, a.element.source, a.offset)
            }
            .map(\.element)
        let shown = Array(merged.dropFirst(query.skip).prefix(query.limit))
        var page = AppLogPage(logs: try await entries(shown, app: app, runQuery: runQuery, skippedRuns: merged.prefix(query.skip)))
        if merged.count > query.skip + query.limit, let last = shown.last {
            // The next page ends where this one did; the entries of that same instant already
            // shown (and those passed over, when the page began there too) are skipped.
            let lastAt = last.at
            page.nextEndDate = lastAt.text
            page.nextSkip = shown.count(where: { $0.at == lastAt }) + (lastAt == end ? query.skip : 0)
        }
        return page
    }

    /// The entries of `shown`, the runs among them read again with their console lines.
    private func entries(_ shown: [Found], app: HostedApp, runQuery: FunctionRunQuery, skippedRuns: ArraySlice<Found>) async throws
        -> [AppLogEntry]
    {
        let runCount = shown.count(where: { $0.source == 1 })
        var full: [String: FunctionRunRecord] = [:]
        if runCount > 0 {
            var query = runQuery
            query.skip = skippedRuns.count(where: { $0.source == 1 })
            query.limit = runCount
            query.withLogs = true
            for run in try await runs.functionRuns(appId: app.clientAppId, query) { full[run.id] = run }
        }
        return shown.compactMap { found in
            switch found {
            case .audit(let entry): AppLogEntry(entry, app: app)
            case .run(let run): AppLogEntry(full[run.id] ?? run, app: app)
            }
        }
    }
}
