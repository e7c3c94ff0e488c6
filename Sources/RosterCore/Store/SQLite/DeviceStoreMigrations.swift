import GRDB

/// The device store's schema, as named, append-only migrations.
enum DeviceStoreMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: users and metadata") { db in
            try db.create(table: "user") { table in
                table.primaryKey("id", .text)
                table.column("entry", .text).notNull()
                table.column("state", .text).notNull()
                table.column("refresh_token", .text)
                table.column("access_token", .text)
                table.column("access_token_received_at", .double)
                table.column("device_id", .text)
                table.column("identities", .text).notNull()
                table.column("profile", .text).notNull()
                table.column("last_active", .double)
            }
            try db.create(table: "metadata") { table in
                table.primaryKey("key", .text)
                table.column("value", .text)
            }
        }
        migrator.registerMigration("v2: sealed sessions, wrong secrets, history, revocations") { db in
            // The tokens move into one sealed box; the clear columns stay empty from now on, and
            // the session core seals what an earlier version left in them (`LegacyTokens`).
            try db.alter(table: "user") { table in
                table.add(column: "sealed_box", .blob)
                table.add(column: "seal_kind", .text)
                table.add(column: "sealed_by", .text)
                table.add(column: "seal_salt", .blob)
                table.add(column: "seal_cost", .text)
                table.add(column: "seal_check", .blob)
                table.add(column: "access_token_lifetime", .double)
                table.add(column: "wrong_secrets", .integer).notNull().defaults(to: 0)
                table.add(column: "secret_retry_at", .double)
            }
            try db.create(table: "history") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("at", .double).notNull()
                table.column("event", .text).notNull()
                table.column("user_id", .text)
                table.column("user_name", .text)
            }
            try db.create(table: "revocation") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("user_id", .text).notNull()
                table.column("entry", .text).notNull()
                table.column("sealed_box", .blob).notNull()
                table.column("sealed_by", .text).notNull()
                table.column("queued_at", .double).notNull()
            }
        }
        migrator.registerMigration("v3: revocation tokens") { db in
            try db.alter(table: "user") { table in table.add(column: "revocation_box", .blob) }
        }
        migrator.registerMigration("v4: server-assisted unlock") { db in
            try db.alter(table: "user") { table in table.add(column: "seal_unlock_id", .text) }
        }
        migrator.registerMigration("v5: a window of the list without the rest") { db in
            // The name the list sorts by, without case, and an index for each of the list's
            // orders, so a screen reads the rows it shows and a count (`userWindow`).
            // The rows already there get theirs when the store is opened (`ListNames`).
            try db.alter(table: "user") { table in table.add(column: "list_name", .text) }
            try db.execute(sql: "CREATE INDEX user_by_recent ON user(last_active DESC, id)")
            try db.execute(sql: "CREATE INDEX user_by_name ON user(list_name, id)")
        }
        migrator.registerMigration("v6: opening reads no user") { db in
            // Tokens an earlier version left in the clear are looked for at every open
            // (`legacyTokens`): an index of those rows alone makes that look cost nothing,
            // where it read every user.
            try db.execute(sql: "CREATE INDEX user_with_clear_tokens ON user(id) WHERE refresh_token IS NOT NULL AND access_token IS NOT NULL")
        }
        migrator.registerMigration("v7: a filtered list from its index alone") { db in
            // `/` and `f` on a long list test each user's list name and id in the list's order
            // (`WindowFilter`): with the name in the recent order's index too, both orders are
            // read from their index alone, never the rows with their sealed sessions.
            try db.execute(sql: "DROP INDEX user_by_recent")
            try db.execute(sql: "CREATE INDEX user_by_recent ON user(last_active DESC, id, list_name)")
        }
        migrator.registerMigration("v8: session events every process reads") { db in
            // `App.events`: numbered by an AUTOINCREMENT row id, so a number is never given
            // twice, even after the rows before it are deleted.
            try db.create(table: "session_event") { table in
                table.autoIncrementedPrimaryKey("sequence")
                table.column("at", .double).notNull()
                table.column("kind", .text).notNull()
                table.column("user_id", .text).notNull()
                table.column("user_name", .text).notNull()
                table.column("reason", .text)
            }
        }
        return migrator
    }
}
