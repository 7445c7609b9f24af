// swift-tools-version:6.1
//
// Touchstone's benchmarks: a nested package so that the main package's `swift test` never builds
// package-benchmark or its dependencies. Run from the repository root:
//
//   swift package --package-path Benchmarks --allow-writing-to-package-directory benchmark
//
// One executable target per suite, in Benchmarks/<Suite>/ (package-benchmark looks for targets
// whose folder sits under a folder named `Benchmarks`). See docs/benchmarks.md.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which is whatever the clone was called
// ("touchstone", "main", "bench"…), so derive it instead of spelling it.
let touchstone = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .standardizedFileURL
    .lastPathComponent

/// A benchmark suite: an executable target run by package-benchmark's plugin.
func suite(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name,
        dependencies: dependencies + [
            "BenchmarkSupport",
            .product(name: "TouchstoneBenchmarking", package: touchstone),
            .product(name: "Benchmark", package: "benchmark"),
        ],
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "TouchstoneBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // What every suite shares on top of TouchstoneBenchmarking (corpora, workloads, the metric
        // definitions, the deliberate-regression switch): package-benchmark configurations,
        // tolerances and metrics.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "TouchstoneBenchmarking", package: touchstone),
                .product(name: "Benchmark", package: "benchmark"),
            ]
        ),
        // Dispatch.allSeven's and Replay.map's hot paths once each, and each format's import, for counting instructions under
        // callgrind (scripts/bench-instructions): deterministic figures on a shared machine.
        .executableTarget(name: "InstructionCounts", dependencies: [
            "FormatRecording",
            .product(name: "TouchstoneBenchmarking", package: touchstone),
            .product(name: "GestureEngine", package: touchstone),
            .product(name: "Replay", package: touchstone),
            .product(name: "TouchTrace", package: touchstone),
        ]),
        // One recording written in every format Touchstone reads, for ImportBenchmarks and
        // `InstructionCounts load FORMAT` (no package-benchmark in it, as InstructionCounts has none).
        .target(name: "FormatRecording", dependencies: [
            .product(name: "TouchstoneBenchmarking", package: touchstone),
            .product(name: "TouchTrace", package: touchstone),
        ]),
        suite("TraceBenchmarks", [.product(name: "TouchTrace", package: touchstone)]),
        suite("EngineBenchmarks", [
            .product(name: "GestureEngine", package: touchstone),
            .product(name: "Synthesis", package: touchstone),
            .product(name: "TouchTrace", package: touchstone),
        ]),
        suite("ReplayBenchmarks", [.product(name: "Replay", package: touchstone)]),
        suite("LatencyBenchmarks", [.product(name: "Replay", package: touchstone)]),
        // libevemu's parser, for the side-by-side load comparison (Debian libevemu-dev).
        .systemLibrary(name: "CEvemu", path: "Sources/CEvemu", pkgConfig: "evemu", providers: [.apt(["libevemu-dev"])]),
        suite("ImportBenchmarks", ["CEvemu", "FormatRecording", .product(name: "TouchTrace", package: touchstone)]),
    ]
)
