#if canImport(Glibc)
import Glibc
#endif

/// What per-address limits count a client as: an IPv4 address itself (an IPv4 address mapped
/// into IPv6 as IPv4), and an IPv6 address by its /64, the block one subscriber is given, so
/// that walking through the addresses of one's own block does not reset a limit.
///
///     ClientNetwork.of("2001:db8:1:2:a:b:c:d")  // "2001:db8:1:2::/64"
///     ClientNetwork.of("::ffff:192.0.2.7")       // "192.0.2.7"
package enum ClientNetwork {
    package static func of(_ address: String) -> String {
        var v6 = in6_addr()
        guard address.contains(":"), inet_pton(AF_INET6, address, &v6) == 1 else { return address }
        var bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        for index in 8..<16 { bytes[index] = 0 }
        var prefix = in6_addr()
        withUnsafeMutableBytes(of: &prefix) { $0.copyBytes(from: bytes) }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &prefix, &text, socklen_t(text.count)) != nil else { return address }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/64"
    }
}

extension AttemptKey {
    /// The key of a client address within `scope`, counted by its network (`ClientNetwork`).
    package static func client(scope: String, address: String) -> AttemptKey {
        AttemptKey(scope: scope, kind: .address, value: ClientNetwork.of(address))
    }
}
