import ArgumentParser
import Foundation
import RosterServerCore

/// `roster ui --listen ADDR:PORT`: the embedded default also answers on a port, so that a
/// phone (or a browser) can open the page of a log-in on another device. The demo's passwords
/// are public, so an address other machines reach needs `--allow-demo-on-network`, as
/// `roster-server serve` does; an address that names every interface needs `--public-url`, the
/// address a phone opens, for the page's link.
struct ListenOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Serve the embedded default on ADDR:PORT too (port 0: any free one), so a phone can open the page of a log-in on another device.",
        valueName: "addr:port"))
    var listen: String?

    @Option(name: .customLong("public-url"), help: "With --listen: the address a phone opens, when ADDR names every interface (0.0.0.0, ::).")
    var publicURL: String?

    @Flag(help: "With --listen: serve on an address other machines reach, though the demo users' passwords are public.")
    var allowDemoOnNetwork = false

    /// Where to listen, checked; nil without `--listen`.
    struct Listening: Equatable {
        var host: String
        var port: Int
        var publicURL: PublicURL?
    }

    /// The options checked against each other and the connection: a failure says in words what
    /// to change. `embedded` is whether Roster uses its embedded server (no `--server`).
    func checked(embedded: Bool) throws -> Listening? {
        guard let listen else {
            if publicURL != nil || allowDemoOnNetwork { throw CommandFailure("--public-url and --allow-demo-on-network go with --listen") }
            return nil
        }
        guard embedded else {
            throw CommandFailure("--listen serves the embedded server; with --server, a phone opens that server's own page")
        }
        guard let (host, port) = Self.address(listen) else {
            throw CommandFailure("--listen takes ADDR:PORT, such as 127.0.0.1:8080 or 0.0.0.0:8080 (port 0: any free one); '\(listen.prefix(100))' is not one")
        }
        if !ListenAddress.isLoopback(host), !allowDemoOnNetwork {
            throw CommandFailure(
                "the demo app's passwords are public, so --listen serves it on this machine only: use --listen 127.0.0.1:\(port), "
                    + "or --allow-demo-on-network to serve it on \(host) anyway")
        }
        let base: PublicURL?
        do { base = try publicURL.map { try PublicURL(parsing: $0) } } catch { throw CommandFailure("--public-url: \(error)") }
        if base == nil, PublicURL.listening(host: host, port: max(port, 1)) == nil {
            throw CommandFailure("--listen \(listen) names no address a phone can open: give the one it opens with --public-url, such as --public-url http://192.168.1.20:\(port == 0 ? 8080 : port)")
        }
        return Listening(host: host, port: port, publicURL: base)
    }

    /// `host:port` split at its last colon; an IPv6 address in brackets (`[::1]:8080`).
    static func address(_ text: String) -> (host: String, port: Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, host.count <= 253, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:".contains($0)) }) else { return nil }
        // A bare IPv6 address needs its brackets, or its last group would read as the port.
        guard !host.contains(":") || text.hasPrefix("[") else { return nil }
        return (host, port)
    }
}
