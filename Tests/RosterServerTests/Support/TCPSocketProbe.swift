#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The kernel's view of one TCP connection on loopback, asked by its addresses over netlink's
/// socket diagnostics (`NETLINK_SOCK_DIAG`, one exact lookup, as `ss` asks): its state and
/// queues. A read of `/proc/net/tcp` is served a page at a time and skips sockets while others
/// come and go (a busy test run), so a socket can seem gone that is not; the lookup finds it, or
/// answers that it is not there.
struct TCPSocketProbe {
    /// What the kernel holds of one socket.
    struct Found: Equatable {
        /// The TCP state: 1 established, 10 listening (`TCPSocketProbe.established`).
        var state: UInt8
        /// Bytes received and not yet read.
        var receiveQueue: UInt32
        /// Bytes written and not yet acknowledged by the other end.
        var sendQueue: UInt32
    }

    static let established: UInt8 = 1

    private static let (netlink, sockDiag, byFamily, errorMessage, request): (Int32, Int32, UInt16, UInt16, UInt16) = (16, 4, 20, 2, 1)

    /// The socket at 127.0.0.1:`localPort` connected to 127.0.0.1:`remotePort`; nil when there
    /// is none. The kernel's lookup falls back to a listening socket on `localPort`: a
    /// connection gone from the server's side is found as its listener (not established).
    /// Throws when the kernel could not be asked or answered something else.
    static func socket(localPort: Int, remotePort: Int) throws -> Found? {
        let channel = Glibc.socket(Int32(netlink), Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), sockDiag)
        guard channel >= 0 else { throw POSIXError(.EIO) }
        defer { close(channel) }
        var limit = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(channel, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))

        // nlmsghdr (16 bytes), then inet_diag_req_v2 (56 bytes), in the machine's byte order
        // but for the ports and addresses, which are in the network's.
        var message: [UInt8] = []
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value) { message += $0 } }
        append(UInt32(72)); append(byFamily); append(request); append(UInt32(1)); append(UInt32(0))
        message += [UInt8(AF_INET), UInt8(IPPROTO_TCP), 0, 0]
        append(UInt32.max)  // every state
        append(UInt16(localPort).bigEndian); append(UInt16(remotePort).bigEndian)
        let loopback: [UInt8] = [127, 0, 0, 1] + [UInt8](repeating: 0, count: 12)
        message += loopback + loopback
        append(UInt32(0)); append(UInt32.max); append(UInt32.max)  // any interface, no cookie
        guard send(channel, message, message.count, 0) == message.count else { throw POSIXError(.EIO) }

        var answer = [UInt8](repeating: 0, count: 8192)
        let count = recv(channel, &answer, answer.count, 0)
        guard count >= 20 else { throw POSIXError(.EIO) }
        func read<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T {
            answer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
        }
        // An error (ENOENT: no such socket), or a diagnostic message: inet_diag_msg after the
        // header, its state at byte 1, its queues at bytes 56 and 60.
        if read(UInt16.self, at: 4) == errorMessage {
            guard read(Int32.self, at: 16) == -ENOENT else { throw POSIXError(.EIO) }
            return nil
        }
        guard read(UInt16.self, at: 4) == byFamily, count >= 16 + 64 else { throw POSIXError(.EIO) }
        return Found(state: answer[17], receiveQueue: read(UInt32.self, at: 16 + 56), sendQueue: read(UInt32.self, at: 16 + 60))
    }
}
