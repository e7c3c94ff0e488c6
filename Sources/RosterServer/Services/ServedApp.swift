import Foundation
import RosterDocuments
import RosterWire

/// An app the server serves, ready to use: its configuration with the parts built from it once.
/// A class, so that a request's context, copied at every middleware, carries one reference.
final class ServedApp: Sendable {
    let config: AppConfig
    let hasher: PasswordHasher
    let customTokens: CustomTokenVerifier?
    /// Where confirmation and reset messages go.
    let outbox: any Outbox
    let google: OpenIDProvider?
    let apple: OpenIDProvider?
    let facebook: FacebookProvider?
    /// How many of the app's function commands run at once, and for whom.
    let functions: FunctionLimiter
    /// The deadline and per-user count of data calls.
    let dataCalls: DataCallGate
    /// What the server's pipelines may hold at once, all calls of all apps together.
    let pipelineMemory: PipelineMemory

    var id: String { config.appId }

    /// `pipelineMemory`: the one the server's apps share; without it, one of the app's own.
    init(config: AppConfig, environment: ServerEnvironment, pipelineMemory: PipelineMemory? = nil, defaultOutbox: URL) async throws {
        self.config = config
        functions = FunctionLimiter(limits: config.limits)
        dataCalls = DataCallGate(limits: config.limits)
        self.pipelineMemory = pipelineMemory ?? PipelineMemory(limit: environment.pipelineMemoryBytes)
        hasher = PasswordHasher(cost: config.passwordHashing, randomBytes: environment.randomBytes, pool: environment.hashing)
        if let command = config.outbox?.command {
            outbox = CommandOutbox(function: CommandFunction(config: command), limiter: functions)
        } else {
            outbox = DirectoryOutbox(directory: config.outbox?.directory.map { URL(fileURLWithPath: $0) } ?? defaultOutbox)
        }
        if let customToken = config.providers.customToken, customToken.enabled {
            customTokens = try await CustomTokenVerifier(config: customToken, appId: config.appId)
        } else {
            customTokens = nil
        }
        let (http, now) = (environment.http, environment.now)
        func openID(_ issuer: OpenIDIssuer, _ config: OpenIDConfig?) -> OpenIDProvider? {
            guard let config, config.enabled else { return nil }
            return OpenIDProvider(verifier: IDTokenVerifier(issuer: issuer, config: config, http: http, now: now), http: http)
        }
        google = openID(.google, config.providers.google)
        apple = openID(.apple, config.providers.apple)
        facebook = config.providers.facebook.flatMap { $0.enabled ? FacebookProvider(config: $0, http: http) : nil }
    }
}
