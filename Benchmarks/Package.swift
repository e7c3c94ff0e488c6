// swift-tools-version:6.1
import PackageDescription

// Roster's benchmarks, a package of their own beside the product: building Roster (`swift build`,
// `make run`) never builds them, nor package-benchmark. They use Roster through its library
// products, from the package one folder up.
//
//   swift build --package-path Benchmarks --product roster-bench   # Benchmarks/.build/debug/roster-bench
//   swift package --package-path Benchmarks benchmark              # the in-process benchmarks
let package = Package(
    name: "RosterBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Roster", path: ".."),
        // In-process benchmarks, measured with `swift package benchmark`.
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swiftlang/swift-subprocess.git", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system.git", from: "1.8.1"),
    ],
    targets: [
        // What the benchmarks share: a device filled through the real log-in path.
        .target(
            name: "RosterBenchSupport",
            dependencies: [
                .product(name: "RosterCore", package: "Roster"),
                .product(name: "RosterEmbedded", package: "Roster"),
                .product(name: "RosterWire", package: "Roster"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Support"
        ),
        // In-process benchmarks (package-benchmark): the switcher's view, a key to its frame and
        // reading the users; the document engine.
        .executableTarget(
            name: "SwitcherBenchmarks",
            dependencies: [
                "RosterBenchSupport",
                .product(name: "RosterCore", package: "Roster"),
                .product(name: "RosterEmbedded", package: "Roster"),
                .product(name: "RosterTUI", package: "Roster"),
                .product(name: "RosterWire", package: "Roster"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "SwitcherBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "DocumentBenchmarks",
            dependencies: [
                .product(name: "RosterDocuments", package: "Roster"),
                .product(name: "RosterWire", package: "Roster"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "DocumentBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // What drives real processes to measure them: wrk against a served store, the log-in
        // flood, data calls under abuse, the switcher's start-up. It runs the `roster` and
        // `roster-server` of the package one folder up (BuiltBeside).
        .executableTarget(
            name: "roster-bench",
            dependencies: [
                "RosterBenchSupport",
                .product(name: "RosterCore", package: "Roster"),
                .product(name: "RosterEmbedded", package: "Roster"),
                .product(name: "RosterServer", package: "Roster"),
                .product(name: "RosterServerAssembly", package: "Roster"),
                .product(name: "RosterServerCore", package: "Roster"),
                .product(name: "RosterTUI", package: "Roster"),
                .product(name: "RosterWire", package: "Roster"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "roster-bench"
        ),
    ]
)
