import Foundation
import RosterWire

/// `watch` on an app's data service: a change stream of one collection, answered to
/// `GET …/functions/call?baas_request=…` as `text/event-stream`. The watcher sees the changes
/// committed from the moment it is opened, those its rule (Roster's words, or App Services' roles
/// document by document, fields it may not read left out) and its `ids` and `filter` let
/// through (`ChangeStreamFilter`), in commit order. Its session is looked at every
/// `sessionCheck` (read once for all its streams, `SessionLiveness`): once it has ended (a log-out, a revocation, the user deleted or disabled) the
/// stream says so and ends. Each user has at most `changeStreamsPerUser` open on one server,
/// a stream counted until its connection is done. A stream holds at most
/// `changeStreamBufferBytes` of changes waiting for its filter, and as much of events waiting
/// for its reader; past either it ends, saying it fell behind.
///
///     let stream = try await service.open(call, caller: caller)
///     for await item in stream { … }
package struct ChangeStreamService: Sendable {
    package let changes: DocumentChangeHub
    package let sessions: SessionService
    package let sessionCheck: Duration
    /// Each session read at most once a `sessionCheck`, however many streams it has.
    private let liveness: SessionLiveness

    /// What a `watch` sent as an ordinary call is told.
    package static let notAStream =
        "watch is a change stream: send it as GET …/functions/call?baas_request=<the call as base64 JSON>, which answers text/event-stream"

    /// What roles' expansions are read from (`%%user.custom_data`, `%%user.identities`).
    package var data: DataAccessService?

    package init(changes: DocumentChangeHub, sessions: SessionService, sessionCheck: Duration = .seconds(5), data: DataAccessService? = nil) {
        self.changes = changes
        self.data = data
        self.sessions = sessions
        self.sessionCheck = sessionCheck
        liveness = SessionLiveness(sessions: sessions, interval: sessionCheck)
    }

    /// Opens the stream `call` asks for; refused (and nothing opened) unless it is a `watch` of a
    /// collection the caller may read. Roles' expansions are read as it opens: `%%user`,
    /// `%%request` (this request), `%%values`; the user's custom data, when the roles read it, is
    /// read again after each change to it (`WatcherCustomData`), and their identities, type and
    /// data after each change to the user (`WatcherUser`: a link, new provider data at a log-in),
    /// so each event is judged with the user as they are then.
    package func open(_ call: FunctionCall, caller: AuthorizedSession, request callRequest: FunctionRequest = FunctionRequest()) async throws
        -> ChangeStream
    {
        let services = caller.app.config.dataServices
        guard let service = call.service, services.contains(service) else {
            throw ErrorResponse.invalidParameter(
                "only the data service's watch is served as a stream (this app's data service: \(services.joined(separator: ", ")))")
        }
        guard call.name == DataAccessRequest.Operation.watch.rawValue else {
            throw ErrorResponse.invalidParameter("only watch is served as a stream; send '\(call.name.prefix(64))' as POST …/functions/call")
        }
        let request = try DataAccessRequest.parse(call.name, arguments: call.arguments)
        guard let rule = caller.app.config.rule(database: request.database, collection: request.collection) else {
            throw ErrorResponse.noMatchingRule("no rule lets users use \(request.database).\(request.collection)")
        }
        let (app, userId, limits) = (caller.app, caller.user.id, caller.app.config.limits)
        let watched = DocumentChangeHub.Collection(appId: app.id, database: request.database, collection: request.collection)
        let data = self.data
        let reads = DataAccessService.storedUserFields(rule)
        let following = data != nil && reads.customData && ChangeStreamFilter.judgesByRoles(rule)
        let customData = following ? CustomDataService.selector(app: app, userId: userId).map(WatcherCustomData.init) : nil
        let followsUser = data?.users != nil && DataAccessService.readsUserRecord(rule) && ChangeStreamFilter.judgesByRoles(rule)
        let user = followsUser ? WatcherUser(appId: app.id, userId: userId) : nil
        // Subscribed before the custom data and the user are read, so that no change to them after
        // that read is missed.
        let subscription = changes.subscribe(
            to: Set([watched] + (customData.map { [$0.collection] } ?? []) + (user.map { [$0.collection] } ?? [])),
            bufferBytes: limits.changeStreamBufferBytes)
        let opening: ChangeStreamFilter
        do {
            let expansions = rule.isWords ? nil : try await data?.expansions(
                for: rule, caller: caller, request: callRequest, action: call.name, reads: reads)
            var opened = try ChangeStreamFilter(
                request, rule: rule, userId: userId, expansions: expansions, regexSteps: limits.regexStepsPerChangeEvent)
            // The caller's record (their data) was read with their session, before the
            // subscription: read again after it.
            if followsUser, let stored = try await data?.storedUser(of: caller, identities: false) { opened = opened.usingUser(stored) }
            opening = opened
            do {
                try await app.changeStreams.enter(userId)
            } catch {
                throw ChangeStreamsFull(limit: limits.changeStreamsPerUser)
            }
        } catch {
            subscription.cancel()
            throw error
        }
        // The user's place is held from here until the connection is done (`ChangeStream.connectionClosed`).
        let place = ChangeStreamPlace { app.changeStreams.leave(userId) }
        let (items, continuation) = AsyncStream.makeStream(of: ChangeStream.Item.self)
        let pending = PendingBytes(limit: limits.changeStreamBufferBytes)
        // Sends `item` unless the reader already has its bound waiting (false).
        @Sendable func send(_ item: ChangeStream.Item) -> Bool {
            guard pending.add(item.bytes) else { return false }
            continuation.yield(item)
            return true
        }
        let (liveness, check) = (self.liveness, sessionCheck)
        let keepAlive = Duration.seconds(limits.changeStreamKeepAliveSeconds)
        let task = Task {
            // However the stream ends, its watcher leaves the hub.
            defer { subscription.cancel() }
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    var (filter, customData, user, overflowed) = (opening, customData, user, false)
                    for await change in subscription.changes {
                        if customData != nil || user != nil {
                            customData?.note(change)
                            user?.note(change)
                            if DocumentChangeHub.Collection(of: change.change) != watched { continue }
                            // Read again only after a change to it; unread, the event is not sent.
                            if customData?.isStale == true {
                                guard let now = try? await data?.customData(of: caller) else { continue }
                                filter = filter.usingCustomData(now)
                                customData?.isStale = false
                            }
                            if user?.isStale == true {
                                guard let now = try? await data?.storedUser(of: caller, identities: reads.identities) else { continue }
                                filter = filter.usingUser(now)
                                user?.isStale = false
                            }
                        }
                        guard let text = filter.event(for: change) else { continue }
                        // A watcher whose client reads too slowly is ended rather than kept growing.
                        guard send(.event(text)) else {
                            overflowed = true
                            break
                        }
                    }
                    if overflowed || subscription.fellBehind {
                        continuation.yield(.end(.invalidParameter("this change stream fell too far behind and was closed; open it again")))
                    }
                }
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: keepAlive)
                        // A reader with its bound waiting has no need of a comment.
                        if !Task.isCancelled { _ = send(.keepAlive) }
                    }
                }
                group.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: check)
                        if !Task.isCancelled, await !liveness.isLive(caller) {
                            continuation.yield(.end(.invalidSession("the session ended: log in again to watch")))
                            return
                        }
                    }
                }
                // The first to end ends the stream.
                await group.next()
                group.cancelAll()
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return ChangeStream(items: items, pending: pending, place: place, finish: { continuation.finish() })
    }
}
