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
    lastPassSamples = try touchSamples(of: TraceFile.open(path: path))
}

@inline(never)
func measuredDecode(_ reader: TraceReader) throws {
    lastPassSamples = try decodePass(reader).samples
}

@inline(never)
func measuredStatistics(_ path: String) throws {
    var statistics = TraceStatistics()
    try statistics.add(contentsOf: TraceFile.open(path: path))
    lastPassSamples = statistics.touchSamples
}

// The loops below are not themselves `measured…`: the decoder's loop is specialised for each
// closure and named after the function it is in, and callgrind's `--toggle-collect` would switch
// counting off again on entering a second function whose name matches.

/// `Decode`'s loop: the reader's fast path, counting touch samples and events of every kind.
@inline(never)
func decodePass(_ reader: TraceReader) throws -> (samples: Int, events: Int) {
    var samples = 0
    var events = 0
    // Wrapping counts, as `Decode`'s loop counts.
    try reader.forEachEvent { event in
        events &+= 1
        if case .touch = event { samples &+= 1 }
    }
    return (samples, events)
}

/// The touch samples of every remaining event, read the way every command reads (`TraceInput`).
@inline(never)
func touchSamples(of input: TraceInput) throws -> Int {
    var samples = 0
    try input.forEachEvent { event in
        if case .touch = event { samples += 1 }
    }
    return samples
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
    _ = try decodePass(reader)  // warm: the file's pages read once
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
