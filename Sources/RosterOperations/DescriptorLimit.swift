#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each open connection is a file descriptor, and a change stream keeps its connection open for
/// as long as its client watches: `serve` raises its soft limit on descriptors to the hard limit
/// the system grants (often 1,024 soft against 524,288 hard), as servers do, so that a thousand
/// watchers do not run it out of descriptors.
package enum DescriptorLimit {
    /// Raises the soft limit to the hard one; answers the limit in force.
    @discardableResult
    package static func raise() -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return -1 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { return Int(clamping: raised.rlim_cur) }
        }
        return Int(clamping: limit.rlim_cur)
    }
}
