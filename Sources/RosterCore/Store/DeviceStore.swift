/// The on-device store of cached users and the current-user pointer, as the protocols of its
/// concerns. Every method that changes more than one thing does it in one transaction, so a
/// crash or a second process never sees half a change. Drivers: `SQLiteDeviceStore`; a test
/// that needs a store to fail in one way passes its own to `App(configuration:store:)`.
typealias DeviceStore = DeviceUserStore & DeviceSessionStore & SecretTryStore & DevicePolicyStore & AdminPINStore & DeviceHistoryStore & RevocationQueue
    & DeviceActivityStore & SessionEventStore
