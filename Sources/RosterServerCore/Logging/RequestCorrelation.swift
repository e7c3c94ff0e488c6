/// The id of the client request being served (`X-Request-Id`), for what the request leaves
/// behind to name it: the audit trail's entries (`AuditTrail`), which the Admin API's logs find
/// by `co_id`. `RequestIdMiddleware` binds it around each request; nil outside one (admin
/// commands, jobs, the server's own trigger runs started before any request).
///
/// A task-local rather than a parameter: the audit is recorded from dozens of services that
/// take and return domain values and know nothing of HTTP; passing the id to each would thread a
/// transport detail through all of them. A task-local reaches exactly the request's own tasks.
///
///     try await RequestCorrelation.$id.withValue("5f844c8c") { try await next(request, context) }
///     RequestCorrelation.id   // "5f844c8c" inside, nil outside
package enum RequestCorrelation {
    @TaskLocal package static var id: String?
}
