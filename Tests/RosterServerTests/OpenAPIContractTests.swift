import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `Resources/openapi.yaml` against the server: the same routes both ways, and live answers
/// that carry every field the document's schemas require.
@Suite struct OpenAPIContractTests {
    @Test func documentIsOpenAPI31() throws {
        let document = try OpenAPIDocument.load()
        #expect(document.version == "3.1.0")
        #expect(document.operations.count > 20)
    }

    @Test func everyServedRouteIsDocumentedAndNothingElse() async throws {
        let document = try OpenAPIDocument.load()
        let served = try await ServedRoutes.list(TestConfig.app())
        let undocumented = served.subtracting(document.operations).sorted()
        let notServed = document.operations.subtracting(served).sorted()
        #expect(undocumented.isEmpty, "served but not in openapi.yaml: \(undocumented)")
        #expect(notServed.isEmpty, "in openapi.yaml but not served: \(notServed)")
        #expect(served.contains("POST /api/client/v2.0/app/{appId}/auth/providers/{provider}/login"))
    }

    @Test func routeParametersAreWrittenAsOpenAPIDoes() {
        #expect(ServedRoutes.openAPIPath("/api/client/v2.0/auth/api_keys/:keyId/enable") == "/api/client/v2.0/auth/api_keys/{keyId}/enable")
        #expect(ServedRoutes.openAPIPath("/app/{appId}/location") == "/app/{appId}/location")
    }

    @Test func theDocumentsErrorCodesAreTheServers() throws {
        let text = try String(contentsOf: OpenAPIDocument.url, encoding: .utf8)
        for code in ErrorCode.allCases {
            #expect(text.contains("            - \(code.rawValue)\n"), "error_code \(code.rawValue) is not in the Error schema")
        }
    }

    @Test func aLayoutTheReaderDoesNotKnowIsRefused() {
        #expect(throws: OpenAPIDocument.LayoutError.self) { try OpenAPIDocument(text: "paths:\n  /a:\n    fetch:\n") }
        #expect(throws: OpenAPIDocument.LayoutError.self) {
            try OpenAPIDocument(text: "components:\n  schemas:\n    A:\n      required:\n        - a\n")
        }
    }

    /// Every field the document requires of `schema` is in the answer.
    func expect(
        _ response: WireResponse, status: Int, matches schema: String, in document: OpenAPIDocument,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(response.status == status, "\(String(decoding: response.body, as: UTF8.self))", sourceLocation: sourceLocation)
        let required = document.required[schema] ?? []
        #expect(!required.isEmpty, "openapi.yaml requires no field of \(schema)", sourceLocation: sourceLocation)
        let fields = response.json?.objectValue ?? [:]
        for field in required {
            #expect(fields[field] != nil, "\(schema) answer lacks '\(field)'", sourceLocation: sourceLocation)
        }
        if status >= 400 {
            #expect(response.headers["content-type"] == "application/json", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: StoreKind.allCases) func liveAnswersCarryTheFieldsTheDocumentRequires(_ kind: StoreKind) async throws {
        let document = try OpenAPIDocument.load()
        let t = try await TestServer.make(TestConfig.app(maxRequestBytes: 65536), store: kind)
        expect(await t.call(.get, Route.location(appId: t.appId)), status: 200, matches: "LocationResponse", in: document)
        expect(await t.call(.get, Route.customUserData(appId: t.appId)), status: 200, matches: "CustomUserDataLocation", in: document)
        let providers = await t.call(.get, Route.providers(appId: t.appId))
        #expect(providers.status == 200)
        for provider in try #require(providers.json.flatMap { if case .array(let items) = $0 { items } else { nil } }) {
            for field in document.required["EnabledProvider"] ?? ["?"] { #expect(provider[field] != nil) }
        }

        let login = await t.login(.anonymous)
        expect(login, status: 200, matches: "LoginResponse", in: document)
        let session = try login.decoded(LoginResponse.self)
        expect(await t.call(.get, Route.profile, bearer: session.accessToken), status: 200, matches: "ProfileResponse", in: document)
        expect(await t.call(.post, Route.session, bearer: session.refreshToken), status: 200, matches: "SessionResponse", in: document)

        #expect(await t.register("ann@example.com", "correct horse").status == 201)
        let link = await t.call(
            .post, Route.login(appId: t.appId, provider: .emailPassword),
            json: ["username": "ann@example.com", "password": "correct horse"], bearer: session.accessToken, query: ["link": "true"])
        expect(link, status: 200, matches: "LinkResponse", in: document)

        let created = await t.call(.post, Route.apiKeys, json: ["name": "kiosk"], bearer: session.refreshToken)
        expect(created, status: 201, matches: "CreatedAPIKey", in: document)
        let keyId = try #require(created.json?["_id"]?.stringValue)
        expect(await t.call(.get, Route.apiKey(keyId), bearer: session.refreshToken), status: 200, matches: "APIKey", in: document)

        func data(_ name: String, _ arguments: JSONObject) async -> WireResponse {
            var argument = arguments
            argument["database"] = "my_database"
            argument["collection"] = "users"
            return await t.call(
                .post, Route.functionCall(appId: t.appId),
                json: ["name": .string(name), "service": "mongodb-atlas", "arguments": [.object(argument)]], bearer: session.accessToken)
        }
        expect(await data("insertOne", ["document": ["favoriteColor": "teal"]]), status: 200, matches: "InsertOneResult", in: document)
        expect(
            await data("updateOne", ["query": [:], "update": ["$set": ["favoriteColor": "green"]]]), status: 200, matches: "UpdateResult",
            in: document)
        expect(await data("deleteOne", ["query": [:]]), status: 200, matches: "DeleteResult", in: document)

        expect(await t.call(.get, Route.profile), status: 401, matches: "Error", in: document)
        expect(await t.call(.get, Route.location(appId: "no-such-app")), status: 404, matches: "Error", in: document)
        expect(await t.call(.get, "/api/client/v2.0/nowhere"), status: 404, matches: "Error", in: document)
    }

    @Test(arguments: StoreKind.allCases) func deviceLogInAnswersCarryTheFieldsTheDocumentRequires(_ kind: StoreKind) async throws {
        let document = try OpenAPIDocument.load()
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let start = await t.deviceStart(["client": "roster"])
        expect(start, status: 200, matches: "DeviceStartResponse", in: document)
        let started = try start.decoded(DeviceStarted.self)
        expect(await t.devicePoll(started.deviceCode), status: 400, matches: "DeviceGrantError", in: document)
        expect(await t.devicePoll(started.deviceCode), status: 400, matches: "DeviceGrantError", in: document)
        try await t.approveOnPage(started.userCode, email: "ann@example.com", password: "secret-12")
        t.clock.advance(by: 60)
        expect(await t.devicePoll(started.deviceCode), status: 200, matches: "DeviceLoginResponse", in: document)
        expect(await t.call(.post, "\(Route.app(t.appId))/auth/device/poll", json: [:]), status: 400, matches: "Error", in: document)
    }
}
