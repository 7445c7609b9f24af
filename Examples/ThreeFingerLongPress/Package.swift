// swift-tools-version:6.1
//
// A team's own gesture recognizer, verified and benchmarked with Touchstone (docs/harness.md):
// the recognizer and its scene kind, a `three-finger-touchstone` command that is `touchstone`
// with the kind registered, tests that verify the captures in captures/, and a package-benchmark
// suite in Benchmarks/.
import PackageDescription

let package = Package(
    name: "ThreeFingerLongPress",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ThreeFingerLongPress", targets: ["ThreeFingerLongPress"]),
        .executable(name: "three-finger-touchstone", targets: ["three-finger-touchstone"]),
    ],
    dependencies: [
        .package(url: "https://git.example.com/touchstone/touchstone.git", from: "1.0.0"),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The recognizer, and its kind for scene files.
        .target(
            name: "ThreeFingerLongPress",
            dependencies: [
                .product(name: "GestureEngine", package: "touchstone"),
                .product(name: "Replay", package: "touchstone"),
            ]
        ),
        // `touchstone`, every subcommand of it, with the kind registered.
        .executableTarget(
            name: "three-finger-touchstone",
            dependencies: ["ThreeFingerLongPress", .product(name: "TouchstoneCommands", package: "touchstone")]
        ),
        .testTarget(
            name: "ThreeFingerLongPressTests",
            dependencies: [
                "ThreeFingerLongPress",
                .product(name: "GestureEngine", package: "touchstone"),
                .product(name: "Replay", package: "touchstone"),
            ]
        ),
        // Run with `swift package benchmark` (package-benchmark looks for targets under Benchmarks/).
        .executableTarget(
            name: "ThreeFingerBenchmarks",
            dependencies: [
                "ThreeFingerLongPress",
                .product(name: "TouchstoneBenchmarking", package: "touchstone"),
                .product(name: "Replay", package: "touchstone"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ThreeFingerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
