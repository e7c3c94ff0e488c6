import NIOCore
import RosterServerCore

/// A task executor that runs its jobs on one NIO event loop. A connection's task preferring its
/// channel's loop reads the request, answers it and writes the answer on the thread that does the
/// channel's I/O, instead of handing each of them to the cooperative pool and back.
///
///     await withTaskExecutorPreference(EventLoopTaskExecutor(channel.eventLoop)) { … }
package final class EventLoopTaskExecutor: TaskExecutor {
    package let eventLoop: any EventLoop

    package init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
