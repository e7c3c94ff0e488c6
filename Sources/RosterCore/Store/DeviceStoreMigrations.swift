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
        return migrator
    }
}
