"""What the benchmark scripts share: reading package-benchmark's machine-readable exports, judging
a run against the committed p90 thresholds, the benchmark history's rows, the import side-by-side,
and the long evemu session the session side-by-side replays.

Plain Python 3 (no packages): the scripts run it on a fresh CI machine. Tested by
scripts/lib/test_touchstone_bench.py, which scripts/test runs first.

package-benchmark (ordo-one/benchmark) writes two machine-readable forms used here:

- `--format metricP90AbsoluteThresholds` (what `benchmark thresholds update --path DIR` writes):
  one `TARGET.BENCHMARK.p90.json` per benchmark, `{"metric": p90, ...}` with integer values;
  Benchmarks/Thresholds/ holds the committed ones.
- `--format influx`: `Current_run.influx.csv`, one row per benchmark, metric and percentile.
"""
import csv
import json
import os
from dataclasses import dataclass

# Built-in metrics too noisy or too indirect to gate on; custom metrics are always gated.
BUILTIN_UNGATED = frozenset({
    "cpuUser", "cpuSystem", "cpuTotal", "wallClock", "throughput", "peakMemoryResidentDelta",
    "peakMemoryVirtual", "mallocCountSmall", "mallocCountLarge", "freeCountTotal", "mallocBytesCount",
    "mallocFreeDelta", "memoryLeakedBytes", "syscalls", "contextSwitches", "threads", "threadsRunning",
    "readSyscalls", "writeSyscalls", "readBytesLogical", "writeBytesLogical", "readBytesPhysical",
    "writeBytesPhysical", "instructions", "objectAllocCount", "retainCount", "releaseCount",
    "retainReleaseDelta",
})

# Reference points measure someone else's code (libevemu's parser, for the side-by-side): recorded
# in the history, but a change in them is not a Touchstone regression.
REFERENCE_SUFFIX = ".libevemu"

THRESHOLD_SUFFIX = ".p90.json"


@dataclass(frozen=True)
class Tolerance:
    """How far a p90 may move from its threshold before it is a deviation, in package-benchmark's
    terms: `relative` in percent, `absolute` in the metric's own unit; either may be absent."""
    relative: float = None
    absolute: int = None
    larger_is_better: bool = False


# The tolerances Benchmarks/Sources/BenchmarkSupport/Defaults.swift (SuiteDefaults) and the suites
# give each gated metric; change both together. A metric not listed allows no change at all,
# package-benchmark's default (`BenchmarkThresholds.strict`).
EXACT = Tolerance(relative=0.0, absolute=0)
TOLERANCES = {
    "samples_per_s": Tolerance(relative=50.0, larger_is_better=True),      # rateTolerance
    "events_per_s": Tolerance(relative=50.0, larger_is_better=True),       # rateTolerance
    "ns_per_sample": Tolerance(relative=100.0),                            # timeTolerance
    "us_per_load": Tolerance(relative=100.0),                              # timeTolerance
    "peakMemoryResident": Tolerance(relative=25.0),                        # memoryTolerance
    "mallocCountTotal": Tolerance(absolute=0),                             # allocations()
    "anon_growth_kib": Tolerance(absolute=1024),                           # Replay.map.memory
}


def tolerance(metric):
    return TOLERANCES.get(metric, EXACT)


@dataclass(frozen=True)
class Deviation:
    benchmark: str
    metric: str
    threshold: int
    measured: int

    def __str__(self):
        return f"{self.benchmark} {self.metric}: p90 {self.measured:,} against the threshold {self.threshold:,}"


def deviation(metric, measured, threshold):
    """-1 (better), 0 (within tolerance) or 1 (worse): package-benchmark's rule for a p90 against
    an absolute threshold (`BenchmarkResult.appendDeviationResultsFor`)."""
    rule = tolerance(metric)
    sign = -1 if rule.larger_is_better else 1
    verdicts = []
    if rule.relative is not None:
        relative = 0.0 if threshold == 0 else sign * (100.0 * measured / threshold - 100.0)
        if relative > rule.relative:
            verdicts.append(1)
        elif relative < -rule.relative:
            verdicts.append(-1)
    if rule.absolute is not None:
        absolute = sign * (measured - threshold)
        if absolute > rule.absolute:
            verdicts.append(1)
        elif absolute < -rule.absolute:
            verdicts.append(-1)
    if 1 in verdicts:
        return 1
    return -1 if verdicts else 0


def benchmark_name(filename):
    """`EngineBenchmarks.Dispatch.tap.p90.json` -> `EngineBenchmarks.Dispatch.tap`, or None."""
    return filename[:-len(THRESHOLD_SUFFIX)] if filename.endswith(THRESHOLD_SUFFIX) else None


def read_p90_folder(folder):
    """{benchmark: {metric: p90}} from a folder of `metricP90AbsoluteThresholds` files."""
    found = {}
    for filename in sorted(os.listdir(folder)):
        name = benchmark_name(filename)
        if name is None:
            continue
        with open(os.path.join(folder, filename)) as f:
            values = json.load(f)
        if not isinstance(values, dict) or not all(isinstance(v, int) for v in values.values()):
            raise ValueError(f"{os.path.join(folder, filename)}: not a metric-to-integer object")
        found[name] = values
    return found


def gated(name, values):
    """The metrics of benchmark `name` that thresholds are kept for: none for a reference point."""
    if name.endswith(REFERENCE_SUFFIX):
        return {}
    return {metric: value for metric, value in values.items() if metric not in BUILTIN_UNGATED}


@dataclass
class CheckResult:
    regressions: list
    improvements: list
    # Thresholds with no measurement in the run (a renamed or removed benchmark or metric).
    unmeasured: list

    @property
    def passed(self):
        return not self.regressions and not self.unmeasured


def check(thresholds, measured):
    """Every committed threshold against the run's p90s. `thresholds` and `measured` map benchmark
    to {metric: p90}; only benchmarks with a threshold file are judged."""
    result = CheckResult([], [], [])
    for name, metrics in sorted(thresholds.items()):
        run = measured.get(name)
        if run is None:
            continue  # a filtered run (`--target`) measures only some suites
        for metric, threshold in sorted(metrics.items()):
            if metric not in run:
                result.unmeasured.append(f"{name} {metric}")
                continue
            found = Deviation(name, metric, threshold, run[metric])
            verdict = deviation(metric, run[metric], threshold)
            if verdict > 0:
                result.regressions.append(found)
            elif verdict < 0:
                result.improvements.append(found)
    return result


def write_thresholds(measured, folder):
    """Writes the gated metrics of each measured benchmark as FOLDER/NAME.p90.json; returns
    [(filename, metrics)] in order."""
    written = []
    for name, values in sorted(measured.items()):
        kept = gated(name, values)
        if not kept:
            continue
        filename = name + THRESHOLD_SUFFIX
        path = os.path.join(folder, filename)
        with open(path + ".partial", "w") as f:
            json.dump(kept, f, indent=2, sort_keys=True)
            f.write("\n")
        os.replace(path + ".partial", path)
        written.append((filename, sorted(kept)))
    return written


# --- selecting suites and benchmarks --------------------------------------------------------

# package-benchmark's options that take a regular expression; it requires the expression to match
# the whole target or benchmark name (`wholeMatch`), so `--target Trace` alone selects nothing and
# the plugin stops with "no target matching regex for target/skip-target".
REGEX_OPTIONS = ("--target", "--skip-target", "--filter", "--skip")


def benchmark_arguments(args):
    """The scripts' arguments for package-benchmark, with each regular expression of
    `REGEX_OPTIONS` made to select every name it occurs in, as grep does (`Trace` selects
    TraceBenchmarks; anchor with `^...$` for one exact name). Both `--target X` and `--target=X`."""
    out = []
    wrap_next = False
    for arg in args:
        if wrap_next:
            out.append(f".*(?:{arg}).*")
            wrap_next = False
            continue
        option, equals, value = arg.partition("=")
        if option in REGEX_OPTIONS and equals:
            out += [option, f".*(?:{value}).*"]
        else:
            out.append(arg)
            wrap_next = arg in REGEX_OPTIONS
    if wrap_next:
        raise ValueError(f"{args[-1]} needs a regular expression")
    return out


# --- influx export ---------------------------------------------------------------------------

def read_influx(path):
    """The rows of package-benchmark's `Current_run.influx.csv` (its `#` comment lines skipped)."""
    with open(path, newline="") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def percentiles(rows):
    """{(suite, benchmark, metric): {"iterations": text, percentile: value text}}."""
    found = {}
    for record in rows:
        key = (record["measurement"], record["test"], record["metric"])
        row = found.setdefault(key, {"iterations": record["iterations"]})
        row[float(record["percentile"])] = record["value"]
    return found


def medians(rows, metric):
    """{benchmark: p50} of one metric."""
    return {r["test"]: float(r["value"]) for r in rows
            if r["metric"] == metric and float(r["percentile"]) == 50.0}


# package-benchmark's influx export names built-in metrics by description and labels wall-clock
# time "ms" although it writes nanoseconds; the history records the true unit and the metric's name.
HISTORY_UNITS = {
    "Time(wallclock)": "ns", "Malloc(total)": "count", "Memory(residentpeak)": "bytes",
    "samples_per_s": "samples/s", "ns_per_sample": "ns", "bytes_per_1000_samples": "bytes",
    "bytes_per_1000_samples_mixed": "bytes", "events_per_s": "events/s", "us_per_load": "us",
    "anon_growth_kib": "KiB",
}
HISTORY_NAMES = {"Time(wallclock)": "wallClock", "Malloc(total)": "mallocCountTotal",
                 "Memory(residentpeak)": "peakMemoryResident"}
HISTORY_HEADER = ["commit", "date", "toolchain", "machine", "suite", "benchmark", "metric", "unit",
                  "p50", "p90", "best", "iterations"]


def history_rows(rows, commit, date, toolchain, machine):
    """Benchmarks/history.csv rows for one run: p50, p90 and best (package-benchmark orders
    percentiles by polarity, so p0 is the best value of every metric)."""
    out = []
    for (suite, bench, metric), row in sorted(percentiles(rows).items()):
        unit = HISTORY_UNITS.get(metric) or ("us" if metric.endswith("_us") else "")
        out.append([commit, date, toolchain, machine, suite, bench, HISTORY_NAMES.get(metric, metric), unit,
                    row.get(50.0, ""), row.get(90.0, ""), row.get(0.0, ""), row["iterations"]])
    return out


# --- the import side-by-side -----------------------------------------------------------------

LOADS = [("Load.binary", "Touchstone binary trace"),
         ("Load.evemu", "evemu text, Touchstone's reader"),
         ("Load.evemu.libevemu", "evemu text, libevemu's parser"),
         ("Load.getevent", "getevent -lt log, Touchstone's reader"),
         ("Load.evtest", "evtest log, Touchstone's reader"),
         ("Load.libinputRecord", "libinput record YAML, Touchstone's reader")]


def compare_formats(median):
    """The side-by-side table and verdicts, from the median microseconds per load of each format."""
    missing = [name for name, _ in LOADS if name not in median]
    if missing:
        raise KeyError(f"no result for {', '.join(missing)}")
    binary = median["Load.binary"]
    lines = [f"{'format':45} {'CPU time per load':>18} {'vs binary':>10}"]
    for name, label in LOADS:
        lines.append(f"{label:45} {median[name] / 1000:15.2f} ms {median[name] / binary:9.1f}x")
    lines.append("")
    checks = [("binary vs libevemu", median["Load.evemu.libevemu"] / binary, 100),
              ("binary vs libinput record YAML", median["Load.libinputRecord"] / binary, 10_000),
              ("Touchstone's evemu reader vs libevemu", median["Load.evemu.libevemu"] / median["Load.evemu"], 1)]
    for label, ratio, target in checks:
        verdict = "meets" if ratio >= target else "misses"
        lines.append(f"{label:40} {ratio:10.1f}x faster  ({verdict} the target of {target:,}x)")
    return lines


# --- the session side-by-side ----------------------------------------------------------------

def evemu_time(line):
    """Microseconds of an evemu `E: SECONDS.MICROS ...` line."""
    seconds, micros = line.split()[1].split(".")
    return int(seconds) * 1_000_000 + int(micros)


def repeat_evemu(lines, wanted_samples):
    """An evemu recording's lines repeated until it holds at least `wanted_samples` touch samples
    (ABS_MT_POSITION_X events), each copy starting 100 ms after the previous one ends."""
    header, events = [], []
    for line in lines:
        if line.startswith("E:"):
            events.append(line)
        elif line.startswith("# Touchstone note: "):
            # A note Touchstone's converter kept (a synthesized session's name, before its first
            # touch): left out, as the events' times are shifted and the note's would not be.
            continue
        elif not events:
            header.append(line)
    if not events:
        raise ValueError("the recording has no events")
    first, last = evemu_time(events[0]), evemu_time(events[-1])
    span = last - first + 100_000
    per_copy = sum(1 for line in events if line.split()[2:4] == ["0003", "0035"]) or 1
    # A recording whose first multitouch event comes before any ABS_MT_SLOT relies on a fresh
    # device's slot 0 (Touchstone's evemu writer names no slot before slot 0's first touch); the
    # copy before leaves another slot selected, so each later copy selects slot 0 first.
    has_slots = any(line.split()[:2] == ["A:", "2f"] for line in header)
    first_mt = next((line.split()[3] for line in events
                     if line.split()[2] == "0003" and "002f" <= line.split()[3] <= "003d"), None)
    reselect = has_slots and first_mt not in (None, "002f")
    out = list(header)
    for copy in range(max(1, -(-wanted_samples // per_copy))):
        if copy > 0 and reselect:
            t = copy * span
            out.append(f"E: {t // 1_000_000}.{t % 1_000_000:06d} 0003 002f 0000\n")
        for line in events:
            rest = line.split(" ", 2)[2]
            t = evemu_time(line) - first + copy * span
            out.append(f"E: {t // 1_000_000}.{t % 1_000_000:06d} {rest}")
    return out


def time_commands(commands, runs):
    """{name: median CPU seconds} of each command (a list of arguments) run `runs` times under
    `nice -n 10`, alternating between the commands; CPU time is the child's user plus system."""
    import resource
    import statistics
    import subprocess
    times = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(["nice", "-n", "10"] + command, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            times[name].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return {name: statistics.median(values) for name, values in times.items()}


def compare_session(median, samples):
    """The session side-by-side's table and verdicts from the median CPU seconds per command."""
    lines = [f"{'whole process':40} {'CPU time (median)':>18} {'samples/s':>12}"]
    for name, value in median.items():
        lines.append(f"{name:40} {value:16.3f} s {samples / value / 1e6:10.2f} M")
    lines.append("")
    base = median["libevemu parse"]
    for name, target in [("touchstone replay --scene map -o LOG", 20), ("touchstone info", 100)]:
        ratio = base / median[name]
        verdict = "meets" if ratio >= target else "misses"
        lines.append(f"{name:40} {ratio:8.1f}x faster than libevemu parsing  ({verdict} the target of {target}x)")
    return lines


# --- verify --jobs: wall clock and each thread's CPU time ------------------------------------

def stat_cpu_ticks(stat):
    """User plus system clock ticks of a `/proc/PID/task/TID/stat` line (fields 14 and 15; the
    command name in parentheses may hold spaces, so fields are counted after its closing `)`)."""
    fields = stat[stat.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])


def run_sampling_threads(command, interval=0.02):
    """Runs `command` under `nice -n 10`; returns (wall seconds, CPU seconds of the whole process
    from rusage, {thread id: CPU seconds}) with each thread's CPU time read from /proc every
    `interval` seconds while it runs (the last reading of each thread: a thread's final
    moments after the last reading are missed)."""
    import resource
    import subprocess
    import time
    ticks = os.sysconf("SC_CLK_TCK")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    child = subprocess.Popen(["nice", "-n", "10"] + command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    threads = {}
    while child.poll() is None:
        try:
            for tid in os.listdir(f"/proc/{child.pid}/task"):
                with open(f"/proc/{child.pid}/task/{tid}/stat") as f:
                    threads[int(tid)] = stat_cpu_ticks(f.read()) / ticks
        except (FileNotFoundError, ProcessLookupError):
            pass  # the process or a thread ended between listing and reading
        time.sleep(interval)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {child.returncode}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, threads


def compare_jobs(runs):
    """The table and verdict from {jobs: [(wall, cpu, {tid: cpu})]}: median wall clock of each, the
    CPU time of the two busiest threads, and the ratio against the 1.8x target."""
    import statistics
    lines = [f"{'verify':12} {'wall (median)':>14} {'CPU':>8} {'busiest threads (CPU s)':>26}"]
    walls = {}
    for jobs, results in sorted(runs.items()):
        walls[jobs] = statistics.median(wall for wall, _, _ in results)
        cpu = statistics.median(cpu for _, cpu, _ in results)
        busiest = sorted(results[-1][2].values(), reverse=True)[:2]
        lines.append(f"--jobs {jobs:<5} {walls[jobs]:12.2f} s {cpu:6.2f} s {' + '.join(f'{t:.2f}' for t in busiest):>26}")
    ratio = walls[1] / walls[2]
    verdict = "meets" if ratio >= 1.8 else "misses"
    lines.append("")
    lines.append(f"--jobs 2 is {ratio:.2f}x faster than --jobs 1 in wall-clock time ({verdict} the target of 1.8x)")
    return lines


def _jobs(runs, touchstone, root):
    results = {1: [], 2: []}
    load = os.getloadavg()[0]
    for round_ in range(int(runs)):
        for jobs in ((1, 2) if round_ % 2 == 0 else (2, 1)):
            results[jobs].append(run_sampling_threads([touchstone, "verify", root, "--jobs", str(jobs), "--no-progress"]))
    print(f"{runs} runs of each, alternating; load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    print("\n".join(compare_jobs(results)))
    return 0


# --- command line ----------------------------------------------------------------------------

def _check(thresholds_folder, measured_folder):
    committed = read_p90_folder(thresholds_folder)
    measured = read_p90_folder(measured_folder)
    result = check(committed, measured)
    for name in sorted(set(measured) - set(committed)):
        if gated(name, measured[name]):
            print(f"bench-check: no thresholds yet for {name} (scripts/bench-check --update)")
    for found in result.improvements:
        print(f"bench-check: improvement: {found} (consider scripts/bench-check --update)")
    for found in result.regressions:
        print(f"bench-check: REGRESSION: {found}")
    for missing in result.unmeasured:
        print(f"bench-check: NOT MEASURED: {missing} has a threshold but the run did not report it")
    if not result.passed:
        print("bench-check: FAILED: performance regressed beyond the committed thresholds"
              if result.regressions else "bench-check: FAILED: thresholds without a measurement")
        return 1
    print("bench-check: passed")
    return 0


def _benchmark_arguments(*args):
    try:
        print("\n".join(benchmark_arguments(list(args))))
    except ValueError as error:
        print(f"touchstone_bench.py: {error}")
        return 2
    return 0


def _update(measured_folder, thresholds_folder):
    for filename, metrics in write_thresholds(read_p90_folder(measured_folder), thresholds_folder):
        print(f"bench-check: wrote Benchmarks/Thresholds/{filename}: {', '.join(metrics)}")
    return 0


def _history(influx, history, dry, commit, toolchain, machine):
    import datetime
    import sys
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    out = history_rows(read_influx(influx), commit, date, toolchain, machine)
    if dry == "1":
        writer = csv.writer(sys.stdout)
        writer.writerow(HISTORY_HEADER)
        writer.writerows(out)
        return 0
    new = not os.path.exists(history)
    with open(history, "a", newline="") as f:
        writer = csv.writer(f)
        if new:
            writer.writerow(HISTORY_HEADER)
        writer.writerows(out)
    print(f"bench-history: appended {len(out)} rows for {commit} to Benchmarks/history.csv")
    return 0


def _formats(influx):
    try:
        lines = compare_formats(medians(read_influx(influx), "us_per_load"))
    except KeyError as error:
        print(f"bench-compare-formats: {error.args[0]}")
        return 1
    print("\n".join(lines))
    return 0


def _repeat_evemu(source, target, wanted):
    with open(source) as f:
        lines = repeat_evemu(f.readlines(), int(wanted))
    with open(target + ".partial", "w") as f:
        f.writelines(lines)
    os.replace(target + ".partial", target)
    return 0


def _session(runs, samples, scratch, touchstone):
    samples = int(samples)
    commands = {
        "libevemu parse": [f"{scratch}/libevemu-parse", f"{scratch}/session.evemu"],
        "touchstone info": [touchstone, "info", f"{scratch}/session.trace"],
        "touchstone replay --scene map -o LOG":
            [touchstone, "replay", f"{scratch}/session.trace", "--scene", "map", "-o", f"{scratch}/map.log"],
    }
    median = time_commands(commands, int(runs))
    print(f"session: {samples:,} touch samples, {os.path.getsize(f'{scratch}/session.evemu') / 1e6:.1f} MB evemu, "
          f"{os.path.getsize(f'{scratch}/session.trace') / 1e6:.1f} MB binary; {runs} runs, "
          f"load average {os.getloadavg()[0]:.1f}")
    print("\n".join(compare_session(median, samples)))
    return 0


COMMANDS = {
    "benchmark-arguments": (_benchmark_arguments,
                            "ARGS...: package-benchmark's arguments, each regex selecting the names it occurs in"),
    "check": (_check, "THRESHOLDS MEASURED: judge a run's p90 files against the committed thresholds"),
    "update": (_update, "MEASURED THRESHOLDS: write the gated metrics of a run as the thresholds"),
    "history": (_history, "INFLUX HISTORY DRY COMMIT TOOLCHAIN MACHINE: append a run to the history"),
    "formats": (_formats, "INFLUX: print the import side-by-side"),
    "repeat-evemu": (_repeat_evemu, "SOURCE TARGET SAMPLES: repeat a recording to a session's length"),
    "jobs": (_jobs, "RUNS TOUCHSTONE ROOT: verify --jobs 1 against --jobs 2, wall clock and threads"),
    "session": (_session, "RUNS SAMPLES SCRATCH TOUCHSTONE: time the session side-by-side"),
}


def main(argv):
    import inspect
    if len(argv) < 2 or argv[1] not in COMMANDS:
        usage = "\n".join(f"  {name} {text}" for name, (_, text) in COMMANDS.items())
        print(f"usage: touchstone_bench.py COMMAND ARGS...\n{usage}")
        return 2
    function, text = COMMANDS[argv[1]]
    parameters = inspect.signature(function).parameters.values()
    variadic = any(p.kind == p.VAR_POSITIONAL for p in parameters)
    if not variadic and len(argv) - 2 != len(parameters):
        print(f"usage: touchstone_bench.py {argv[1]} {text}")
        return 2
    return function(*argv[2:])


if __name__ == "__main__":
    import sys
    sys.exit(main(sys.argv))
