import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// nginx from the system's packages as a round-robin reverse proxy in front of some servers, for
/// the length of a test: its own configuration, pid file, logs and temporary paths in a
/// directory of the test's, in the foreground (`daemon off;`, so stopping the child stops it),
/// on a free loopback port.
///
///     let proxy = try RoundRobinProxy(upstreams: ["127.0.0.1:9091", "127.0.0.1:9092"], directory: folder)
///     defer { proxy.stop() }
///     // proxy.baseURL: "http://127.0.0.1:PORT"
///
/// One worker process, so the rotation is one sequence: the first request goes to the first
/// upstream, the next to the second, and so on around. A POST is never retried on another
/// upstream (`proxy_next_upstream off;`): a log-in or a refresh the first one failed must not
/// run twice. The `X-Forwarded-*` headers name the client and the address it used.
final class RoundRobinProxy {
    static let binary = "/usr/sbin/nginx"
    static let package = "nginx"

    let baseURL: String
    private let process: ChildProcess

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Fails, naming the Debian package to install, when nginx is not installed.
    static func requireInstalled() throws {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw Failure(
                description: "nginx is not installed (\(binary)): install the Debian package '\(package)' (apt-get install \(package))")
        }
    }

    /// `port`: where to listen, when the upstreams must know it first (their public URL).
    init(upstreams: [String], directory: URL, port chosen: Int? = nil) throws {
        try Self.requireInstalled()
        let port = try chosen ?? Self.freePort()
        let configuration = directory.appendingPathComponent("nginx.conf")
        let errorLog = directory.appendingPathComponent("nginx-error.log").path
        try Self.configuration(upstreams: upstreams, port: port, directory: directory)
            .write(to: configuration, atomically: true, encoding: .utf8)
        process = try ChildProcess(
            path: Self.binary, ["-p", directory.path, "-c", configuration.path, "-e", errorLog],
            environment: ["PATH": "/usr/sbin:/usr/bin:/bin"], stdout: .file(errorLog), stderr: .file(errorLog))
        baseURL = "http://127.0.0.1:\(port)"
        // Listening once a connection is accepted; a connection reaches no upstream.
        let deadline = Date().addingTimeInterval(15)
        while !Self.accepts(port: port) {
            guard process.isRunning, Date() < deadline else {
                stop()
                let log = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
                throw Failure(description: "nginx did not start on port \(port): \(log)")
            }
            usleep(20_000)
        }
    }

    /// Stops nginx (at once: the test is over) and waits for it.
    func stop() {
        process.signal(SIGTERM)
        process.wait()
    }

    static func configuration(upstreams: [String], port: Int, directory: URL) -> String {
        let path = directory.path
        // Run as root, the workers would switch to `nobody`, who cannot write in the test's folder.
        let user = getuid() == 0 ? "user root root;\n" : ""
        return """
            \(user)daemon off;
            worker_processes 1;
            pid \(path)/nginx.pid;
            error_log \(path)/nginx-error.log info;
            events { worker_connections 256; }
            http {
                access_log \(path)/nginx-access.log;
                client_body_temp_path \(path)/client-body;
                proxy_temp_path \(path)/proxy;
                fastcgi_temp_path \(path)/fastcgi;
                uwsgi_temp_path \(path)/uwsgi;
                scgi_temp_path \(path)/scgi;
                upstream roster {
            \(upstreams.map { "        server \($0);" }.joined(separator: "\n"))
                }
                server {
                    listen 127.0.0.1:\(port);
                    location / {
                        proxy_pass http://roster;
                        proxy_next_upstream off;
                        proxy_http_version 1.1;
                        proxy_set_header Connection "";
                        proxy_set_header Host $http_host;
                        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                        proxy_set_header X-Forwarded-Proto $scheme;
                        proxy_set_header X-Forwarded-Host $http_host;
                    }
                }
            }

            """
    }

    /// A loopback port no one listens on now (the kernel's pick for a socket bound to port 0).
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket: errno \(errno)") }
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "cannot pick a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func accepts(port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
