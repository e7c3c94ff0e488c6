import Foundation
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Where Google, Apple and Facebook are: the real providers unless the app configuration moves
/// them, and browser sign-in's own settings (`webSignIn`).
@Suite struct ProviderEndpointConfigTests {
    func parse(_ text: String) throws -> AppConfig { try AppConfig.parse(Data(text.utf8), source: "test.json") }

    func refusal(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    func served(_ config: AppConfig) async throws -> ServedApp {
        try await ServedApp(config: config, environment: ServerEnvironment(), defaultOutbox: FileManager.default.temporaryDirectory)
    }

    @Test func leftOutTheEndpointsAreTheRealProviders() async throws {
        let app = try await served(
            try parse(
                #"""
                {"appId": "a", "providers": {"oauth2-google": {"clientId": "g"}, "oauth2-apple": {"clientId": "com.example"},
                 "oauth2-facebook": {"appId": "1", "appSecret": "s"}}}
                """#))
        let google = try #require(app.google)
        #expect(google.authorizationEndpoint == "https://accounts.google.com/o/oauth2/v2/auth")
        #expect(google.tokenEndpoint == "https://oauth2.googleapis.com/token")
        #expect(await google.verifier.keySet.source == .url("https://www.googleapis.com/oauth2/v3/certs"))
        #expect(google.verifier.issuers == ["https://accounts.google.com", "accounts.google.com"])
        let apple = try #require(app.apple)
        #expect(apple.authorizationEndpoint == "https://appleid.apple.com/auth/authorize")
        #expect(apple.tokenEndpoint == "https://appleid.apple.com/auth/token")
        #expect(await apple.verifier.keySet.source == .url("https://appleid.apple.com/auth/keys"))
        let facebook = try #require(app.facebook)
        #expect(facebook.config.authorizationEndpoint == "https://www.facebook.com/dialog/oauth")
        #expect(facebook.config.accessTokenEndpoint == "https://graph.facebook.com/oauth/access_token")
        #expect(app.config.webSignIn == WebSignInConfig())
        #expect(app.config.webSignIn.lifetimeSeconds == 600 && app.config.webSignIn.allowedRedirectURLs.isEmpty)
    }

    @Test func configuredEndpointsAreTheOnesUsed() async throws {
        let app = try await served(
            try parse(
                #"""
                {"appId": "a", "providers": {
                  "oauth2-google": {"clientId": "g", "issuers": ["https://idp.test"], "jwksURL": "https://idp.test/keys",
                    "authorizationEndpoint": "https://idp.test/auth", "tokenEndpoint": "https://idp.test/token", "clientSecret": "x"},
                  "oauth2-apple": {"clientId": "c", "authorizationEndpoint": "https://apple.test/auth", "tokenEndpoint": "https://apple.test/token"},
                  "oauth2-facebook": {"appId": "1", "appSecret": "s", "graphURL": "https://graph.test/",
                    "authorizationEndpoint": "https://fb.test/dialog"}},
                 "webSignIn": {"allowedRedirectURLs": ["https://app.example.com/done"], "callbackURL": "https://roster.test/cb",
                   "lifetimeSeconds": 300}}
                """#))
        let google = try #require(app.google)
        #expect(google.authorizationEndpoint == "https://idp.test/auth" && google.tokenEndpoint == "https://idp.test/token")
        #expect(await google.verifier.keySet.source == .url("https://idp.test/keys"))
        #expect(google.verifier.issuers == ["https://idp.test"])
        #expect(app.apple?.authorizationEndpoint == "https://apple.test/auth" && app.apple?.tokenEndpoint == "https://apple.test/token")
        #expect(app.facebook?.config.authorizationEndpoint == "https://fb.test/dialog")
        #expect(app.facebook?.config.accessTokenEndpoint == "https://graph.test/oauth/access_token", "beside the configured Graph API")
        #expect(app.config.webSignIn.allows(redirect: "https://app.example.com/done"))
        #expect(!app.config.webSignIn.allows(redirect: "https://app.example.com/done/"))
        #expect(WebSignInService.callbackURL(of: app, base: try PublicURL(parsing: "http://ignored")) == "https://roster.test/cb")
    }

    @Test func badEndpointsAndWebSignInSettingsAreRefusedSayingWhich() {
        let cases: [(String, String)] = [
            (#""oauth2-google": {"clientId": "g", "authorizationEndpoint": "ftp://x"}"#, "oauth2-google: authorizationEndpoint must be an http"),
            (#""oauth2-apple": {"clientId": "g", "tokenEndpoint": "not a url"}"#, "oauth2-apple: tokenEndpoint must be an http"),
            (#""oauth2-google": {"clientId": "g", "issuers": [""]}"#, "oauth2-google: an issuer must not be empty"),
            (#""oauth2-google": {"clientId": "g", "clientSecret": ""}"#, "oauth2-google: clientSecret must not be empty"),
            (#""oauth2-facebook": {"appId": "1", "appSecret": "s", "authorizationEndpoint": "x"}"#, "oauth2-facebook: authorizationEndpoint"),
            (#""oauth2-facebook": {"appId": "1", "appSecret": "s", "tokenEndpoint": "//x"}"#, "oauth2-facebook: tokenEndpoint"),
            (#""oauth2-facebook": {"appId": "1", "appSecret": "s", "authorizeURL": "https://x"}"#, "unknown key 'providers.oauth2-facebook.authorizeURL'"),
        ]
        for (provider, words) in cases {
            let why = refusal(#"{"appId": "a", "providers": {\#(provider)}}"#)
            #expect(why?.contains(words) == true, "\(why ?? "accepted"): \(provider)")
        }
        let web: [(String, String)] = [
            (#"{"allowedRedirectURLs": ["https://app.example.com/done#x"]}"#, "without a fragment"),
            (#"{"allowedRedirectURLs": ["app.example.com/done"]}"#, "allowedRedirectURLs must be http or https URLs"),
            (#"{"callbackURL": "/cb"}"#, "callbackURL must be an http or https URL"),
            (#"{"lifetimeSeconds": 5}"#, "lifetimeSeconds must be between 60 and 3600"),
            (#"{"startsPerAddressPerHour": 0}"#, "startsPerAddressPerHour must be at least 1"),
            (#"{"allowedRedirectURL": []}"#, "unknown key 'webSignIn.allowedRedirectURL'"),
        ]
        for (settings, words) in web {
            let why = refusal(#"{"appId": "a", "webSignIn": \#(settings)}"#)
            #expect(why?.contains(words) == true, "\(why ?? "accepted"): \(settings)")
        }
    }
}
