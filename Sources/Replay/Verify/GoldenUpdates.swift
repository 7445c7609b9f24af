import TouchTrace

/// The goldens a `verify --update` run rewrites: each staged as its capture finishes, on whichever
/// worker replayed it, and all renamed into place together once the whole run has succeeded
/// (`commit`), or none of them (`discard`, also when the value goes away or a signal stops the
/// program). A run that fails (a capture that cannot be replayed, an output that cannot be
/// written, a stop) leaves every golden as it was.
final class GoldenUpdates: @unchecked Sendable {
    // `StagedOutputs` is not thread-safe: its folders and list change only under `lock`. The bytes
    // are written outside it, so workers write their goldens at the same time.
    private let lock = ConditionLock()
    private let staged = StagedOutputs()

    /// Writes `log` as the new content of the golden at `path`, which keeps its old content until
    /// `commit()`. Refuses a path that is one of `inputs` or a directory, as `OutputFile` does.
    func stage(_ log: [UInt8], to path: String, inputs: [String]) throws(OutputFileError) {
        let file = try locked { () throws(OutputFileError) in try staged.open(path, inputs: inputs) }
        try file.write(log)
        try locked { () throws(OutputFileError) in try staged.stage(file) }
    }

    /// Renames every staged golden onto its name (`StagedOutputs.commit()`).
    func commit() throws(OutputFileError) {
        try locked { () throws(OutputFileError) in try staged.commit() }
    }

    /// Removes every staged golden: each is as it was.
    func discard() {
        lock.withLock { staged.discard() }
    }

    private func locked<Value>(_ body: () throws(OutputFileError) -> Value) throws(OutputFileError) -> Value {
        try lock.withLock { Result(catching: body) }.get()
    }
}
