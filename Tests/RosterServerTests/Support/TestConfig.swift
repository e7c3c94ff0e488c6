import Foundation
import IdentityProviderStandIn
@testable import RosterServer
@testable import RosterServerCore

enum TestConfig {
    static let appId = "test-app"
    static let customSecret = "test-custom-token-secret-0123456789-abcdef"
    static let audience = "test-audience"

    /// The custom user data collection, readable and writable by each user for their own document
    /// (without it, the default lets owners read only).
    static let ownCustomData = DataRule(database: "my_database", collection: "users", read: .own, write: .own, userIdField: "userId")

    /// Every provider on, fast scrypt (logN 10), custom data in my_database.users by `userId`,
    /// which its owner may write.
    static func app(
        appId: String = appId, autoConfirm: Bool = true, maxRequestBytes: Int = 4096,
        emailPassword: EmailPasswordConfig? = nil, outbox: OutboxConfig? = nil, customFunction: CustomFunctionConfig? = nil,
        customTokenKeys: [CustomTokenKey]? = nil, google: OpenIDConfig? = nil, apple: OpenIDConfig? = nil,
        facebook: FacebookConfig? = nil,
        metadataFields: [CustomTokenConfig.MetadataField] = [
            .init(name: "name", fieldName: "name"), .init(name: "profile.team", fieldName: "team", required: false),
        ]
    ) -> AppConfig {
        AppConfig(
            appId: appId, accessTokenLifetimeSeconds: 1800, refreshTokenLifetimeSeconds: 3600 * 24,
            maxRequestBytes: maxRequestBytes, passwordHashing: PasswordHashingConfig(logN: 10, r: 8, p: 1),
            providers: ProvidersConfig(
                anonymous: ToggleProviderConfig(), emailPassword: emailPassword ?? EmailPasswordConfig(confirmation: autoConfirm ? .auto : .token),
                apiKey: ToggleProviderConfig(),
                customToken: CustomTokenConfig(
                    audience: [audience],
                    keys: customTokenKeys ?? [CustomTokenKey(kid: "k1", algorithm: .hs256, secret: customSecret)],
                    metadataFields: metadataFields),
                customFunction: customFunction, google: google, apple: apple, facebook: facebook),
            customUserData: CustomUserDataConfig(database: "my_database", collection: "users", userIdField: "userId"),
            outbox: outbox, rules: [ownCustomData])
    }

    /// Google, Apple and Facebook all pointed at a local stand-in.
    static func oauth(
        _ standIn: IdentityProviderStandIn, google: OpenIDConfig? = nil, apple: OpenIDConfig? = nil
    ) -> AppConfig {
        app(
            google: google ?? OpenIDConfig(
                clientIds: [IdentityProviderStandIn.clientId], jwksURL: standIn.jwksURL, tokenEndpoint: standIn.tokenEndpoint,
                clientSecret: IdentityProviderStandIn.clientSecret),
            apple: apple ?? OpenIDConfig(clientIds: [IdentityProviderStandIn.clientId], jwksURL: standIn.jwksURL),
            facebook: FacebookConfig(
                appId: IdentityProviderStandIn.facebookAppId, appSecret: IdentityProviderStandIn.facebookAppSecret,
                graphURL: standIn.baseURL))
    }

    /// Google, Apple and Facebook all pointed at a local stand-in, with the endpoints a browser
    /// sign-in goes through (the authorization page, the token exchange).
    static func webSignIn(_ standIn: IdentityProviderStandIn) -> AppConfig {
        func openID(_ provider: String) -> OpenIDConfig {
            OpenIDConfig(
                clientIds: [IdentityProviderStandIn.clientId], jwksURL: standIn.jwksURL,
                authorizationEndpoint: standIn.authorizationEndpoint(provider), tokenEndpoint: standIn.tokenEndpoint,
                clientSecret: IdentityProviderStandIn.clientSecret)
        }
        return app(
            google: openID("google"), apple: openID("apple"),
            facebook: FacebookConfig(
                appId: IdentityProviderStandIn.facebookAppId, appSecret: IdentityProviderStandIn.facebookAppSecret,
                graphURL: standIn.baseURL, authorizationEndpoint: standIn.authorizationEndpoint("facebook")))
    }
}
