import Logging
import RosterServerCore
import ServiceLifecycle

/// Purges every served app's dead records now and then while the server runs (the same work as
/// `roster-server admin purge`), one bounded run per app each time, so the store does not grow
/// without end.
package struct PurgeJob: Service {
    package let admin: ServerAdmin
    package let interval: Duration
    package let logger: Logger

    package func run() async throws {
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            for appId in admin.appIds {
                do {
                    let report = try await admin.purge(appId: appId)
                    if report.total > 0 {
                        logger.info(
                            "purged",
                            metadata: [
                                "app": "\(appId)", "sessions": "\(report.sessions)", "accountTokens": "\(report.accountTokens)",
                                "anonymousUsers": "\(report.anonymousUsers)", "attemptCounts": "\(report.attemptCounts)",
                                "deviceAuthorizations": "\(report.deviceAuthorizations)",
                            ])
                    }
                } catch {
                    logger.error("purge failed", metadata: ["app": "\(appId)", "error.type": "\(type(of: error))"])
                }
            }
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
        }
    }

    package init(admin: ServerAdmin, interval: Duration, logger: Logger) {
        self.admin = admin
        self.interval = interval
        self.logger = logger
    }
}
