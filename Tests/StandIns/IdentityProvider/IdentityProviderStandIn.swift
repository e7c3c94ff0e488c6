import Crypto
import Foundation
import Hummingbird
import Logging
import JWTKit
import NIOCore
import RosterWire
import _CryptoExtras

/// A local stand-in for Google, Apple and Facebook, on a loopback port, so tests never need the
/// internet: it signs ID tokens with its own keys, serves them as a key set (`/jwks`), exchanges
/// auth codes for ID tokens (`/token`) and answers Graph calls (`/debug_token`, `/me`) for the
/// access tokens it was told about. For browser sign-in it serves an authorization page per
/// provider (`/authorize/google`, `/authorize/apple`, `/authorize/facebook`) that signs in a
/// test user and sends the browser back with a code, which `/token` (Google, Apple) or
/// `/oauth/access_token` (Facebook) exchange after checking the client, the redirect URI and
/// the PKCE verifier. Everything it was asked is counted.
///
///     let provider = try await IdentityProviderStandIn.start()
///     defer { provider.stop() }
///     let token = try await provider.idToken(["sub": "g-1", "iss": "https://accounts.google.com", "aud": "client"])
public final class IdentityProviderStandIn: Sendable {
    public let baseURL: String
    public let state: State
    private let serving: Task<Void, any Error>

    public static let clientId = "roster-test-client"
    public static let clientSecret = "stand-in-client-secret"
    public static let facebookAppId = "1234567890"
    public static let facebookAppSecret = "stand-in-facebook-secret"

    /// Where nothing listens (port 1 on loopback): a provider that cannot be reached. A stopped
    /// stand-in is no such place - it shuts down gracefully, and a pooled connection to it can
    /// hang until the client's deadline.
    public static let unreachableURL = "http://127.0.0.1:1"

    public var jwksURL: String { "\(baseURL)/jwks" }
    public var tokenEndpoint: String { "\(baseURL)/token" }
    /// The sign-in page for `provider` (`google`, `apple` or `facebook`).
    public func authorizationEndpoint(_ provider: String) -> String { "\(baseURL)/authorize/\(provider)" }

    private init(baseURL: String, state: State, serving: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.state = state
        self.serving = serving
    }

    /// Starts serving on 127.0.0.1 at a port the kernel picks.
    public static func start() async throws -> IdentityProviderStandIn {
        let state = State()
        let router = Router()
        router.get("jwks") { _, _ in await state.answerKeySet() }
        router.post("token") { request, _ in
            let body = try await request.body.collect(upTo: 65536)
            if let held = await state.fault() { return try await held.answer() }
            return await state.exchange(form: String(buffer: body))
        }
        router.get("authorize/:provider") { request, context in
            var fields: [String: String] = [:]
            for (name, value) in request.uri.queryParameters { fields[String(name)] = String(value) }
            return await state.authorizationPage(provider: context.parameters.get("provider") ?? "", fields)
        }
        router.post("authorize/:provider") { request, context in
            let body = try await request.body.collect(upTo: 65536)
            return await state.signIn(provider: context.parameters.get("provider") ?? "", Form.parse(String(buffer: body)))
        }
        router.post("oauth/access_token") { request, _ in
            let body = try await request.body.collect(upTo: 65536)
            if let held = await state.fault() { return try await held.answer() }
            return await state.exchangeFacebook(Form.parse(String(buffer: body)))
        }
        router.get("debug_token") { request, _ in
            await state.debug(
                input: request.uri.queryParameters["input_token"].map(String.init),
                appToken: request.uri.queryParameters["access_token"].map(String.init))
        }
        router.get("me") { request, _ in
            await state.me(
                authorization: request.headers[.authorization],
                proof: request.uri.queryParameters["appsecret_proof"].map(String.init))
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: Self.quietLogger)
        let serving = Task { try await application.runService() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else { throw StandInFailure("the stand-in did not start") }
        return IdentityProviderStandIn(baseURL: "http://127.0.0.1:\(port)", state: state, serving: serving)
    }

    public func stop() { serving.cancel() }

    /// Stopping by cancellation is how a test ends, not an error worth a line.
    static let quietLogger: Logger = {
        var logger = Logger(label: "identity-provider-stand-in")
        logger.logLevel = .critical
        return logger
    }()

    /// An ID token with these claims, signed with the stand-in's ES256 key (or its RS256 key),
    /// under `kid` (the key's own unless given).
    public func idToken(_ claims: JSONObject, rsa: Bool = false, kid: String? = nil) async throws -> String {
        try await state.sign(claims, rsa: rsa, kid: kid)
    }

    /// Google-style claims for `subject`, valid for ten minutes from `now`.
    public static func claims(
        subject: String, issuer: String = "https://accounts.google.com", audience: String = clientId, now: Date = Date(),
        lifetime: TimeInterval = 600, extra: JSONObject = [:]
    ) -> JSONObject {
        let issued = Int64(now.timeIntervalSince1970)
        var claims: JSONObject = [
            "sub": .string(subject), "iss": .string(issuer), "aud": .string(audience), "iat": .int(issued),
            "exp": .int(issued + Int64(lifetime)),
        ]
        claims.merge(extra) { _, new in new }
        return claims
    }

    public struct StandInFailure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// What the stand-in knows and has been asked.
    public actor State {
        let ecKey = ES256PrivateKey()
        let ecKid = "stand-in-es-1"
        private var rsaKey: JWTKit.Insecure.RSA.PrivateKey?
        let rsaKid = "stand-in-rs-1"

        /// What `/jwks` serves instead of the keys, when set (a broken key set).
        public var keySetOverride: String?
        /// Auth codes and the ID tokens they exchange for.
        private var codes: [String: String] = [:]
        /// Codes the sign-in page gave out, and what they were given for.
        var signIns: [String: SignIn] = [:]
        /// Claims laid over those of every ID token the sign-in page's codes exchange for.
        public var claimOverrides: JSONObject = [:]
        /// What the token endpoints answer instead of a token, when set.
        public var tokenFault: TokenFault?
        /// The clock the sign-in page's ID tokens are issued by.
        var clock: @Sendable () -> Date = { Date() }
        var issued = 0
        /// Facebook access tokens: the app they were issued to and the profile `/me` answers.
        private var facebookTokens: [String: (appId: String, profile: JSONObject)] = [:]
        public private(set) var requests: [String: Int] = [:]

        public func setKeySetOverride(_ text: String?) { keySetOverride = text }

        /// `code` will exchange for `idToken`, once.
        public func issue(code: String, idToken: String) { codes[code] = idToken }

        /// `token` is a valid Facebook access token of the user `profile` describes (with its `id`).
        public func issueFacebookToken(_ token: String, profile: JSONObject, appId: String = IdentityProviderStandIn.facebookAppId) {
            facebookTokens[token] = (appId, profile)
        }

        public func revokeFacebookToken(_ token: String) { facebookTokens[token] = nil }

        public func count(_ path: String) -> Int { requests[path] ?? 0 }

        func sign(_ claims: JSONObject, rsa: Bool, kid: String?) async throws -> String {
            let keys = JWTKeyCollection()
            let id = JWKIdentifier(string: kid ?? (rsa ? rsaKid : ecKid))
            if rsa {
                await keys.add(rsa: try rsaSigningKey(), digestAlgorithm: .sha256, kid: id)
            } else {
                await keys.add(ecdsa: ecKey, kid: id)
            }
            return try await keys.sign(Claims(fields: claims), kid: id)
        }

        private func rsaSigningKey() throws -> JWTKit.Insecure.RSA.PrivateKey {
            if let rsaKey { return rsaKey }
            let key = try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
            rsaKey = key
            return key
        }

        /// The public keys as a JSON Web Key Set.
        public func keySet() throws -> String {
            var keys: [JSONValue] = []
            if let parameters = ecKey.publicKey.parameters {
                keys.append([
                    "kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": .string(ecKid),
                    "x": .string(parameters.x), "y": .string(parameters.y),
                ])
            }
            if let rsaKey {
                let (modulus, exponent) = try rsaKey.publicKey.getKeyPrimitives()
                keys.append([
                    "kty": "RSA", "alg": "RS256", "use": "sig", "kid": .string(rsaKid),
                    "n": .string(Self.base64URL(modulus)), "e": .string(Self.base64URL(exponent)),
                ])
            }
            // A key of a kind Roster does not use, as real sets sometimes carry.
            keys.append(["kty": "oct", "kid": "stand-in-symmetric", "k": "c2VjcmV0"])
            return JSONValue.object(["keys": .array(keys)]).compactText
        }

        /// Makes the RSA key now, so the key set holds it.
        public func prepareRSAKey() throws { _ = try rsaSigningKey() }

        func answerKeySet() -> Response {
            note("/jwks")
            if let keySetOverride { return Self.json(keySetOverride) }
            guard let text = try? keySet() else { return Self.json(#"{"error":"no keys"}"#, status: .internalServerError) }
            return Self.json(text)
        }

        func exchange(form: String) async -> Response {
            note("/token")
            let fields = Form.parse(form)
            if let code = fields["code"], signIns[code] != nil { return await exchangeSignIn(fields) }
            guard fields["grant_type"] == "authorization_code", fields["client_id"] == IdentityProviderStandIn.clientId,
                fields["client_secret"] == IdentityProviderStandIn.clientSecret
            else { return Self.json(#"{"error":"invalid_client","error_description":"Unauthorized"}"#, status: .unauthorized) }
            guard let code = fields["code"], let idToken = codes.removeValue(forKey: code) else {
                return Self.json(#"{"error":"invalid_grant","error_description":"Bad Request"}"#, status: .badRequest)
            }
            return Self.json(JSONValue.object(["access_token": "stand-in-access", "id_token": .string(idToken), "expires_in": 3599]).compactText)
        }

        func debug(input: String?, appToken: String?) -> Response {
            note("/debug_token")
            let appAccess = "\(IdentityProviderStandIn.facebookAppId)|\(IdentityProviderStandIn.facebookAppSecret)"
            guard appToken == appAccess else {
                return Self.json(#"{"error":{"message":"Invalid OAuth access token.","type":"OAuthException","code":190}}"#, status: .badRequest)
            }
            guard let input, let known = facebookTokens[input] else {
                return Self.json(#"{"data":{"is_valid":false,"error":{"message":"Invalid OAuth access token.","code":190}}}"#)
            }
            let data: JSONValue = ["app_id": .string(known.appId), "is_valid": true, "user_id": known.profile["id"] ?? .null]
            return Self.json(JSONValue.object(["data": data]).compactText)
        }

        func me(authorization: String?, proof: String?) -> Response {
            note("/me")
            guard let authorization, authorization.hasPrefix("Bearer "),
                let known = facebookTokens[String(authorization.dropFirst(7))]
            else { return Self.json(#"{"error":{"message":"Invalid OAuth access token.","type":"OAuthException","code":190}}"#, status: .badRequest) }
            let token = String(authorization.dropFirst(7))
            let expected = HMAC<SHA256>.authenticationCode(
                for: Data(token.utf8), using: SymmetricKey(data: Data(IdentityProviderStandIn.facebookAppSecret.utf8)))
                .map { String(format: "%02x", $0) }.joined()
            guard proof == expected else {
                return Self.json(#"{"error":{"message":"Invalid appsecret_proof provided in the API argument","code":100}}"#, status: .badRequest)
            }
            return Self.json(JSONValue.object(known.profile).compactText)
        }

        func note(_ path: String) { requests[path, default: 0] += 1 }

        static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
            Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
        }

        static func base64URL(_ data: Data) -> String {
            data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
    }

    /// Any claims as a jwt-kit payload.
    struct Claims: JWTPayload {
        var fields: JSONObject
        init(fields: JSONObject) { self.fields = fields }
        init(from decoder: any Decoder) throws { fields = try JSONValue(from: decoder).objectValue ?? [:] }
        func encode(to encoder: any Encoder) throws { try JSONValue.object(fields).encode(to: encoder) }
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }
}
