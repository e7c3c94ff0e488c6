import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP connection on loopback that writes raw bytes and reads until the server closes, with
/// time limits on both, to see what a client that misbehaves (or a server that does) gets.
struct RawHTTPConnection {
    let socket: Int32

    /// `beforeConnecting` sets what must be set on the socket before it connects (the segment
    /// size and receive buffer the server's end is sized by).
    init(port: Int, timeoutSeconds: Int, beforeConnecting: (Int32) -> Void = { _ in }) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EIO) }
        var limit = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        beforeConnecting(socket)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(socket)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    /// Writes as much of `bytes` as the server takes before the time limit; how much that was.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Int {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { break }
            sent += count
        }
        return sent
    }

    /// Everything read until the server closed the connection (`closed`, a reset too), or until
    /// the time limit passed with it still open.
    func readToEnd() -> (bytes: [UInt8], closed: Bool) {
        let (bytes, ending) = readUntilEnded()
        return (bytes, ending != .timedOut)
    }

    /// How a read to the end ended.
    enum Ending: Equatable {
        /// The server closed in order (a FIN after everything it sent).
        case closed
        /// The connection was reset: what the server sent may be lost.
        case reset
        /// The time limit passed with the connection open.
        case timedOut
    }

    /// Everything read until the connection ended, and how it ended.
    func readUntilEnded() -> (bytes: [UInt8], ending: Ending) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
            } else if count == 0 {
                return (received, .closed)
            } else {
                return (received, errno == ECONNRESET ? .reset : .timedOut)
            }
        }
    }

    /// What has arrived when anything first has, left unread; empty if nothing came in time.
    func firstArrival(timeoutMilliseconds: Int32) -> [UInt8] {
        var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, timeoutMilliseconds) == 1 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &buffer, buffer.count, Int32(MSG_PEEK))
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// Reads exactly `count` bytes, or fewer if the connection ends or the time limit passes.
    func read(exactly count: Int) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while received.count < count {
            let got = recv(socket, &buffer, min(buffer.count, count - received.count), 0)
            guard got > 0 else { break }
            received += buffer[0..<got]
        }
        return received
    }

    func close() { Glibc.close(socket) }

    /// Runs a client's blocking conversation on a thread of its own: an in-process server
    /// answers on the concurrency pool, which a blocking wait there would hold.
    static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { done in
            DispatchQueue.global().async { done.resume(with: Result { try work() }) }
        }
    }
}
