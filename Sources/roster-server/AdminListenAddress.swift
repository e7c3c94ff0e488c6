/// `--admin-listen HOST:PORT` (`[::1]:9091` for an IPv6 address).
struct AdminListenAddress {
    var host: String
    var port: Int

    init(_ text: String) throws {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else {
            throw CommandFailure("--admin-listen takes HOST:PORT, such as 127.0.0.1:9091; '\(text.prefix(100))' is not one")
        }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw CommandFailure("--admin-listen names no host: give HOST:PORT, such as 127.0.0.1:9091") }
        self.host = host
        self.port = port
    }
}
