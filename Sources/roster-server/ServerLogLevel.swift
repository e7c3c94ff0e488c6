import Logging
import Synchronization

/// The level the process's log handlers start with: `info` until `serve` has read its
/// `logLevel` setting, which comes before the server makes its loggers.
enum ServerLogLevel {
    private static let level = Mutex(Logger.Level.info)

    static var current: Logger.Level {
        get { level.withLock { $0 } }
        set { level.withLock { $0 = newValue } }
    }
}
