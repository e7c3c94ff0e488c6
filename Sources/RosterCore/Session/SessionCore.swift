import Foundation

/// The session core of one `App`, wired once: the `SessionEnvironment` its collaborators share,
/// and the collaborators themselves (`SessionKeys`, `TokenRefresher`, `LoginFlow`,
/// `DeviceLoginFlow`, `LogOutFlow`, `PolicyFlow`, `AdminPINs`, `Revocations`), each given the
/// environment and only what is its own besides. `App`, `User` and `DeviceSessions` call the
/// pieces they need by name (`SessionCoreAccess`); nothing here holds users.
///
///     let core = try SessionCore(configuration: configuration, store: store)
///     try await core.keys.unlock(user, secret: "2468")
final class SessionCore: SessionCollaborator {
    let environment: SessionEnvironment
    let broadcaster: ChangeBroadcaster
    let revocations: Revocations
    let keys: SessionKeys
    let tokens: TokenRefresher
    let loginFlow: LoginFlow
    let deviceLoginFlow: DeviceLoginFlow
    let logOutFlow: LogOutFlow
    let policyFlow: PolicyFlow
    let adminPINs: AdminPINs
    let customUserData: CustomUserDataLocator

    /// Loads (or makes) the device key and seals tokens an earlier version kept in clear.
    init(configuration: AppConfiguration, store: any DeviceStore) throws {
        let deviceKey = try DeviceKey.load(
            in: configuration.directory, expectedId: try store.deviceKeyId(), randomBytes: configuration.randomBytes)
        if try store.deviceKeyId() == nil { try store.setDeviceKeyId(deviceKey.id) }
        let sealer = SessionSealer(deviceKey: deviceKey, randomBytes: configuration.randomBytes)
        let (clock, logger) = (configuration.clock, configuration.logger)
        let broadcaster = ChangeBroadcaster()
        let environment = SessionEnvironment(
            appId: configuration.appId, store: store,
            connection: ServerConnection(appId: configuration.appId, transport: configuration.transport),
            clock: clock, history: DeviceHistory(store: store, clock: clock, logger: logger, eventLimits: configuration.sessionEvents),
            changes: ChangePublisher(broadcaster: broadcaster, store: store),
            files: UserFiles(directory: configuration.directory, logger: logger), logger: logger)
        let revocations = Revocations(environment: environment, sealer: sealer)
        let keys = SessionKeys(
            environment: environment, sealer: sealer, secretKeyDerivation: configuration.secretKeyDerivation, revocations: revocations,
            passwordCheck: PasswordCheck(environment: environment, revocations: revocations),
            unlockKeys: UnlockKeys(connection: environment.connection))
        let tokens = TokenRefresher(environment: environment, keys: keys, revocations: revocations, configuration: configuration)
        let loginFlow = LoginFlow(environment: environment, keys: keys, tokens: tokens, revocations: revocations)
        self.environment = environment
        self.broadcaster = broadcaster
        self.revocations = revocations
        self.keys = keys
        self.tokens = tokens
        self.loginFlow = loginFlow
        deviceLoginFlow = DeviceLoginFlow(environment: environment, tokens: tokens, loginFlow: loginFlow)
        logOutFlow = LogOutFlow(environment: environment, keys: keys, tokens: tokens, revocations: revocations)
        policyFlow = PolicyFlow(environment: environment, keys: keys, revocations: revocations)
        adminPINs = AdminPINs(environment: environment, sealer: sealer, cost: configuration.secretKeyDerivation)
        customUserData = CustomUserDataLocator(environment: environment)
        try keys.sealLegacyTokens()
    }
}

/// What holds the session core (`App`, `User`, `DeviceSessions`) and calls its pieces by their
/// own names: `keys.unlock(user, secret:)`, `tokens.refresh(user)`, `store.user(id:)`.
protocol SessionCoreAccess {
    var core: SessionCore { get }
}

extension SessionCoreAccess {
    var environment: SessionEnvironment { core.environment }
    var store: any DeviceStore { core.environment.store }
    var connection: ServerConnection { core.environment.connection }
    var clock: any RosterClock { core.environment.clock }
    var broadcaster: ChangeBroadcaster { core.broadcaster }
    var revocations: Revocations { core.revocations }
    var keys: SessionKeys { core.keys }
    var tokens: TokenRefresher { core.tokens }
    var loginFlow: LoginFlow { core.loginFlow }
    var deviceLoginFlow: DeviceLoginFlow { core.deviceLoginFlow }
    var logOutFlow: LogOutFlow { core.logOutFlow }
    var policyFlow: PolicyFlow { core.policyFlow }
    var adminPINs: AdminPINs { core.adminPINs }
    var customUserData: CustomUserDataLocator { core.customUserData }
}
