"""Specifications of scripts/lib/touchstone_bench.py. Run: python3 -m unittest discover -s scripts/lib"""
import io
import json
import os
import tempfile
import unittest
from contextlib import redirect_stdout

import touchstone_bench as bench


def write_p90(folder, name, values):
    with open(os.path.join(folder, name + ".p90.json"), "w") as f:
        json.dump(values, f)


class DeviationTests(unittest.TestCase):
    def test_a_rate_fails_only_when_it_falls_below_half_its_threshold(self):
        self.assertEqual(bench.deviation("samples_per_s", 500_000, 1_000_000), 0)
        self.assertEqual(bench.deviation("samples_per_s", 499_000, 1_000_000), 1)

    def test_a_rate_above_one_and_a_half_times_its_threshold_is_an_improvement(self):
        self.assertEqual(bench.deviation("events_per_s", 1_600_000, 1_000_000), -1)
        self.assertEqual(bench.deviation("events_per_s", 1_400_000, 1_000_000), 0)

    def test_a_time_fails_only_when_it_more_than_doubles(self):
        self.assertEqual(bench.deviation("ns_per_sample", 400, 200), 0)
        self.assertEqual(bench.deviation("ns_per_sample", 401, 200), 1)
        self.assertEqual(bench.deviation("us_per_load", 1, 200), 0)

    def test_one_allocation_more_than_the_threshold_fails(self):
        self.assertEqual(bench.deviation("mallocCountTotal", 1, 0), 1)
        self.assertEqual(bench.deviation("mallocCountTotal", 0, 0), 0)

    def test_a_metric_without_a_listed_tolerance_allows_no_change_either_way(self):
        self.assertEqual(bench.deviation("latency_p50_us", 115_770, 115_769), 1)
        self.assertEqual(bench.deviation("latency_p50_us", 115_768, 115_769), -1)
        self.assertEqual(bench.deviation("bytes_per_1000_samples", 5_300, 5_300), 0)

    def test_heap_growth_is_gated_in_absolute_kibibytes(self):
        self.assertEqual(bench.deviation("anon_growth_kib", 1_100, 72), 1)
        self.assertEqual(bench.deviation("anon_growth_kib", 900, 0), 0)

    def test_a_zero_threshold_makes_the_relative_rule_silent(self):
        self.assertEqual(bench.deviation("ns_per_sample", 10, 0), 0)


class CheckTests(unittest.TestCase):
    def test_regressions_and_improvements_are_named_by_benchmark_and_metric(self):
        thresholds = {"EngineBenchmarks.Dispatch.tap": {"ns_per_sample": 100, "samples_per_s": 10_000_000}}
        measured = {"EngineBenchmarks.Dispatch.tap": {"ns_per_sample": 250, "samples_per_s": 16_000_000,
                                                      "wallClock": 9}}
        result = bench.check(thresholds, measured)
        self.assertEqual([(d.benchmark, d.metric) for d in result.regressions],
                         [("EngineBenchmarks.Dispatch.tap", "ns_per_sample")])
        self.assertEqual([(d.benchmark, d.metric) for d in result.improvements],
                         [("EngineBenchmarks.Dispatch.tap", "samples_per_s")])
        self.assertFalse(result.passed)

    def test_a_benchmark_the_run_did_not_include_is_not_judged(self):
        result = bench.check({"TraceBenchmarks.Decode": {"samples_per_s": 1}}, {})
        self.assertTrue(result.passed)
        self.assertEqual(result.regressions + result.improvements + result.unmeasured, [])

    def test_a_threshold_whose_metric_the_run_no_longer_reports_fails_the_check(self):
        result = bench.check({"TraceBenchmarks.Decode": {"samples_per_s": 1}},
                             {"TraceBenchmarks.Decode": {"ns_per_sample": 1}})
        self.assertEqual(result.unmeasured, ["TraceBenchmarks.Decode samples_per_s"])
        self.assertFalse(result.passed)

    def test_the_command_exits_1_on_a_regression_and_0_on_an_improvement(self):
        with tempfile.TemporaryDirectory() as committed, tempfile.TemporaryDirectory() as run:
            write_p90(committed, "TraceBenchmarks.Encode", {"bytes_per_1000_samples": 5_300})
            write_p90(run, "TraceBenchmarks.Encode", {"bytes_per_1000_samples": 5_200})
            output = io.StringIO()
            with redirect_stdout(output):
                self.assertEqual(bench.main(["touchstone_bench.py", "check", committed, run]), 0)
            self.assertIn("improvement: TraceBenchmarks.Encode bytes_per_1000_samples", output.getvalue())
            write_p90(run, "TraceBenchmarks.Encode", {"bytes_per_1000_samples": 5_301})
            output = io.StringIO()
            with redirect_stdout(output):
                self.assertEqual(bench.main(["touchstone_bench.py", "check", committed, run]), 1)
            self.assertIn("REGRESSION: TraceBenchmarks.Encode bytes_per_1000_samples", output.getvalue())


class ThresholdFileTests(unittest.TestCase):
    def test_reading_keys_each_file_by_its_benchmark_and_skips_other_files(self):
        with tempfile.TemporaryDirectory() as folder:
            write_p90(folder, "ImportBenchmarks.Load.binary", {"us_per_load": 630})
            open(os.path.join(folder, "notes.txt"), "w").close()
            self.assertEqual(bench.read_p90_folder(folder),
                             {"ImportBenchmarks.Load.binary": {"us_per_load": 630}})

    def test_a_file_that_is_not_metric_to_integer_is_refused_with_its_path(self):
        with tempfile.TemporaryDirectory() as folder:
            write_p90(folder, "A.b", {"us_per_load": "630"})
            with self.assertRaisesRegex(ValueError, "A.b.p90.json"):
                bench.read_p90_folder(folder)

    def test_writing_keeps_gated_metrics_only_and_drops_reference_points(self):
        measured = {"ImportBenchmarks.Load.evemu": {"us_per_load": 11_200, "wallClock": 5, "cpuTotal": 4},
                    "ImportBenchmarks.Load.evemu.libevemu": {"us_per_load": 56_400},
                    "EngineBenchmarks.Dispatch.tap": {"wallClock": 3}}
        with tempfile.TemporaryDirectory() as folder:
            written = bench.write_thresholds(measured, folder)
            self.assertEqual(written, [("ImportBenchmarks.Load.evemu.p90.json", ["us_per_load"])])
            self.assertEqual(sorted(os.listdir(folder)), ["ImportBenchmarks.Load.evemu.p90.json"])
            with open(os.path.join(folder, "ImportBenchmarks.Load.evemu.p90.json")) as f:
                self.assertEqual(f.read(), '{\n  "us_per_load": 11200\n}\n')


INFLUX = """#datatype tag,tag,tag,tag,double,long
measurement,hostName,processoridentity,processors,memory,kernelVersion,metric,unit,test,percentile,value,test_average,iterations,warmup_iterations
ImportBenchmarks,h,p,2,24,6,us_per_load,,Load.binary,0.0,600,0,40,2
ImportBenchmarks,h,p,2,24,6,us_per_load,,Load.binary,50.0,630,0,40,2
ImportBenchmarks,h,p,2,24,6,us_per_load,,Load.binary,90.0,700,0,40,2
ImportBenchmarks,h,p,2,24,6,Time(wallclock),ms,Load.binary,50.0,9000,0,40,2
"""


class InfluxTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.folder.name, "Current_run.influx.csv")
        with open(self.path, "w") as f:
            f.write(INFLUX)

    def tearDown(self):
        self.folder.cleanup()

    def test_history_rows_carry_median_p90_best_and_the_true_unit(self):
        rows = bench.history_rows(bench.read_influx(self.path), "abc", "2026-11-24T00:00:00Z", "swift-6.3.1", "m")
        self.assertEqual(rows, [
            ["abc", "2026-11-24T00:00:00Z", "swift-6.3.1", "m", "ImportBenchmarks", "Load.binary", "wallClock",
             "ns", "9000", "", "", "40"],
            ["abc", "2026-11-24T00:00:00Z", "swift-6.3.1", "m", "ImportBenchmarks", "Load.binary", "us_per_load",
             "us", "630", "700", "600", "40"],
        ])

    def test_medians_select_one_metric_at_the_50th_percentile(self):
        self.assertEqual(bench.medians(bench.read_influx(self.path), "us_per_load"), {"Load.binary": 630.0})


class SideBySideTests(unittest.TestCase):
    def test_the_import_side_by_side_states_each_ratio_against_its_target(self):
        median = {"Load.binary": 630, "Load.evemu": 11_200, "Load.evemu.libevemu": 56_400,
                  "Load.getevent": 9_000, "Load.evtest": 12_000, "Load.libinputRecord": 36_500}
        lines = bench.compare_formats(median)
        self.assertIn("binary vs libevemu                             89.5x faster  (misses the target of 100x)",
                      lines)
        self.assertIn("Touchstone's evemu reader vs libevemu           5.0x faster  (meets the target of 1x)", lines)

    def test_the_import_side_by_side_names_the_formats_it_lacks(self):
        with self.assertRaisesRegex(KeyError, "Load.evtest, Load.libinputRecord"):
            bench.compare_formats({"Load.binary": 1, "Load.evemu": 1, "Load.evemu.libevemu": 1, "Load.getevent": 1})

    def test_the_session_side_by_side_compares_each_command_with_libevemu(self):
        lines = bench.compare_session({"libevemu parse": 4.0, "touchstone info": 0.1,
                                       "touchstone replay --scene map -o LOG": 0.5}, 2_000_000)
        self.assertIn("touchstone info                              40.0x faster than libevemu parsing  "
                      "(misses the target of 100x)", lines)
        self.assertIn("touchstone replay --scene map -o LOG          8.0x faster than libevemu parsing  "
                      "(misses the target of 20x)", lines)


class RepeatEvemuTests(unittest.TestCase):
    RECORDING = ["# EVEMU 1.3\n", "N: touch\n",
                 "E: 1.000000 0003 0035 100\n", "E: 1.000000 0000 0000 0\n",
                 "E: 1.250000 0003 0035 110\n", "E: 1.250000 0000 0000 0\n"]

    def test_copies_keep_the_header_and_follow_each_other_100_ms_apart(self):
        lines = bench.repeat_evemu(self.RECORDING, 3)
        self.assertEqual(lines[:2], self.RECORDING[:2])
        self.assertEqual([line.split()[1] for line in lines[2:]],
                         ["0.000000", "0.000000", "0.250000", "0.250000",
                          "0.350000", "0.350000", "0.600000", "0.600000"])
        self.assertEqual(lines[-1], "E: 0.600000 0000 0000 0\n")

    def test_a_note_kept_by_the_converter_is_left_out_of_the_repeated_session(self):
        recording = self.RECORDING[:2] + ['# Touchstone note: 0.100000 "synth pan"\n'] + self.RECORDING[2:]
        self.assertEqual(bench.repeat_evemu(recording, 3), bench.repeat_evemu(self.RECORDING, 3))

    def test_one_copy_is_made_even_when_it_already_holds_enough_samples(self):
        self.assertEqual(len(bench.repeat_evemu(self.RECORDING, 1)), 6)

    def test_each_copy_after_the_first_selects_slot_0_where_the_recording_relies_on_the_initial_slot(self):
        # Touchstone's own evemu output names no slot before slot 0's first tracking id (a fresh
        # device's slot is 0): the copy before left another slot selected, so the next copy's
        # first touch went into that slot and a later tracking id "replaced" it.
        recording = ["# EVEMU 1.3\n", "A: 2f 0 9 0 0 0\n",
                     "E: 1.000000 0003 0039 0000\n", "E: 1.000000 0003 0035 0100\n",
                     "E: 1.000000 0003 002f 0001\n", "E: 1.000000 0003 0039 0001\n",
                     "E: 1.000000 0000 0000 0000\n",
                     "E: 1.250000 0003 0039 -001\n", "E: 1.250000 0003 002f 0000\n",
                     "E: 1.250000 0003 0039 -001\n", "E: 1.250000 0003 002f 0001\n",
                     "E: 1.250000 0000 0000 0000\n"]
        lines = bench.repeat_evemu(recording, 2)
        self.assertEqual(lines[:12], recording[:2] + ["E: 0.000000 " + line.split(" ", 2)[2] for line in recording[2:7]]
                         + ["E: 0.250000 " + line.split(" ", 2)[2] for line in recording[7:]])
        self.assertEqual(lines[12], "E: 0.350000 0003 002f 0000\n")
        self.assertEqual(lines[13], "E: 0.350000 0003 0039 0000\n")
        self.assertEqual(len(lines), 2 + 2 * 10 + 1)

    def test_copies_of_a_recording_that_selects_its_slot_first_are_left_as_they_are(self):
        recording = ["A: 2f 0 9 0 0 0\n", "E: 1.000000 0003 002f 0001\n", "E: 1.000000 0003 0039 0001\n",
                     "E: 1.000000 0000 0000 0000\n", "E: 1.250000 0003 0039 -001\n", "E: 1.250000 0000 0000 0000\n"]
        self.assertEqual(len(bench.repeat_evemu(recording, 2)), 1 + 2 * 5)

    def test_a_recording_without_events_is_refused(self):
        with self.assertRaises(ValueError):
            bench.repeat_evemu(["# EVEMU 1.3\n"], 10)


class BenchmarkArgumentTests(unittest.TestCase):
    def test_a_target_regex_selects_every_suite_whose_name_contains_a_match(self):
        self.assertEqual(bench.benchmark_arguments(["--target", "Trace"]), ["--target", ".*(?:Trace).*"])

    def test_an_alternation_stays_whole_inside_the_group(self):
        self.assertEqual(bench.benchmark_arguments(["--filter", "Decode|Dispatch.allSeven"]),
                         ["--filter", ".*(?:Decode|Dispatch.allSeven).*"])

    def test_the_option_and_its_value_may_be_joined_by_an_equals_sign(self):
        self.assertEqual(bench.benchmark_arguments(["--skip-target=Import", "--skip=mixed"]),
                         ["--skip-target", ".*(?:Import).*", "--skip", ".*(?:mixed).*"])

    def test_other_arguments_pass_unchanged(self):
        self.assertEqual(bench.benchmark_arguments(["--no-progress", "--format", "influx"]),
                         ["--no-progress", "--format", "influx"])

    def test_a_regex_option_without_a_value_is_refused(self):
        with self.assertRaises(ValueError):
            bench.benchmark_arguments(["--filter"])

    def test_the_wrapped_regex_still_matches_the_whole_name_only_where_the_original_occurs(self):
        import re
        wrapped = bench.benchmark_arguments(["--target", "Trace"])[1]
        self.assertTrue(re.fullmatch(wrapped, "TraceBenchmarks"))
        self.assertFalse(re.fullmatch(wrapped, "EngineBenchmarks"))
        exact = bench.benchmark_arguments(["--filter", "^Decode$"])[1]
        self.assertTrue(re.fullmatch(exact, "Decode"))
        self.assertFalse(re.fullmatch(exact, "Decode.mixed"))


class VerifyJobsTests(unittest.TestCase):
    def test_thread_cpu_ticks_are_user_plus_system_counted_after_the_command_name(self):
        line = "4242 (touchstone (x) y) R 1 2 3 4 5 6 7 8 9 10 150 25 0 0 20 0 3 0"
        self.assertEqual(bench.stat_cpu_ticks(line), 175)

    def test_the_ratio_is_the_median_wall_clock_of_one_job_over_two(self):
        runs = {1: [(10.0, 2.0, {1: 2.0}), (12.0, 2.0, {1: 2.0}), (11.0, 2.0, {1: 2.0})],
                2: [(6.0, 2.0, {1: 1.0, 2: 1.0}), (5.0, 2.0, {1: 1.0, 2: 1.0}), (9.0, 2.0, {1: 1.1, 2: 0.9})]}
        lines = bench.compare_jobs(runs)
        self.assertIn("1.83x faster", lines[-1])
        self.assertIn("meets", lines[-1])
        self.assertIn("1.10 + 0.90", lines[2])


class CommandLineTests(unittest.TestCase):
    def test_an_unknown_command_or_a_wrong_argument_count_prints_the_usage_and_exits_2(self):
        output = io.StringIO()
        with redirect_stdout(output):
            self.assertEqual(bench.main(["touchstone_bench.py", "frobnicate"]), 2)
            self.assertEqual(bench.main(["touchstone_bench.py", "check", "only-one"]), 2)
        self.assertIn("usage: touchstone_bench.py check THRESHOLDS MEASURED", output.getvalue())


if __name__ == "__main__":
    unittest.main()
