/// What the auth service keeps, split by concern so that a service takes only the stores it
/// uses (as Hummingbird's persist drivers do): signing keys, users and identities, sessions,
/// email accounts and their tokens, users' and servers' API keys, documents, failed attempts, the audit trail, purge
/// seeding, device log-ins in progress, sessions' unlock keys, triggers' pending events and resume points, functions' runs, and what operating the server asks (readiness, live
/// sessions). Two drivers implement them all: `SQLiteServerStore` here, for one machine and the
/// embedded default, and `PostgresServerStore` (RosterPostgres), for several server processes
/// over one database.
///
/// Every method that changes more than one row does so in one transaction, and every "if
/// absent" is decided inside the store, so several server processes over one database agree.
package typealias ServerStore = SigningKeyStore
    & UserStore
    & SessionStore
    & EmailAccountStore
    & AccountTokenStore
    & APIKeyStore
    & ServerAPIKeyStore
    & DocumentStore
    & AttemptStore
    & AuditStore
    & PurgeStore
    & SeedStore
    & OperationsStore
    & DeviceAuthorizationStore
    & WebSignInStore
    & UnlockKeyStore
    & OperatorStore
    & HostedAppStore
    & TriggerEventStore
    & TriggerResumeStore
    & FunctionRunStore
