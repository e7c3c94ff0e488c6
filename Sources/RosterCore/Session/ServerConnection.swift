import Foundation
import RosterWire

/// Talks the wire protocol to one app's server through a transport: fetches the app's location
/// once, before the first request (PROTOCOL "Client rules"), turns transport failures into
/// `RosterError.network` and error bodies into `RosterError.server`.
actor ServerConnection {
    let appId: String
    private let transport: any Transport
    private var location: LocationResponse?
    private var locating: Task<LocationResponse, any Error>?

    init(appId: String, transport: any Transport) {
        self.appId = appId
        self.transport = transport
    }

    /// Sends a request after the location is known. Any status comes back; only a missing
    /// answer throws.
    func send(_ request: WireRequest) async throws -> WireResponse {
        _ = try await resolveLocation()
        return try await deliver(request)
    }

    /// Opens a request whose answer arrives over time (a change stream), after the location is
    /// known. Any status comes back; only a missing answer throws.
    func open(_ request: WireRequest) async throws -> WireStreamResponse {
        _ = try await resolveLocation()
        let transport = transport
        return try await Self.carried { try await transport.open(request) }
    }

    /// Sends a request and requires a 2xx answer.
    func expectSuccess(_ request: WireRequest) async throws -> WireResponse {
        let response = try await send(request)
        guard response.isSuccess else { throw Self.error(from: response) }
        return response
    }

    /// The app's location, fetched once; a failed fetch is tried again on the next request.
    func resolveLocation() async throws -> LocationResponse {
        if let location { return location }
        if let locating { return try await locating.value }
        let task = Task { [appId] in
            let response = try await self.deliver(WireRequest(method: .get, path: Route.location(appId: appId)))
            guard response.isSuccess else { throw Self.error(from: response) }
            return try Self.decode(LocationResponse.self, from: response, what: "location")
        }
        locating = task
        do {
            let found = try await task.value
            location = found
            locating = nil
            return found
        } catch {
            locating = nil
            throw error
        }
    }

    private func deliver(_ request: WireRequest) async throws -> WireResponse {
        let transport = transport
        return try await Self.carried { try await transport.send(request) }
    }

    /// What the transport answered; a failure other than Roster's own or a cancellation as
    /// `RosterError.network`.
    private static func carried<Answer>(_ body: () async throws -> Answer) async throws -> Answer {
        do {
            return try await body()
        } catch let error as RosterError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw RosterError.network(String(describing: error))
        }
    }

    /// The protocol error a failed response carries, or a plain one when the body is not the
    /// protocol's error JSON.
    static func error(from response: WireResponse) -> RosterError {
        if let body = response.errorResponse, !body.errorCode.isEmpty {
            return .server(code: body.errorCode, message: body.error, status: response.status)
        }
        return .server(code: "HTTP\(response.status)", message: "the server answered HTTP \(response.status)", status: response.status)
    }

    static func decode<T: Decodable>(_ type: T.Type, from response: WireResponse, what: String) throws -> T {
        do {
            return try WireCoding.decode(type, from: response.body)
        } catch {
            throw RosterError.malformedResponse("the \(what) answer is not the expected JSON")
        }
    }
}

extension WireRequest {
    /// A JSON request, with a bearer token when given.
    static func json(
        _ method: WireMethod, _ path: String, body: Data? = nil, bearer: String? = nil, query: [String: String] = [:]
    ) -> WireRequest {
        var headers = ["accept": "application/json"]
        if body != nil { headers["content-type"] = "application/json" }
        if let bearer { headers["authorization"] = "Bearer \(bearer)" }
        return WireRequest(method: method, path: path, query: query, headers: headers, body: body)
    }
}
