#if canImport(Glibc)
import Glibc
#endif

/// Adds to `actions` the closing of every descriptor from `lowest` up in the child, so that a
/// process the tests start (and anything it leaves running, such as the server `pg_ctl start`
/// starts) keeps no copy of the test process's descriptors: its pipes, and the connections a test
/// server has accepted, which NIO does not mark close-on-exec. Non-zero when it cannot be added.
///
/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
/// module does not declare.
///
///     guard addCloseFrom(&actions, 3) == 0 else { throw … }
public func addCloseFrom(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t>, _ lowest: Int32) -> Int32 {
    closeFrom(actions, lowest)
}

private let closeFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32 = {
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
        fatalError("glibc 2.34 or later is needed: posix_spawn_file_actions_addclosefrom_np is missing")
    }
    return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
}()
