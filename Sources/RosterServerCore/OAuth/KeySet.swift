import Foundation
import JWTKit
import RosterWire

/// A provider's JSON Web Key Set, read from a URL or a file when first needed and again when a
/// token names a key it lacks (providers rotate keys), but from a URL no more than once a
/// minute, so tokens naming made-up keys cannot make the server hammer the provider.
package actor KeySet {
    package enum Source: Sendable, Equatable {
        case url(String)
        case file(String)
    }

    package let source: Source
    package let providerName: String
    private let http: any OutboundHTTP
    private let now: @Sendable () -> Date
    private var keys: JWTKeyCollection?
    private var kids: Set<String> = []
    private var loadedAt: Date?

    /// The least time between two reads of a URL.
    package static let minimumReloadInterval: TimeInterval = 60
    /// The most keys a set may hold (providers publish a few): past it the set is not read, so
    /// a hostile one cannot make every token check parse thousands of keys.
    package static let maximumKeys = 100

    package init(source: Source, providerName: String, http: any OutboundHTTP, now: @escaping @Sendable () -> Date) {
        self.source = source
        self.providerName = providerName
        self.http = http
        self.now = now
    }

    /// The keys, when they hold `kid`; AuthError when they do not or cannot be read.
    package func keys(holding kid: String) async throws(ErrorResponse) -> JWTKeyCollection {
        if let keys, kids.contains(kid) { return keys }
        if mayReload {
            do {
                try await load()
            } catch {
                throw .authError("\(providerName)'s key set could not be read: \(error)")
            }
        }
        guard let keys, kids.contains(kid) else {
            throw .authError("the token is signed with key '\(kid.prefix(64))', which is not in \(providerName)'s key set")
        }
        return keys
    }

    private var mayReload: Bool {
        guard keys != nil, let loadedAt, case .url = source else { return true }
        return now().timeIntervalSince(loadedAt) >= Self.minimumReloadInterval
    }

    private func load() async throws {
        let data = try await read()
        guard let document = try? JSONValue(parsing: data), let entries = document["keys"]?.arrayValue else {
            throw OutboundFailure("it is not a JSON Web Key Set")
        }
        guard entries.count <= Self.maximumKeys else { throw OutboundFailure("it holds more than \(Self.maximumKeys) keys") }
        let collection = JWTKeyCollection()
        var found: Set<String> = []
        for entry in entries {
            // A key Roster cannot use (another type, no kid) is skipped, not fatal: sets mix them.
            guard let kid = entry["kid"]?.stringValue, let jwk = try? JSONDecoder().decode(JWK.self, from: entry.data),
                (try? await collection.add(jwk: jwk)) != nil
            else { continue }
            found.insert(kid)
        }
        guard !found.isEmpty else { throw OutboundFailure("it holds no usable keys") }
        keys = collection
        kids = found
        loadedAt = now()
    }

    private func read() async throws -> Data {
        switch source {
        case .file(let path):
            do {
                return try BoundedFile.read(path, atMost: BoundedFile.configBytes)
            } catch {
                throw OutboundFailure("cannot read \(error.description)")
            }
        case .url(let url):
            let response = try await http.send(OutboundRequest(url: url, headers: ["accept": "application/json"]))
            guard response.status == 200 else { throw OutboundFailure("\(URL(string: url)?.host ?? url) answered \(response.status)") }
            return response.body
        }
    }
}
