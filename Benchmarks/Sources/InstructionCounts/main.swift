import TouchstoneBenchmarking
import GestureEngine
import Replay
import FormatRecording
import TouchTrace

/// The hot paths of `Dispatch.allSeven` and `Replay.map`, once each on a warm engine, for counting
/// instructions under `valgrind --tool=callgrind --toggle-collect='*measured*'`
/// (`scripts/bench-instructions`). Instruction counts are deterministic, so a before/after
/// comparison holds on a machine shared with builds, where CPU time does not.
///
/// `InstructionCounts dispatch` replays the `Dispatch.allSeven` script (200 k one-finger samples)
/// through the seven standard recognizers; `InstructionCounts replay` streams the mixed corpus
/// (100 k samples) through the `map` scene to the log, as `Replay.map` does. Each runs one pass
/// unmeasured first, so that pools, buffers and the mapped file's pages are warm.
///
/// `InstructionCounts load FORMAT` (binary, evemu, getevent, evtest, libinputRecord) opens the
/// ImportBenchmarks recording (20 k samples) in that format through `TraceFile.open`, the road every
/// command reads by, and reads every event: the import cost of each format, deterministically.

/// `InstructionCounts decode` and `InstructionCounts statistics` read the ten-finger session of
/// `Decode` (720 k samples, chunk CRCs checked) with `forEachEvent`, as `Decode` does, and through
/// `TraceStatistics` (what `touchstone info` computes), each after one unmeasured pass.

/// What the last measured pass handled, stored after the call so that the call is not a tail call
/// (callgrind stops counting when a toggled function jumps away).
nonisolated(unsafe) var lastPassSamples = 0

@inline(never)
func measuredDispatch(_ rig: EngineRig) {
    lastPassSamples = rig.pass(Sabotage(slow: false, allocate: false))
}

@inline(never)
func measuredReplay(_ path: String) throws {
    lastPassSamples = try StreamedReplay.run(
        tracePath: path, scene: BuiltinScenes.map, sabotage: Sabotage(slow: false, allocate: false)).touchSamples
}

@inline(never)
func measuredLoad(_ path: String) throws {
    var samples = 0
    try TraceFile.open(path: path).forEachEvent { event in
        if case .touch = event { samples += 1 }
    }
    lastPassSamples = samples
}

@inline(never)
func measuredDecode(_ reader: TraceReader) throws {
    var samples = 0
    try reader.forEachEvent { event in
        if case .touch = event { samples += 1 }
    }
    lastPassSamples = samples
}

@inline(never)
func measuredStatistics(_ path: String) throws {
    var statistics = TraceStatistics()
    try statistics.add(contentsOf: TraceFile.open(path: path))
    lastPassSamples = statistics.touchSamples
}

let mode = CommandLine.arguments.dropFirst().first ?? ""
switch mode {
case "dispatch":
    let rig = EngineRig(
        script: FrameScript(try BenchmarkCorpus.oneFingerSession(samples: 200_000).events),
        recognizers: EngineRig.allSeven())
    _ = rig.pass(Sabotage(slow: false, allocate: false))
    measuredDispatch(rig)
    print("dispatch: \(lastPassSamples) touch samples in \(rig.script.frames.count) frames")
case "replay":
    let path = try BenchmarkCorpus.traceFile(samples: 100_000)
    defer { BenchmarkCorpus.removeScratch() }
    _ = try StreamedReplay.run(tracePath: path, scene: BuiltinScenes.map, sabotage: Sabotage(slow: false, allocate: false))
    try measuredReplay(path)
    print("replay: \(lastPassSamples) touch samples")
case "load":
    let recording = try Recording.make()
    defer { BenchmarkCorpus.removeScratch() }
    let paths = [
        "binary": recording.binaryPath, "evemu": recording.evemuPath, "getevent": recording.geteventPath,
        "evtest": recording.evtestPath, "libinputRecord": recording.libinputRecordPath,
    ]
    let format = CommandLine.arguments.dropFirst(2).first ?? ""
    guard let path = paths[format] else {
        print("usage: InstructionCounts load \(paths.keys.sorted().joined(separator: "|"))")
        break
    }
    try measuredLoad(path)
    print("load \(format): \(lastPassSamples) touch samples")
case "decode", "statistics":
    let path = try BenchmarkCorpus.traceFile(BenchmarkCorpus.tenFingerSession(), name: "ten-finger")
    defer { BenchmarkCorpus.removeScratch() }
    let reader = try TraceReader(path: path)
    try reader.forEachEvent { _ in }  // warm: the file's pages read once
    if mode == "decode" {
        try reader.seek(toTime: 0)
        try measuredDecode(reader)
    } else {
        try measuredStatistics(path)
    }
    print("\(mode): \(lastPassSamples) touch samples")
default:
    print("usage: InstructionCounts dispatch|replay|decode|statistics|load FORMAT")
}
