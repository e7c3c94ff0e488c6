import Foundation

/// Ends a command that runs until interrupted (`roster events`) with status 0 on Ctrl-C
/// (SIGINT) or SIGTERM, after what it printed is written out.
enum Interruption {
    /// Watches for the two signals while the returned sources are kept.
    static func exitingCleanly() -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                fflush(nil)
                exit(0)
            }
            source.resume()
            return source
        }
    }
}
