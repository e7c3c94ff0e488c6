import Foundation
import Testing
@testable import RosterOperations

/// `serve` raises its soft limit on open descriptors to the hard limit: each change stream
/// holds a connection open.
@Suite struct DescriptorLimitTests {
    @Test func theSoftLimitIsRaisedToTheHardOne() throws {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #expect(getrlimit(resource, &limit) == 0)
        let hard = limit.rlim_max
        // Lowered first, as a fresh machine's shell leaves it (1,024), so the raise can be seen.
        var lowered = limit
        lowered.rlim_cur = min(limit.rlim_max, 1024)
        #expect(setrlimit(resource, &lowered) == 0)
        let raised = DescriptorLimit.raise()
        #expect(getrlimit(resource, &limit) == 0)
        #expect(limit.rlim_cur == hard && raised == Int(clamping: hard))
    }
}
