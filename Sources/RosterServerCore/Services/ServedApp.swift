import Foundation
import RosterDocuments
import RosterWire

/// An app the server serves, ready to use: its configuration with the parts built from it once.
/// A class, so that a request's context, copied at every middleware, carries one reference.
package final class ServedApp: Sendable {
    package let config: AppConfig
    package let hasher: PasswordHasher
    package let customTokens: CustomTokenVerifier?
    /// Where confirmation and reset messages go.
    package let outbox: any Outbox
    package let google: OpenIDProvider?
    package let apple: OpenIDProvider?
    package let facebook: FacebookProvider?
    /// How many of the app's function commands run at once, and for whom.
    package let functions: FunctionLimiter
    /// The deadline and per-user count of data calls.
    package let dataCalls: DataCallGate
    /// How many change streams each user has open here.
    package let changeStreams: ConcurrencyLimit<String>
    /// What the server's pipelines may hold at once, all calls of all apps together.
    package let pipelineMemory: PipelineMemory
    /// The origins browser pages may call the app from.
    package let requestOrigins: RequestOrigins

    package var id: String { config.appId }

    /// `pipelineMemory`: the one the server's apps share; without it, one of the app's own.
    package init(config: AppConfig, environment: ServerEnvironment, pipelineMemory: PipelineMemory? = nil, defaultOutbox: URL) async throws {
        self.config = config
        requestOrigins = try RequestOrigins(config.allowedRequestOrigins)
        functions = FunctionLimiter(limits: config.limits)
        dataCalls = DataCallGate(limits: config.limits)
        changeStreams = ConcurrencyLimit(width: Int(Int32.max), perOwner: config.limits.changeStreamsPerUser, queueLimit: 0, waitLimit: .zero)
        self.pipelineMemory = pipelineMemory ?? PipelineMemory(limit: environment.pipelineMemoryBytes)
        hasher = PasswordHasher(cost: config.passwordHashing, randomBytes: environment.randomBytes, pool: environment.hashing)
        if let command = config.outbox?.command {
            outbox = CommandOutbox(function: CommandFunction(config: command), limiter: functions)
        } else {
            outbox = DirectoryOutbox(directory: config.outbox?.directory.map { URL(fileURLWithPath: $0) } ?? defaultOutbox)
        }
        let (http, now) = (environment.http, environment.now)
        if let customToken = config.providers.customToken, customToken.enabled {
            customTokens = try await CustomTokenVerifier(config: customToken, appId: config.appId, http: http, now: now)
        } else {
            customTokens = nil
        }
        func openID(_ issuer: OpenIDIssuer, _ config: OpenIDConfig?) -> OpenIDProvider? {
            guard let config, config.enabled else { return nil }
            return OpenIDProvider(verifier: IDTokenVerifier(issuer: issuer, config: config, http: http, now: now), http: http)
        }
        google = openID(.google, config.providers.google)
        apple = openID(.apple, config.providers.apple)
        facebook = config.providers.facebook.flatMap { $0.enabled ? FacebookProvider(config: $0, http: http) : nil }
    }
}
