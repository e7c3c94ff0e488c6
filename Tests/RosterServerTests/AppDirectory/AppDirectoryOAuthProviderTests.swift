import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// `oauth2-google`, `oauth2-apple` and `oauth2-facebook` as App Services writes them in
/// `auth/providers.json` (`config.clientId`, `secret_config.clientSecret`, `redirect_uris`,
/// `metadata_fields`), served from an app directory or an app the Admin API made: the client id
/// and secret become the provider's, the redirect URIs the pages browser sign-in may return to.
@Suite struct AppDirectoryOAuthProviderTests {
    static let providers = """
        {
            "anon-user": {"name": "anon-user", "type": "anon-user", "disabled": false},
            "oauth2-google": {
                "name": "oauth2-google", "type": "oauth2-google", "disabled": false,
                "config": {"clientId": "1234.apps.googleusercontent.com", "openId": true},
                "secret_config": {"clientSecret": "googleSecret"},
                "redirect_uris": ["https://kiosk.example/auth", "kiosk://auth"],
                "metadata_fields": [{"required": false, "name": "email"}]
            },
            "oauth2-apple": {
                "name": "oauth2-apple", "type": "oauth2-apple", "disabled": false,
                "config": {"clientId": "com.example.kiosk"},
                "secret_config": {"clientSecret": "appleSecret"},
                "redirect_uris": ["https://kiosk.example/auth"]
            },
            "oauth2-facebook": {
                "name": "oauth2-facebook", "type": "oauth2-facebook", "disabled": false,
                "config": {"clientId": "1234567890"},
                "secret_config": {"clientSecret": "facebookSecret"},
                "redirect_uris": ["https://kiosk.example/facebook"]
            }
        }
        """
    static let secrets = AppSecrets([
        "storeAdminKey": "kept apart", "googleSecret": "google-secret-value", "appleSecret": "apple-secret-value",
        "facebookSecret": "facebook-secret-value",
    ])

    static func storeApp(providers: String = Self.providers) throws -> AppModel {
        let root = try AppDirectoryFixtures.copy("store-app")
        try AppDirectoryFixtures.write(providers, to: "auth/providers.json", in: root)
        return try AppDirectory.read(root).model
    }

    @Test func eachProviderIsServedWithItsClientIdAndSecret() throws {
        let served = try Self.storeApp().servableApp(secrets: Self.secrets)
        let providers = served.config.providers
        #expect(providers.google == OpenIDConfig(clientIds: ["1234.apps.googleusercontent.com"], clientSecret: "google-secret-value"))
        #expect(providers.apple == OpenIDConfig(clientIds: ["com.example.kiosk"], clientSecret: "apple-secret-value"))
        #expect(providers.facebook == FacebookConfig(appId: "1234567890", appSecret: "facebook-secret-value"))
        #expect(providers.isEnabled(.google) && providers.isEnabled(.apple) && providers.isEnabled(.facebook))
        // Browser sign-in returns to the pages the providers list; an app's own scheme is named.
        #expect(served.config.webSignIn.allowedRedirectURLs == ["https://kiosk.example/auth", "https://kiosk.example/facebook"])
        #expect(served.notServed.contains("oauth2-google's redirect URI 'kiosk://auth' is not served: browser sign-in returns to http and https pages only"))
        #expect(served.notServed.contains { $0.hasPrefix("oauth2-google's metadata_fields are not used") })
    }

    @Test func aDisabledProviderIsNotServed() throws {
        var model = try Self.storeApp()
        for index in model.providers.indices where model.providers[index].kind == .google { model.providers[index].disabled = true }
        let served = try model.servableApp(secrets: Self.secrets)
        #expect(served.config.providers.google == nil && !served.config.providers.isEnabled(.google))
        #expect(served.config.webSignIn.allowedRedirectURLs == ["https://kiosk.example/auth", "https://kiosk.example/facebook"], "apple's stays")
    }

    @Test func aProviderWithoutItsClientIdOrFacebookWithoutItsSecretIsRefusedByKey() throws {
        var model = try Self.storeApp()
        let google = try #require(model.providers.firstIndex { $0.kind == .google })
        model.providers[google].settings = .oauth(AppOAuthSettings(clientId: nil, openId: true))
        #expect(throws: AppDirectoryError(
            file: "auth/providers.json", key: "oauth2-google.config.clientId", reason: "is missing: the app's client id at oauth2-google"
        )) { _ = try model.servableApp(secrets: Self.secrets) }
        model.providers[google].disabled = true
        let facebook = try #require(model.providers.firstIndex { $0.kind == .facebook })
        model.providers[facebook].secretConfig = [:]
        #expect(throws: AppDirectoryError(
            file: "auth/providers.json", key: "oauth2-facebook.secret_config.clientSecret",
            reason: "is missing: Facebook's access tokens are checked with the app's secret"
        )) { _ = try model.servableApp(secrets: Self.secrets) }
    }

    /// Google's `domain_restrictions`: only people of those Workspace domains log in, from an
    /// app directory or the Admin API, and the restriction is written back; another provider
    /// with one is refused, so no restriction is ever dropped.
    @Test func googlesDomainRestrictionsAreServedFromTheDirectoryAndTheAdminAPI() throws {
        let restricted = Self.providers.replacingOccurrences(
            of: #""redirect_uris": ["https://kiosk.example/auth", "kiosk://auth"],"#,
            with: #""redirect_uris": ["https://kiosk.example/auth"], "domain_restrictions": ["kiosk.example"],"#)
        let model = try Self.storeApp(providers: restricted)
        let served = try model.servableApp(secrets: Self.secrets)
        #expect(served.config.providers.google?.hostedDomains == ["kiosk.example"])
        let files = try AppDirectoryWriter.files(of: model)
        let written = try JSONValue(parsing: try #require(files.first { $0.path == "auth/providers.json" }).contents)
        #expect(written["oauth2-google"]?["domain_restrictions"] == ["kiosk.example"])

        let apple = Self.providers.replacingOccurrences(
            of: #""redirect_uris": ["https://kiosk.example/auth"]"#, with: #""redirect_uris": [], "domain_restrictions": ["kiosk.example"]"#)
        #expect(throws: AppDirectoryError(
            file: "auth/providers.json", key: "oauth2-apple.domain_restrictions", reason: "only oauth2-google restricts log-ins to domains"
        )) { _ = try Self.storeApp(providers: apple).servableApp(secrets: Self.secrets) }

        // The Admin API's provider body, as a deployment tool sends it.
        let body = AdminAuthProvider(
            type: "oauth2-google", config: ["clientId": "1234.apps.googleusercontent.com"], domainRestrictions: ["kiosk.example"])
        let made = try body.appProvider(id: "6570a1b2c3d4e5f607182930", in: AppModel(name: "kiosk", appId: "kiosk-abcde"))
        #expect(made.settings == .oauth(AppOAuthSettings(clientId: "1234.apps.googleusercontent.com", domainRestrictions: ["kiosk.example"])))
        #expect(AdminAuthProvider(made, in: AppModel(name: "kiosk", appId: "kiosk-abcde")).domainRestrictions == ["kiosk.example"])
        // Refused where the Admin API checks every edit, serving the model (`AdminApps.servable`).
        let facebook = try AdminAuthProvider(type: "oauth2-facebook", config: ["clientId": "1"], domainRestrictions: ["kiosk.example"])
            .appProvider(id: "6570a1b2c3d4e5f607182931", in: AppModel(name: "kiosk", appId: "kiosk-abcde"))
        #expect(throws: AppDirectoryError(
            file: "auth/providers.json", key: "oauth2-facebook.domain_restrictions", reason: "only oauth2-google restricts log-ins to domains"
        )) { _ = try AppModel(name: "kiosk", appId: "kiosk-abcde", providers: [facebook]).servableApp(secrets: AppSecrets()) }
    }

    /// A `--config` app's browser sign-in pages become each OAuth provider's `redirect_uris` in
    /// its export, which an app directory serves as the same pages.
    @Test func aConfigurationsSignInPagesAreExportedAsTheProvidersRedirectURIs() throws {
        var config = AppConfig(appId: "kiosk-abcde", name: "kiosk")
        config.providers.google = OpenIDConfig(clientIds: ["1234.apps.googleusercontent.com"], clientSecret: "google-secret-value")
        config.webSignIn.allowedRedirectURLs = ["https://kiosk.example/auth"]
        let model = config.exportableApp.model
        #expect(model.provider(.google)?.redirectURIs == ["https://kiosk.example/auth"])
        let again = try AppDirectory.read(try AppDirectoryExportTests.exported(model)).model
        let served = try again.servableApp(secrets: AppSecrets(["oauth2-google-clientSecret": "google-secret-value"]))
        #expect(served.config.providers.google == config.providers.google)
        #expect(served.config.webSignIn.allowedRedirectURLs == ["https://kiosk.example/auth"])
    }
}
