import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `custom-function`: the app's authentication function, a command, decides who logs in.
@Suite struct CustomFunctionTests {
    let scripts: URL

    init() throws {
        scripts = FileManager.default.temporaryDirectory.appendingPathComponent("roster-auth-functions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
    }

    /// A server whose authentication function is a shell script body reading the payload on stdin.
    func server(_ body: String, timeout: Double = 10, store kind: StoreKind) async throws -> TestServer {
        let file = scripts.appendingPathComponent("auth-\(UUID().uuidString).sh")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: file)
        let function = FunctionConfig(command: ["/bin/sh", file.path], timeoutSeconds: timeout)
        return try await TestServer.make(TestConfig.app(customFunction: CustomFunctionConfig(function: function)), store: kind)
    }

    /// A function that knows two PINs.
    var pinFunction: String {
        """
        input=$(cat)
        printf '%s' "$input" > '\(scripts.appendingPathComponent("last-input").path)'
        case "$input" in
          *'"pin":"1234"'*) printf '{"id": "kiosk-ada", "name": "Ada", "email": "ada@example.com", "role": "admin"}' ;;
          *'"pin":"9876"'*) printf '{"id": 42}' ;;
          *) printf '{"error": "unknown PIN"}' ;;
        esac
        """
    }

    @Test(arguments: StoreKind.allCases) func theSameExternalIdIsTheSameUserWithTheProfileTheFunctionGives(_ kind: StoreKind) async throws {
        let t = try await server(pinFunction, store: kind)
        let first = try await t.login(.customFunction, ["pin": "1234", "options": ["device": ["deviceId": "d1"]]]).decoded(LoginResponse.self)
        let second = try await t.login(.customFunction, ["pin": "1234"]).decoded(LoginResponse.self)
        #expect(first.userId == second.userId)
        let profile = try await t.call(.get, Route.profile, bearer: first.accessToken).decoded(ProfileResponse.self)
        #expect(profile.identities == [Identity(id: "kiosk-ada", provider: .customFunction)])
        #expect(profile.data["name"] == "Ada" && profile.data["email"] == "ada@example.com")
        #expect(profile.data["role"] == nil, "only profile fields are copied")
        // The function gets the payload without the options.
        let input = try JSONValue(parsing: Data(contentsOf: scripts.appendingPathComponent("last-input")))
        #expect(input == ["pin": "1234"])
        // A numeric id works too, and is another user.
        let other = try await t.login(.customFunction, ["pin": "9876"]).decoded(LoginResponse.self)
        #expect(other.userId != first.userId)
        #expect(try await t.userCount() == 2)
    }

    /// The command gets its three standard streams and nothing else of the server's: no store
    /// file, no client socket, however many the server holds (here 1,500 more than usual).
    @Test(arguments: StoreKind.allCases) func theFunctionInheritsNoDescriptorOfTheServers(_ kind: StoreKind) async throws {
        let held = (0..<1_500).map { _ in open("/dev/null", O_RDONLY) }
        defer { held.forEach { close($0) } }
        #expect(held.allSatisfy { $0 >= 0 })
        let listing = scripts.appendingPathComponent("descriptors")
        let t = try await server(
            """
            cat > /dev/null
            ls /proc/$$/fd > '\(listing.path)'
            printf '{"id": "fd-check"}'
            """, store: kind)
        for _ in 0..<5 {
            #expect(await t.login(.customFunction, ["pin": "1"]).status == 200)
            let open = try String(contentsOf: listing, encoding: .utf8).split(separator: "\n").compactMap { Int($0) }
            // 0, 1 and 2, and what the shell opens for itself (the script, a saved stream).
            let descriptors = Set(open)
            #expect(descriptors.count < 8, "\(open)")
            #expect(descriptors.isSuperset(of: [0, 1, 2]), "\(open)")
            #expect(descriptors.isDisjoint(with: Set(held.map(Int.init))), "\(open)")
        }
    }

    @Test(arguments: StoreKind.allCases) func aRefusalIsAuthErrorWithTheFunctionsWords(_ kind: StoreKind) async throws {
        let t = try await server(pinFunction, store: kind)
        let refused = await t.login(.customFunction, ["pin": "0000"])
        #expect(refused.status == 401 && refused.errorCode == "AuthError")
        #expect(refused.errorMessage == "unknown PIN")
        #expect(try await t.userCount() == 0)
    }

    @Test(arguments: StoreKind.allCases) func aBrokenFunctionIsAuthErrorNeverA5xx(_ kind: StoreKind) async throws {
        let cases: [(body: String, message: String)] = [
            ("cat > /dev/null; exit 3", "the authentication function failed: it exited with status 3"),
            // It exits without reading what it was sent: the server is not hurt by the closed pipe.
            ("exit 4", "the authentication function failed: it exited with status 4"),
            ("cat > /dev/null; kill -KILL $$", "the authentication function failed: it exited with status 137"),
            ("cat > /dev/null; head -c 100000 /dev/zero | tr '\\0' x", "the authentication function failed: its answer is not usable: longer than 64 KiB"),
            ("cat > /dev/null; printf 'not json'", "the authentication function failed: its answer is not usable: not JSON"),
            ("cat > /dev/null; printf '{\"name\": \"x\"}'", "the authentication function failed: its answer has no id"),
            ("cat > /dev/null; printf '{\"id\": \"\"}'", "the authentication function failed: its answer has no id"),
            ("cat > /dev/null; sleep 5; printf '{\"id\": \"late\"}'", "the authentication function failed: no answer within 1 s"),
            ("sleep 5", "the authentication function failed: no answer within 1 s"),
        ]
        for (body, message) in cases {
            // The time limit is short only where the answer is to be the time-out: a loaded
            // machine may take more than a second to start a shell that answers at once.
            let t = try await server(body, timeout: message.hasSuffix("within 1 s") ? 1 : 30, store: kind)
            let response = await t.login(.customFunction, ["pin": "1234"])
            #expect(response.status == 401 && response.errorCode == "AuthError", "\(body)")
            #expect(response.errorMessage == message, "\(body): \(response.errorMessage ?? "")")
            #expect(try await t.userCount() == 0)
        }
    }

    @Test(arguments: StoreKind.allCases) func disabledOrAbsentIsProviderNotFound(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        #expect(await t.login(.customFunction, ["pin": "1234"]).errorCode == "AuthProviderNotFound")
        let off = CustomFunctionConfig(enabled: false, function: FunctionConfig(command: ["/bin/true"]))
        let disabled = try await TestServer.make(TestConfig.app(customFunction: off), store: kind)
        #expect(await disabled.login(.customFunction, ["pin": "1234"]).errorCode == "AuthProviderNotFound")
    }

    @Test func theConfigReadsAndChecksTheCommand() throws {
        let config = try AppConfig.parse(Data("""
            {"appId": "a", "providers": {"custom-function": {"command": ["/usr/local/bin/auth"], "timeoutSeconds": 3}}}
            """.utf8), source: "test")
        #expect(config.providers.customFunction == CustomFunctionConfig(function: FunctionConfig(command: ["/usr/local/bin/auth"], timeoutSeconds: 3)))
        #expect(config.isEnabled(.customFunction))
        #expect(throws: AppConfigError.self) {
            try AppConfig.parse(Data(#"{"appId": "a", "providers": {"custom-function": {"command": ["auth"]}}}"#.utf8), source: "test")
        }
        #expect(throws: AppConfigError.self) {
            try AppConfig.parse(Data(#"{"appId": "a", "providers": {"custom-function": {"command": []}}}"#.utf8), source: "test")
        }
    }
}

/// GET `…/auth/providers`: what the app enables, for a log-in form to offer.
@Suite struct EnabledProvidersRouteTests {
    @Test(arguments: StoreKind.allCases) func listsTheEnabledProvidersInOrder(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let response = await t.call(.get, Route.providers(appId: t.appId))
        #expect(response.status == 200)
        let listed = try response.decoded([EnabledProvider].self)
        #expect(listed.map(\.name) == ["anon-user", "local-userpass", "api-key", "custom-token"])
        #expect(listed.allSatisfy { $0.name == $0.type })
        let unknown = await t.call(.get, Route.providers(appId: "no-such-app"))
        #expect(unknown.errorCode == "AppNotFound")
    }
}
