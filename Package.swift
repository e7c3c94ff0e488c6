// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Roster",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "RosterWire", targets: ["RosterWire"]),
        .library(name: "RosterDocuments", targets: ["RosterDocuments"]),
        .library(name: "RosterCore", targets: ["RosterCore"]),
        .library(name: "RosterServerCore", targets: ["RosterServerCore"]),
        .library(name: "RosterServer", targets: ["RosterServer"]),
        .library(name: "RosterTUI", targets: ["RosterTUI"]),
        // For the benchmarks' package (Benchmarks/), which builds on the embedded default and
        // the whole server as `roster-server` runs it.
        .library(name: "RosterEmbedded", targets: ["RosterEmbedded"]),
        .library(name: "RosterServerAssembly", targets: ["RosterServerAssembly"]),
        .executable(name: "roster", targets: ["roster"]),
        .executable(name: "roster-server", targets: ["roster-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
    ],
    targets: [
        .target(
            name: "RosterWire",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        // MongoDB's regular expression engine, PCRE2, for `$regex`.
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"])]
        ),
        // MongoDB-style documents: queries, updates, projection, sort and aggregation. Pure: no I/O.
        .target(
            name: "RosterDocuments",
            dependencies: ["RosterWire", "CPCRE2", .product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .target(
            name: "RosterResources",
            path: "Resources",
            // openapi.yaml is the server's contract; the tests and the fuzz pass read it in place.
            exclude: ["openapi.yaml"],
            sources: ["RosterResources.swift"],
            resources: [.copy("demo")]
        ),
        // The server's core: configuration, the services, the store protocols and the SQLite
        // driver. No HTTP: the routes that call it are RosterServer's.
        .target(
            name: "RosterServerCore",
            dependencies: [
                "RosterWire",
                "RosterDocuments",
                "RosterResources",
                // App Services' roles, which the data access rules evaluate.
                "RosterAppModel",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // One App Services app as value types: what the configuration file, an app directory and
        // the Admin API read and write. Pure: no I/O, no clock.
        .target(name: "RosterAppModel", dependencies: ["RosterWire", "RosterDocuments"]),
        // An exported App Services app directory read into the app model, and the model mapped
        // onto what the server serves. roster-server links it; roster does not.
        .target(name: "RosterAppDirectory", dependencies: ["RosterAppModel", "RosterServerCore", "RosterWire"]),
        // JavaScript functions as App Services runs them, on Node.js worker processes (Debian's
        // nodejs, with js-bson from node-mongodb), behind the core's FunctionRuntime.
        // roster-server links it; roster does not.
        .target(
            name: "RosterFunctions",
            dependencies: [
                "RosterServerCore",
                "RosterWire",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            resources: [.copy("Worker")]
        ),
        // The PostgreSQL driver of the core's store protocols.
        .target(
            name: "RosterPostgres",
            dependencies: [
                "RosterServerCore",
                "RosterWire",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // The client API over HTTP: Hummingbird's router, the routes and middleware, answered
        // in-process (the embedded default) or on a port.
        .target(
            name: "RosterServer",
            dependencies: [
                "RosterServerCore",
                "RosterWire",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ]
        ),
        // The pages a person opens in a browser: device approval, account confirmation and reset.
        .target(
            name: "RosterPages",
            dependencies: [
                "RosterServer",
                "RosterServerCore",
                "RosterWire",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // Running a server as a service: shutdown on signals, the purge job, Prometheus metrics.
        .target(
            name: "RosterOperations",
            dependencies: [
                "RosterServer",
                "RosterServerCore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ]
        ),
        // App Services' Admin API (/api/admin/v3.0): operators, their sessions, and the apps of the
        // database made and changed through the same app model an app directory and `export` use.
        // roster-server links it; roster never does.
        .target(
            name: "RosterAdminAPI",
            dependencies: [
                "RosterAppDirectory",
                "RosterAppModel",
                "RosterServer",
                "RosterServerCore",
                "RosterWire",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            // Swift 6.3.1's optimizer crashes (signal 11 in LLVM's coroutine splitting, on the
            // specialised async route closures) when this module is built with -O; the Admin API
            // is no hot path, so a release build compiles it unoptimised. Take this out once a
            // compiler builds it: `swift build -c release --target RosterAdminAPI`.
            swiftSettings: [.unsafeFlags(["-Onone"], .when(configuration: .release))]
        ),
        // The whole server as `roster-server` runs it: either store, and the pages.
        .target(
            name: "RosterServerAssembly",
            dependencies: ["RosterServer", "RosterServerCore", "RosterPages", "RosterPostgres", "RosterFunctions"]
        ),
        .target(
            name: "RosterCore",
            dependencies: [
                "RosterWire",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .systemLibrary(
            name: "CNCurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // QR Code symbols from libqrencode, and the half-block pictures both front ends draw.
        .systemLibrary(
            name: "CQREncode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .target(name: "RosterQR", dependencies: ["CQREncode"]),
        .target(
            name: "RosterTUI",
            dependencies: ["CNCurses", "RosterCore", "RosterQR", "RosterWire", .product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "roster",
            dependencies: [
                "CNCurses",
                "RosterCore",
                "RosterEmbedded",
                "RosterServerCore",
                "RosterQR",
                "RosterTUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // The embedded default: the server in-process over SQLite in Roster's data directory, and
        // where Roster keeps its files. The switcher and the benchmarks open it.
        .target(name: "RosterEmbedded", dependencies: ["RosterCore", "RosterPages", "RosterServer", "RosterServerCore"]),
        .executableTarget(
            name: "roster-server",
            dependencies: [
                "RosterAdminAPI",
                "RosterAppDirectory",
                "RosterAppModel",
                "RosterOperations",
                "RosterServer",
                "RosterServerAssembly",
                "RosterServerCore",
                "RosterWire",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SystemPackage", package: "swift-system"),
                // `serve`'s settings: options, then ROSTER_* variables, then a settings file.
                .product(name: "Configuration", package: "swift-configuration"),
            ]
        ),
        // A local Google, Apple and Facebook for the tests: key sets, token exchange, Graph calls.
        .target(
            name: "IdentityProviderStandIn",
            dependencies: [
                "RosterWire",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/StandIns/IdentityProvider"
        ),
        // A throwaway PostgreSQL cluster from the installed server binaries, for the store tests
        // and for several `roster-server` processes on one database.
        .target(name: "ThrowawayPostgres", dependencies: ["SpawnCloseFrom"], path: "Tests/StandIns/PostgresCluster"),
        // Closing the test process's descriptors in the processes the tests start.
        .target(name: "SpawnCloseFrom", path: "Tests/StandIns/Spawn"),
        // Headless Chromium driven over W3C WebDriver (Debian's chromium and chromium-driver),
        // for the tests of pages a person uses in a browser.
        .target(
            name: "BrowserStandIn",
            dependencies: [
                "SpawnCloseFrom", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // The static page server: a web app's pages on an origin of their own.
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Tests/StandIns/Browser"
        ),
        .testTarget(name: "RosterWireTests", dependencies: ["RosterWire"]),
        .testTarget(name: "RosterDocumentsTests", dependencies: ["RosterDocuments", "RosterWire"]),
        .testTarget(name: "RosterQRTests", dependencies: ["RosterQR", "SpawnCloseFrom"]),
        .testTarget(
            name: "RosterServerTests",
            dependencies: [
                "RosterServer", "RosterServerCore", "RosterPostgres", "RosterPages", "RosterOperations", "RosterServerAssembly",
                "RosterFunctions",
                "RosterWire", "IdentityProviderStandIn", "ThrowawayPostgres", "BrowserStandIn", "RosterAppModel", "RosterAppDirectory", "RosterAdminAPI",
                // RosterCore's reader of change streams, for the tests' stream client.
                "RosterCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            // App directories as App Services exports them, read in place by AppDirectoryTests.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "RosterCoreTests",
            dependencies: [
                "RosterCore", "RosterServer", "RosterServerCore", "RosterServerAssembly", "RosterWire", "IdentityProviderStandIn",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "RosterTUITests",
            dependencies: [
                "RosterTUI", "RosterCore", "RosterQR", "RosterWire", "RosterServer", "RosterServerCore", "RosterServerAssembly",
                "SpawnCloseFrom",
            ]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["RosterWire", "IdentityProviderStandIn", "ThrowawayPostgres", "BrowserStandIn", "SpawnCloseFrom"]
        ),
    ]
)

// `make test` sets ROSTER_TEST_BENCH=1: then this build also builds `roster-bench`, from the
// benchmarks' package's own sources (Benchmarks/), beside `roster` and `roster-server`, so that the
// tests that run it cost no second build of Roster and its dependencies (a third of CI's time on
// two cores). Without it (`swift build`, `make run`) nothing of the benchmarks is built, and the
// benchmarks' package (Benchmarks/Package.swift, which `make benchmarks` builds in release) keeps
// roster-bench and the in-process benchmarks of package-benchmark.
if Context.environment["ROSTER_TEST_BENCH"] == "1" {
    package.targets += [
        .target(
            name: "RosterBenchSupport",
            dependencies: ["RosterCore", "RosterEmbedded", "RosterWire", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Benchmarks/Support"
        ),
        .executableTarget(
            name: "roster-bench",
            dependencies: [
                "RosterBenchSupport", "RosterCore", "RosterEmbedded", "RosterServer", "RosterServerAssembly", "RosterServerCore", "RosterTUI",
                "RosterWire",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Benchmarks/roster-bench"
        ),
    ]
}
