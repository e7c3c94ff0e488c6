/// What `--db` takes, said the same by every command that has it.
enum DatabaseOption {
    static let help = """
        The server's SQLite database file (created if missing), or a PostgreSQL URL: \
        postgres://user@host:port/database, with sslmode=verify-full (and sslrootcert=FILE) to check \
        the server's certificate. Give the password in PGPASSWORD rather than in the URL, where any \
        process listing shows it.
        """
}
