// swift-tools-version:6.0
import PackageDescription

// The layout mirrors the architecture (docs/ARCHITECTURE.md is the map):
// core (no terminal, no SQL) · shared SQL · storage (GRDB; PostgreSQL) · line input (libedit) ·
// command line · two executables (navsh; navsh-postgres, which links PostgreSQL).
let package = Package(
    name: "navsh",
    products: [
        .executable(name: "navsh", targets: ["navsh"]),
        // What navsh execs for a PostgreSQL target (installed next to it), so
        // navsh itself links no SwiftNIO: start-up and memory of a SQLite tool.
        .executable(name: "navsh-postgres", targets: ["navsh-postgres"]),
        .library(name: "NavshCore", targets: ["NavshCore"]),
        .library(name: "NavshSQLite", targets: ["NavshSQLite"]),
        .library(name: "NavshPostgres", targets: ["NavshPostgres"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        // App specs are YAML: Yams gives every node its line, so a spec error
        // names line and key (TOMLKit has positions for syntax errors only).
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        // PostgreSQL's wire protocol on SwiftNIO; only NavshPostgres (and the
        // navsh-postgres executable) link it: navsh and the SQLite targets do not.
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        // NIOEmbedded: the PostgreSQL connection's handlers run on navsh's own
        // thread (`DirectTransport`); the version postgres-nio resolves.
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
    ],
    targets: [
        // glibc's wcwidth, which Swift's Glibc module hides.
        .target(name: "CDisplayWidth"),
        // The frame stack, edit buffers, command grammar and text rendering.
        .target(name: "NavshCore", dependencies: ["CDisplayWidth"]),
        // navsh's requests as SQL, written once for both stores; a dialect says how each spells them.
        .target(name: "NavshSQL", dependencies: ["NavshCore"]),
        // sqlite3_db_config, which is variadic and so out of Swift's reach.
        .target(name: "CSQLiteOptions"),
        // SQLite files as navsh stores, through GRDB.
        .target(
            name: "NavshSQLite",
            dependencies: [
                "NavshCore", "NavshSQL", "CSQLiteOptions",
                .product(name: "GRDB", package: "GRDB.swift"),
                // sqlite3_progress_handler, which GRDB does not wrap: Ctrl-C stops a long query.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // PostgreSQL databases as navsh stores, through postgres-nio behind a
        // synchronous bridge (the Store protocol's doc says how).
        .target(
            name: "NavshPostgres",
            dependencies: [
                "NavshCore", "NavshSQL", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        // App spec files (YAML) read into the core's AppSpec, errors with line and key.
        .target(name: "NavshSpec", dependencies: ["NavshCore", .product(name: "Yams", package: "Yams")]),
        // libedit's native API (histedit.h) with non-variadic wrappers.
        // libedit's header only: the library is loaded when the prompt starts
        // (CTerminal's libedit_loader.c), never linked.
        .systemLibrary(
            name: "CLibEdit",
            providers: [.apt(["libedit-dev"])]
        ),
        // Signal flag and terminal size: C, because a signal handler must be.
        .target(name: "CTerminal"),
        // Lines from a terminal (libedit) or from a pipe or file (buffered reads).
        // Knows nothing of sessions: the prompt's look (crumbs, completion
        // columns) is the executable's.
        .target(name: "NavshLineInput", dependencies: ["CLibEdit", "CTerminal"]),
        // The command line both executables run: flags (ArgumentParser), the
        // script and interactive runners, what needs the terminal. No server store.
        .target(
            name: "NavshCLI",
            dependencies: [
                "NavshCore", "NavshSQLite", "NavshLineInput", "NavshSpec",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // SQLite files; a PostgreSQL target is handed to navsh-postgres.
        .executableTarget(name: "navsh", dependencies: ["NavshCLI"], linkerSettings: promptSignals),
        // The same command line with the PostgreSQL store linked in.
        .executableTarget(name: "navsh-postgres", dependencies: ["NavshCLI", "NavshPostgres"], linkerSettings: promptSignals),
        // Fuzz targets (the tokenizer, a whole session fed arbitrary bytes) as
        // a library, so regression inputs replay inside `swift test` too.
        .target(
            name: "NavshFuzzing",
            dependencies: ["NavshCore", "NavshSQLite"],
            path: "Fuzz/NavshFuzzing"
        ),
        // libFuzzer's entry point when built by Fuzz/run.sh (-sanitize=fuzzer
        // -DFUZZING); otherwise a replayer: `navsh-fuzz TARGET FILE...`.
        .executableTarget(name: "navsh-fuzz", dependencies: ["NavshFuzzing"], path: "Fuzz/navsh-fuzz"),
        // bench/: Tab completion timed through the session's API (bench/run.sh runs it).
        .executableTarget(name: "navsh-bench", dependencies: ["NavshCore", "NavshSQLite"], path: "bench/navsh-bench"),
        // Shared helpers for the test targets: temporary databases, running the binary.
        .target(
            name: "NavshTestSupport",
            dependencies: ["NavshCore", "NavshSQLite", "NavshPostgres", "NavshSpec", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/NavshTestSupport"
        ),
        .testTarget(name: "NavshCoreTests", dependencies: ["NavshCore", "NavshSQLite", "NavshTestSupport", "NavshFuzzing"]),
        .testTarget(
            name: "NavshSQLiteTests",
            dependencies: ["NavshSQLite", "NavshTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // One test body per Store behaviour, run against every store kind
        // (SQLite rollback and WAL files today; PostgreSQL when it lands).
        .testTarget(
            name: "NavshStoreConformanceTests",
            dependencies: ["NavshCore", "NavshSQLite", "NavshPostgres", "NavshTestSupport", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The PostgreSQL store's own parts (its URL and environment, SQL
        // splitting, type mapping) and its cancel on the test server.
        .testTarget(name: "NavshPostgresTests", dependencies: ["NavshPostgres", "NavshCore", "NavshTestSupport"]),
        .testTarget(name: "NavshSpecTests", dependencies: ["NavshSpec", "NavshCore", "NavshSQLite", "NavshTestSupport"]),
        .testTarget(
            name: "NavshEndToEndTests",
            dependencies: ["NavshTestSupport", .product(name: "GRDB", package: "GRDB.swift"), "navsh", "navsh-postgres"]
        ),
    ]
)

/// libedit re-sends a signal it caught to the whole process group; the
/// executable's own `kill` (CTerminal) sends it to navsh alone, and libedit
/// calls that one only when the executable exports it.
var promptSignals: [LinkerSetting] { [.unsafeFlags(["-Xlinker", "--export-dynamic-symbol=kill"])] }
