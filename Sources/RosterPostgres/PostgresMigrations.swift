import PostgresNIO
import RosterServerCore

/// The schema of the PostgreSQL store, as named, append-only migrations (as `SQLiteMigrations`):
/// never edit one that has shipped; add the next. They run in one transaction under an advisory
/// lock, so instances starting together migrate once.
package enum PostgresMigrations {
    package static let migrations: [(name: String, statements: [String])] = [
        (
            "v1-auth",
            [
                "CREATE TABLE signing_secrets (name text PRIMARY KEY, secret bytea NOT NULL)",
                """
                CREATE TABLE users (id text COLLATE "C" PRIMARY KEY, app_id text NOT NULL, disabled boolean NOT NULL DEFAULT false,
                created_at timestamptz NOT NULL, profile text NOT NULL DEFAULT '{}')
                """,
                "CREATE INDEX users_app ON users (app_id, created_at, id)",
                """
                CREATE TABLE identities (app_id text NOT NULL, provider_type text NOT NULL, provider_id text NOT NULL,
                user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE, created_at timestamptz NOT NULL,
                PRIMARY KEY (app_id, provider_type, provider_id))
                """,
                "CREATE INDEX identities_user ON identities (user_id)",
                """
                CREATE TABLE sessions (id text PRIMARY KEY, app_id text NOT NULL,
                user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE, device_id text NOT NULL, refresh_digest text NOT NULL,
                created_at timestamptz NOT NULL, expires_at timestamptz NOT NULL, revoked boolean NOT NULL DEFAULT false,
                refresh_generation bigint NOT NULL DEFAULT 0, previous_refresh_digest text, rotated_at timestamptz, sealed_refresh bytea)
                """,
                "CREATE INDEX sessions_user ON sessions (user_id)",
                "CREATE INDEX sessions_app_expiry ON sessions (app_id, expires_at)",
                """
                CREATE TABLE email_accounts (id text PRIMARY KEY, app_id text NOT NULL, email text NOT NULL, password_hash text NOT NULL,
                confirmed boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL, UNIQUE (app_id, email))
                """,
                """
                CREATE TABLE api_keys (id text COLLATE "C" PRIMARY KEY, app_id text NOT NULL,
                user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE, name text NOT NULL, key_digest text NOT NULL UNIQUE,
                disabled boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL, UNIQUE (app_id, user_id, name))
                """,
                """
                CREATE TABLE account_tokens (id text PRIMARY KEY, app_id text NOT NULL, email text NOT NULL, purpose text NOT NULL,
                digest text NOT NULL, created_at timestamptz NOT NULL, expires_at timestamptz NOT NULL, used boolean NOT NULL DEFAULT false)
                """,
                "CREATE INDEX account_tokens_email ON account_tokens (app_id, email, purpose)",
                // Documents: the exact text (field order matters to clients), the same as JSONB
                // for queries on any field (GIN), and the collection's owner field in an indexed
                // column in `_id` order, so a user's own documents are an index seek.
                """
                CREATE TABLE documents (app_id text NOT NULL, "database" text NOT NULL, collection text NOT NULL,
                id text COLLATE "C" NOT NULL, body text NOT NULL, doc jsonb, owner text,
                PRIMARY KEY (app_id, "database", collection, id))
                """,
                #"CREATE INDEX documents_owner ON documents (app_id, "database", collection, owner, id)"#,
                "CREATE INDEX documents_doc ON documents USING GIN (doc jsonb_path_ops)",
                """
                CREATE TABLE document_owner_fields (app_id text NOT NULL, "database" text NOT NULL, collection text NOT NULL,
                field text NOT NULL, PRIMARY KEY (app_id, "database", collection))
                """,
                """
                CREATE TABLE failed_attempts (app_id text NOT NULL, scope text NOT NULL, key text NOT NULL, in_a_row bigint NOT NULL,
                hour_started_at timestamptz NOT NULL, in_hour bigint NOT NULL, wait_until timestamptz,
                PRIMARY KEY (app_id, scope, key))
                """,
                """
                CREATE TABLE audit (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, app_id text NOT NULL, at timestamptz NOT NULL,
                event text NOT NULL, user_id text, provider text, address text, detail text)
                """,
                "CREATE INDEX audit_app_at ON audit (app_id, at)",
                "CREATE INDEX audit_user ON audit (app_id, user_id, at)",
            ]
        ),
        (
            "v2-device-authorization",
            [
                """
                CREATE TABLE device_authorizations (id text PRIMARY KEY, app_id text NOT NULL, code_digest text NOT NULL UNIQUE,
                user_code text NOT NULL UNIQUE, client text, terminal text, started_at timestamptz NOT NULL,
                expires_at timestamptz NOT NULL, interval_seconds bigint NOT NULL, last_poll_at timestamptz, state text NOT NULL,
                user_id text, provider text, link_user_id text, link_session_id text)
                """,
                "CREATE INDEX device_authorizations_expiry ON device_authorizations (app_id, expires_at)",
            ]
        ),
        (
            "v3-web-sign-in",
            [
                """
                CREATE TABLE web_sign_ins (state_digest text PRIMARY KEY, app_id text NOT NULL, provider text NOT NULL,
                purpose text NOT NULL, code_verifier text NOT NULL, nonce text NOT NULL, callback text NOT NULL,
                created_at timestamptz NOT NULL, expires_at timestamptz NOT NULL, used boolean NOT NULL DEFAULT false)
                """,
                "CREATE INDEX web_sign_ins_expiry ON web_sign_ins (app_id, expires_at)",
            ]
        ),
        (
            "v4-unlock-keys",
            [
                """
                CREATE TABLE unlock_keys (id_digest text PRIMARY KEY, app_id text NOT NULL, user_id text NOT NULL,
                session_id text NOT NULL UNIQUE REFERENCES sessions (id) ON DELETE CASCADE, server_half bytea NOT NULL,
                proof_digest bytea NOT NULL, wrong_proofs integer NOT NULL DEFAULT 0, created_at timestamptz NOT NULL)
                """
            ]
        ),
        (
            "v5-document-changes",
            [
                // What every instance's watchers are handed: written in the transaction that
                // changed the documents, announced by NOTIFY once it commits, kept ten minutes.
                """
                CREATE TABLE document_changes (sequence bigserial PRIMARY KEY, change text NOT NULL,
                created_at timestamptz NOT NULL DEFAULT now())
                """
            ]
        ),
        (
            // Where `/ready`'s write probe writes a row and takes it back: always empty.
            "v6-write-probes",
            ["CREATE TABLE write_probes (id bigint PRIMARY KEY, filler bytea NOT NULL)"]
        ),
        (
            // Unlock keys count wrong proofs in all (a right one no longer clears the count),
            // and since their last release, for the owner to be told.
            "v6-unlock-wrong-since-release",
            ["ALTER TABLE unlock_keys ADD COLUMN wrong_since_release integer NOT NULL DEFAULT 0"]
        ),
        (
            // The Admin API: operators, their API keys and sessions, and the apps the database holds.
            "v7-operators-and-hosted-apps",
            [
                """
                CREATE TABLE operators (id text PRIMARY KEY, email text NOT NULL UNIQUE, password_hash text NOT NULL,
                group_id text NOT NULL, created_at timestamptz NOT NULL)
                """,
                """
                CREATE TABLE operator_api_keys (public_key text PRIMARY KEY, operator_id text NOT NULL REFERENCES operators (id)
                ON DELETE CASCADE, key_digest text NOT NULL, created_at timestamptz NOT NULL)
                """,
                """
                CREATE TABLE admin_sessions (id text PRIMARY KEY, operator_id text NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
                created_at timestamptz NOT NULL, expires_at timestamptz NOT NULL)
                """,
                """
                CREATE TABLE hosted_apps (id text PRIMARY KEY, group_id text NOT NULL, client_app_id text NOT NULL UNIQUE,
                name text NOT NULL, document text NOT NULL, version bigint NOT NULL, created_at timestamptz NOT NULL,
                updated_at timestamptz NOT NULL)
                """,
            ]
        ),
        (
            // Triggers' events, each kept once per trigger and key, claimed by one instance at
            // a time and settled once run (`TriggerEventRule`).
            "v7-trigger-events",
            [
                """
                CREATE TABLE trigger_events (app_id text NOT NULL, trigger text NOT NULL, key text NOT NULL, event text NOT NULL,
                state text NOT NULL, attempts integer NOT NULL DEFAULT 0, not_before timestamptz NOT NULL, lease_until timestamptz,
                created_at timestamptz NOT NULL, PRIMARY KEY (app_id, trigger, key))
                """,
                "CREATE INDEX trigger_events_due ON trigger_events (app_id, state, not_before)",
            ]
        ),
        (
            // Where each database trigger stands among the document changes (`TriggerResumeRule`).
            "v8-trigger-resume-points",
            [
                """
                CREATE TABLE trigger_resume_points (app_id text NOT NULL, trigger text NOT NULL, sequence bigint NOT NULL,
                updated_at timestamptz NOT NULL, PRIMARY KEY (app_id, trigger))
                """
            ]
        ),
        (
            // When each user last logged in (`UserAuthenticationRule`); null until the next log-in.
            "v9-user-last-authentication",
            ["ALTER TABLE users ADD COLUMN last_authenticated_at timestamptz"]
        ),
        (
            // The apps' function runs, as their logs show them (`FunctionRunRule`), pruned by age
            // and count per app.
            "v10-function-runs",
            [
                """
                CREATE TABLE function_runs (seq bigserial PRIMARY KEY, id text NOT NULL, app_id text NOT NULL, type text NOT NULL,
                function_name text NOT NULL, trigger_name text, user_id text, request_id text, remote_address text,
                started_at timestamptz NOT NULL, completed_at timestamptz NOT NULL, logs text NOT NULL, error text, error_code text)
                """,
                "CREATE INDEX function_runs_app_started ON function_runs (app_id, started_at, seq)",
                "CREATE INDEX function_runs_user ON function_runs (app_id, user_id, started_at)",
                "CREATE INDEX function_runs_request ON function_runs (app_id, request_id)",
            ]
        ),
        (
            // A run's function id, its client request's URL and method, and the status it was
            // answered with (`FunctionRunRule`); null for the runs kept before.
            "v11-function-run-requests",
            [
                "ALTER TABLE function_runs ADD COLUMN function_id text",
                "ALTER TABLE function_runs ADD COLUMN request_url text",
                "ALTER TABLE function_runs ADD COLUMN request_method text",
                "ALTER TABLE function_runs ADD COLUMN status integer",
            ]
        ),
        (
            // The client request that made each audit entry (`AuditEntry.requestId`, the Admin
            // API logs' `co_id`); null for the entries kept before.
            "v12-audit-requests",
            [
                "ALTER TABLE audit ADD COLUMN request_id text",
                "CREATE INDEX audit_request ON audit (app_id, request_id)",
            ]
        ),
        (
            // The apps as their deployments served them, for `redeploy` (`DeploymentKeepingRule`).
            "v13-hosted-app-deployments",
            [
                """
                CREATE TABLE hosted_app_deployments (id text PRIMARY KEY, hosted_app_id text NOT NULL REFERENCES hosted_apps (id) ON DELETE CASCADE,
                app_version bigint NOT NULL, document text NOT NULL, deployed_at timestamptz NOT NULL)
                """,
                "CREATE INDEX hosted_app_deployments_app ON hosted_app_deployments (hosted_app_id, app_version)",
            ]
        ),
    ]

    /// Applies the migrations the database has not seen yet.
    package static func migrate(_ store: PostgresServerStore) async throws {
        let logger = store.logger
        try await store.withConnection(waitingAtMost: max(store.leaseTimeout, PostgresServerStore.startTimeout)) { db in
            try await db.query("BEGIN", logger: logger)
            do {
                // One lock key for Roster's schema: a second instance waits, then sees it done.
                try await db.query("SELECT pg_advisory_xact_lock(7265637374657231)", logger: logger)
                try await db.query(
                    "CREATE TABLE IF NOT EXISTS roster_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
                    logger: logger)
                var applied = Set<String>()
                for try await name in try await db.query("SELECT name FROM roster_migrations", logger: logger).decode(String.self) {
                    applied.insert(name)
                }
                for migration in migrations where !applied.contains(migration.name) {
                    for statement in migration.statements {
                        try await db.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await db.query("INSERT INTO roster_migrations (name) VALUES (\(migration.name))", logger: logger)
                }
                try await db.query("COMMIT", logger: logger)
            } catch {
                _ = try? await db.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }
}
