import GRDB

/// The schema of the SQLite store, as named, append-only migrations: never edit one that has
/// shipped; add the next.
package enum SQLiteMigrations {
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-auth") { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS signing_secret (
                    name TEXT PRIMARY KEY NOT NULL,
                    secret BLOB NOT NULL
                );
                CREATE TABLE IF NOT EXISTS user (
                    id TEXT PRIMARY KEY NOT NULL,
                    app_id TEXT NOT NULL,
                    disabled BOOLEAN NOT NULL DEFAULT 0,
                    created_at DATETIME NOT NULL,
                    profile TEXT NOT NULL DEFAULT '{}'
                );
                CREATE INDEX IF NOT EXISTS user_app ON user(app_id);
                CREATE TABLE IF NOT EXISTS identity (
                    app_id TEXT NOT NULL,
                    provider_type TEXT NOT NULL,
                    provider_id TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    created_at DATETIME NOT NULL,
                    PRIMARY KEY (app_id, provider_type, provider_id)
                );
                CREATE INDEX IF NOT EXISTS identity_user ON identity(user_id);
                CREATE TABLE IF NOT EXISTS session (
                    id TEXT PRIMARY KEY NOT NULL,
                    app_id TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    device_id TEXT NOT NULL,
                    refresh_digest TEXT NOT NULL,
                    created_at DATETIME NOT NULL,
                    expires_at DATETIME NOT NULL,
                    revoked BOOLEAN NOT NULL DEFAULT 0
                );
                CREATE INDEX IF NOT EXISTS session_user ON session(user_id);
                CREATE TABLE IF NOT EXISTS email_account (
                    id TEXT PRIMARY KEY NOT NULL,
                    app_id TEXT NOT NULL,
                    email TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    confirmed BOOLEAN NOT NULL DEFAULT 0,
                    created_at DATETIME NOT NULL,
                    UNIQUE (app_id, email)
                );
                CREATE TABLE IF NOT EXISTS api_key (
                    id TEXT PRIMARY KEY NOT NULL,
                    app_id TEXT NOT NULL,
                    user_id TEXT NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                    name TEXT NOT NULL,
                    key_digest TEXT NOT NULL UNIQUE,
                    disabled BOOLEAN NOT NULL DEFAULT 0,
                    created_at DATETIME NOT NULL,
                    UNIQUE (app_id, user_id, name)
                );
                CREATE TABLE IF NOT EXISTS document (
                    app_id TEXT NOT NULL,
                    "database" TEXT NOT NULL,
                    collection TEXT NOT NULL,
                    id TEXT NOT NULL,
                    body TEXT NOT NULL,
                    PRIMARY KEY (app_id, "database", collection, id)
                );
                """)
        }
        migrator.registerMigration("v2-account-tokens") { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS account_token (
                    id TEXT PRIMARY KEY NOT NULL,
                    app_id TEXT NOT NULL,
                    email TEXT NOT NULL,
                    purpose TEXT NOT NULL,
                    digest TEXT NOT NULL,
                    created_at DATETIME NOT NULL,
                    expires_at DATETIME NOT NULL,
                    used BOOLEAN NOT NULL DEFAULT 0
                );
                CREATE INDEX IF NOT EXISTS account_token_email ON account_token(app_id, email, purpose);
                """)
        }
        // Each collection's owner (the user-id field of its `own` rule or of custom user data)
        // in an indexed column, in `_id` order, so a user's own documents are an index seek.
        migrator.registerMigration("v3-document-owner") { db in
            try db.execute(sql: """
                ALTER TABLE document ADD COLUMN owner TEXT;
                CREATE INDEX IF NOT EXISTS document_owner ON document(app_id, "database", collection, owner, id);
                CREATE TABLE IF NOT EXISTS document_owner_field (
                    app_id TEXT NOT NULL,
                    "database" TEXT NOT NULL,
                    collection TEXT NOT NULL,
                    field TEXT NOT NULL,
                    PRIMARY KEY (app_id, "database", collection)
                );
                """)
        }
        // Failed attempts, counted per scope and key (an account, a client address), so that
        // every process over the store sees the same counts.
        migrator.registerMigration("v4-failed-attempts") { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS failed_attempt (
                    app_id TEXT NOT NULL,
                    scope TEXT NOT NULL,
                    key TEXT NOT NULL,
                    in_a_row INTEGER NOT NULL,
                    hour_started_at DATETIME NOT NULL,
                    in_hour INTEGER NOT NULL,
                    wait_until DATETIME,
                    PRIMARY KEY (app_id, scope, key)
                );
                """)
        }
        migrator.registerMigration("v5-audit") { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS audit (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    app_id TEXT NOT NULL,
                    at DATETIME NOT NULL,
                    event TEXT NOT NULL,
                    user_id TEXT,
                    provider TEXT,
                    address TEXT,
                    detail TEXT
                );
                CREATE INDEX IF NOT EXISTS audit_app_at ON audit(app_id, at);
                CREATE INDEX IF NOT EXISTS audit_user ON audit(app_id, user_id, at);
                """)
        }
        // Refresh-token rotation: the token the current one replaced (digest only), when, and
        // the current token sealed under it, for the grace window.
        migrator.registerMigration("v6-refresh-rotation") { db in
            try db.execute(sql: """
                ALTER TABLE session ADD COLUMN refresh_generation INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE session ADD COLUMN previous_refresh_digest TEXT;
                ALTER TABLE session ADD COLUMN rotated_at DATETIME;
                ALTER TABLE session ADD COLUMN sealed_refresh BLOB;
                """)
        }
        // Device log-ins in progress: the device code as its digest, the user code unique.
        migrator.registerMigration("v7-device-authorization") { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS device_authorization (
                    id TEXT PRIMARY KEY NOT NULL,
                    app_id TEXT NOT NULL,
                    code_digest TEXT NOT NULL UNIQUE,
                    user_code TEXT NOT NULL UNIQUE,
                    client TEXT,
                    terminal TEXT,
                    started_at DATETIME NOT NULL,
                    expires_at DATETIME NOT NULL,
                    interval_seconds INTEGER NOT NULL,
                    last_poll_at DATETIME,
                    state TEXT NOT NULL,
                    user_id TEXT,
                    provider TEXT,
                    link_user_id TEXT,
                    link_session_id TEXT
                );
                CREATE INDEX IF NOT EXISTS device_authorization_expiry ON device_authorization(app_id, expires_at);
                """)
        }
        // Browser sign-ins under way, by the digest of their state.
        migrator.registerMigration("v8-web-sign-in") { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS web_sign_in (
                    state_digest TEXT PRIMARY KEY NOT NULL,
                    app_id TEXT NOT NULL,
                    provider TEXT NOT NULL,
                    purpose TEXT NOT NULL,
                    code_verifier TEXT NOT NULL,
                    nonce TEXT NOT NULL,
                    callback TEXT NOT NULL,
                    created_at DATETIME NOT NULL,
                    expires_at DATETIME NOT NULL,
                    used BOOLEAN NOT NULL DEFAULT 0
                );
                CREATE INDEX IF NOT EXISTS web_sign_in_expiry ON web_sign_in(app_id, expires_at);
                """)
        }
        // PostgreSQL's names, so that both drivers keep one schema: plural tables, the same
        // columns. Renaming keeps every row, and SQLite rewrites the foreign keys that name them.
        migrator.registerMigration("v9-plural-table-names") { db in
            try db.execute(sql: """
                ALTER TABLE signing_secret RENAME TO signing_secrets;
                ALTER TABLE "user" RENAME TO users;
                ALTER TABLE identity RENAME TO identities;
                ALTER TABLE session RENAME TO sessions;
                ALTER TABLE email_account RENAME TO email_accounts;
                ALTER TABLE api_key RENAME TO api_keys;
                ALTER TABLE document RENAME TO documents;
                ALTER TABLE account_token RENAME TO account_tokens;
                ALTER TABLE document_owner_field RENAME TO document_owner_fields;
                ALTER TABLE failed_attempt RENAME TO failed_attempts;
                ALTER TABLE device_authorization RENAME TO device_authorizations;
                ALTER TABLE web_sign_in RENAME TO web_sign_ins;
                """)
        }
        // Sessions' unlock keys, the server's half: gone with their session.
        migrator.registerMigration("v10-unlock-keys") { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS unlock_keys (
                    id_digest TEXT PRIMARY KEY NOT NULL,
                    app_id TEXT NOT NULL,
                    user_id TEXT NOT NULL,
                    session_id TEXT NOT NULL UNIQUE REFERENCES sessions(id) ON DELETE CASCADE,
                    server_half BLOB NOT NULL,
                    proof_digest BLOB NOT NULL,
                    wrong_proofs INTEGER NOT NULL DEFAULT 0,
                    created_at DATETIME NOT NULL
                );
                """)
        }
        // Document changes for change streams: written in the transaction that changed the
        // documents, numbered in commit order (one writer at a time), followed by every server
        // process over the file, kept ten minutes.
        migrator.registerMigration("v11-document-changes") { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS document_changes (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    change TEXT NOT NULL,
                    created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
                );
                """)
        }
        // Where `/ready`'s write probe writes a row and takes it back: always empty.
        migrator.registerMigration("v12-write-probes") { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS write_probes (id INTEGER PRIMARY KEY, filler BLOB NOT NULL)")
        }
        // Unlock keys count wrong proofs in all (a right one no longer clears the count), and
        // since their last release, for the owner to be told.
        migrator.registerMigration("v12-unlock-wrong-since-release") { db in
            try db.execute(sql: "ALTER TABLE unlock_keys ADD COLUMN wrong_since_release INTEGER NOT NULL DEFAULT 0")
        }
        // The Admin API: operators, their API keys and sessions, and the apps the database holds.
        migrator.registerMigration("v13-operators-and-hosted-apps") { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS operators (
                    id TEXT PRIMARY KEY NOT NULL,
                    email TEXT NOT NULL UNIQUE,
                    password_hash TEXT NOT NULL,
                    group_id TEXT NOT NULL,
                    created_at DATETIME NOT NULL
                );
                CREATE TABLE IF NOT EXISTS operator_api_keys (
                    public_key TEXT PRIMARY KEY NOT NULL,
                    operator_id TEXT NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
                    key_digest TEXT NOT NULL,
                    created_at DATETIME NOT NULL
                );
                CREATE TABLE IF NOT EXISTS admin_sessions (
                    id TEXT PRIMARY KEY NOT NULL,
                    operator_id TEXT NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
                    created_at DATETIME NOT NULL,
                    expires_at DATETIME NOT NULL
                );
                CREATE TABLE IF NOT EXISTS hosted_apps (
                    id TEXT PRIMARY KEY NOT NULL,
                    group_id TEXT NOT NULL,
                    client_app_id TEXT NOT NULL UNIQUE,
                    name TEXT NOT NULL,
                    document TEXT NOT NULL,
                    version INTEGER NOT NULL,
                    created_at DATETIME NOT NULL,
                    updated_at DATETIME NOT NULL
                );
                """)
        }
        // Triggers' events, each kept once per trigger and key, claimed by one process at a
        // time and settled once run (`TriggerEventRule`).
        migrator.registerMigration("v13-trigger-events") { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS trigger_events (
                    app_id TEXT NOT NULL,
                    "trigger" TEXT NOT NULL,
                    "key" TEXT NOT NULL,
                    event TEXT NOT NULL,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    not_before DATETIME NOT NULL,
                    lease_until DATETIME,
                    created_at DATETIME NOT NULL,
                    PRIMARY KEY (app_id, "trigger", "key")
                );
                CREATE INDEX IF NOT EXISTS trigger_events_due ON trigger_events (app_id, state, not_before);
                """)
        }
        // Where each database trigger stands among the document changes (`TriggerResumeRule`).
        migrator.registerMigration("v14-trigger-resume-points") { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS trigger_resume_points (
                    app_id TEXT NOT NULL,
                    "trigger" TEXT NOT NULL,
                    sequence INTEGER NOT NULL,
                    updated_at DATETIME NOT NULL,
                    PRIMARY KEY (app_id, "trigger")
                );
                """)
        }
        // When each user last logged in (`UserAuthenticationRule`); null until the next log-in.
        migrator.registerMigration("v15-user-last-authentication") { db in
            try db.execute(sql: "ALTER TABLE users ADD COLUMN last_authenticated_at DATETIME")
        }
        // The apps' function runs, as their logs show them (`FunctionRunRule`), pruned by age and
        // count per app.
        migrator.registerMigration("v16-function-runs") { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS function_runs (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL,
                    app_id TEXT NOT NULL,
                    type TEXT NOT NULL,
                    function_name TEXT NOT NULL,
                    trigger_name TEXT,
                    user_id TEXT,
                    request_id TEXT,
                    remote_address TEXT,
                    started_at DATETIME NOT NULL,
                    completed_at DATETIME NOT NULL,
                    logs TEXT NOT NULL,
                    error TEXT,
                    error_code TEXT
                );
                CREATE INDEX IF NOT EXISTS function_runs_app_started ON function_runs (app_id, started_at, seq);
                CREATE INDEX IF NOT EXISTS function_runs_user ON function_runs (app_id, user_id, started_at);
                CREATE INDEX IF NOT EXISTS function_runs_request ON function_runs (app_id, request_id);
                """)
        }
        // A run's function id, its client request's URL and method, and the status it was answered
        // with (`FunctionRunRule`); null for the runs kept before.
        migrator.registerMigration("v17-function-run-requests") { db in
            try db.execute(sql: """
                ALTER TABLE function_runs ADD COLUMN function_id TEXT;
                ALTER TABLE function_runs ADD COLUMN request_url TEXT;
                ALTER TABLE function_runs ADD COLUMN request_method TEXT;
                ALTER TABLE function_runs ADD COLUMN status INTEGER;
                """)
        }
        // The client request that made each audit entry (`AuditEntry.requestId`, the Admin API
        // logs' `co_id`); null for the entries kept before.
        migrator.registerMigration("v18-audit-requests") { db in
            try db.execute(sql: """
                ALTER TABLE audit ADD COLUMN request_id TEXT;
                CREATE INDEX IF NOT EXISTS audit_request ON audit (app_id, request_id);
                """)
        }
        // The apps as their deployments served them, for `redeploy` (`DeploymentKeepingRule`).
        migrator.registerMigration("v19-hosted-app-deployments") { db in
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS hosted_app_deployments (
                    id TEXT PRIMARY KEY NOT NULL,
                    hosted_app_id TEXT NOT NULL REFERENCES hosted_apps (id) ON DELETE CASCADE,
                    app_version INTEGER NOT NULL,
                    document TEXT NOT NULL,
                    deployed_at DATETIME NOT NULL
                );
                CREATE INDEX IF NOT EXISTS hosted_app_deployments_app ON hosted_app_deployments (hosted_app_id, app_version);
                """)
        }
        return migrator
    }
}
