/// The two spellings of the canonical replay log (`docs/replay-log.md`).
public enum LogFormat: String, CaseIterable, Sendable {
    /// One aligned, human-readable line per record; what goldens store.
    case text
    /// One JSON object per line, for machines.
    case jsonl
}
