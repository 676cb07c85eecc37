import NavshCLI

// SQLite only: a PostgreSQL target runs navsh-postgres, next to this binary
// (CompanionBinary), so no SQLite run loads SwiftNIO or BoringSSL.
NavshMain.run(server: nil)
