#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The hidden temporary files (`.NAME.XXXXXX.partial`) open at this moment, so that a command
/// stopped by a signal (Ctrl+C, `timeout`'s SIGTERM, a closed terminal's SIGHUP, a reader gone from
/// a pipe) removes them as it dies, as a failed one does: no half-written output left behind under
/// a name a retry never reuses.
///
/// `OutputFile` notes each hidden temporary in a `SignalSafeLines` table while it exists. Outputs
/// that wait to be made final together (`StagedOutputs`, a report's pages, any number of them) are
/// written into a staging folder instead, named `0`, `1`, … in the order they are created: the
/// folder is noted once, in a table of its own, with the number of files it has been given, so
/// the handler's work stays bounded however many wait. A program opts in to the removal with
/// `removeOnSignals()` (the `touchstone` command does; a library does not take signals over by
/// itself): its handler unlinks every noted file and every staging folder's files and the folder
/// (`open`, `unlinkat`, `rmdir` and `unlink` are safe in a signal handler, and it allocates
/// nothing), puts the signal's default action back and raises it again, so the process ends as the
/// signal would have ended it, with the same status.
enum TemporaryFiles {
    /// 64 temporaries at once (more are still removed on every other path, only not on a signal),
    /// each a path of up to 4 KiB (a longer one is not noted).
    static let noted = SignalSafeLines(count: 64, lineLimit: 4_096)

    /// 64 staging folders at once (`StagedOutputs` makes one per mount it writes to), each
    /// a path of up to 4 KiB, with the number of files each has been given in `stagedFiles`.
    static let stagingFolders = SignalSafeLines(count: 64, lineLimit: 4_096)
    nonisolated(unsafe) private static let stagedFiles: UnsafeMutablePointer<Int> = {
        let files = UnsafeMutablePointer<Int>.allocate(capacity: stagingFolders.count)
        files.initialize(repeating: 0, count: stagingFolders.count)
        return files
    }()

    /// 64 folders made for outputs at once (`OutputFile.createFolders`: a corpus's folder, a
    /// report's and its pages' folders), each a path of up to 4 KiB: the handler removes those
    /// that are empty once the temporaries are gone, so that a command stopped by a signal leaves
    /// no folder where there was none, as a failed one does not. A folder that holds anything is
    /// never removed (`rmdir`).
    static let createdFolders = SignalSafeLines(count: 64, lineLimit: 4_096)

    /// Notes the folder `path`, just made (with the signals held, `withSignalsHeld`).
    static func noteCreatedFolder(_ path: String) {
        guard let line = createdFolders.claim() else { return }
        if !createdFolders.set(line, path, whole: true) { createdFolders.release(line) }
    }

    /// Forgets the folder `path` noted by `noteCreatedFolder`: removed, or kept with what was
    /// written into it.
    static func forgetCreatedFolder(_ path: String) {
        for line in 0..<createdFolders.count {
            guard let text = createdFolders.text(ofLine: line),
                  path.withCString({ strcmp($0, UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self)) }) == 0 else { continue }
            createdFolders.release(line)
            return
        }
    }

    /// Notes the staging folder `path`, holding no file yet; the line to pass to `staged` and
    /// `forgetFolder`, or nil when it could not be noted.
    static func noteFolder(_ path: String) -> Int? {
        guard let line = stagingFolders.claim() else { return nil }
        stagedFiles[line] = 0
        guard stagingFolders.set(line, path, whole: true) else {
            stagingFolders.release(line)
            return nil
        }
        return line
    }

    /// The staging folder of `line` has been given `files` files (`0` to `files - 1`): said
    /// before the last of them is created, so that the handler never misses one.
    static func staged(_ line: Int, files: Int) {
        stagedFiles[line] = files
    }

    /// The staging folder of `line` is gone.
    static func forgetFolder(_ line: Int) {
        stagingFolders.release(line)
        stagedFiles[line] = 0
    }

    /// Removes the files `0` to `files - 1` of the staging folder at `path` (those already
    /// renamed away are not there), then the folder. Allocates nothing and calls only functions
    /// safe in a signal handler: the handler's way, and `StagedOutputs`'s outside it.
    static func removeStagingFolder(_ path: UnsafePointer<CChar>, files: Int) {
        removeStagingFolder(path, files: { files })
    }

    /// `removeStagingFolder(_:files:)` while other threads may still be staging into the folder
    /// (`verify --update`'s workers go on while the signal handler runs on one thread): `files()`
    /// is read again, and the files unlinked again, for as long as the folder is not empty, since
    /// a file created after the count was read keeps `rmdir` from removing it. A worker notes each
    /// file (`staged(_:files:)`) before creating it, so the count read last covers every file.
    static func removeStagingFolder(_ path: UnsafePointer<CChar>, files: () -> Int) {
        for _ in 0..<1_000 {
            unlinkStagedFiles(path, files: files())
            if rmdir(path) == 0 || errno != ENOTEMPTY { return }
        }
    }

    /// Unlinks the files `0` to `files - 1` of the staging folder at `path`.
    private static func unlinkStagedFiles(_ path: UnsafePointer<CChar>, files: Int) {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            // A file's name in decimal, written backwards from a NUL: 20 digits at most.
            var name: (UInt64, UInt64, UInt64) = (0, 0, 0)
            withUnsafeMutableBytes(of: &name) { buffer in
                guard let base = buffer.baseAddress else { return }
                let end = buffer.count - 1
                buffer[end] = 0
                for number in 0..<max(files, 0) {
                    var start = end
                    var rest = number
                    repeat {
                        start -= 1
                        buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                        rest /= 10
                    } while rest > 0
                    _ = unlinkat(folder, (base + start).assumingMemoryBound(to: CChar.self), 0)
                }
            }
            close(folder)
        }
    }

    /// Notes `path`; the line to pass to `forget`, or nil when it could not be noted.
    static func note(_ path: String) -> Int? {
        guard let line = noted.claim() else { return nil }
        guard noted.set(line, path, whole: true) else {
            noted.release(line)
            return nil
        }
        return line
    }

    /// Runs `body` with the stopping signals sent to the process held back (the faults cannot be),
    /// then lets any that came in through: a temporary file created and noted inside it is never
    /// created without being noted, so a signal between the two cannot leave it behind. A handler
    /// running meanwhile on another thread waits for `body` to end (`sections`); once a handler
    /// has begun, `body` is not run at all, and the calling thread waits for the process to end.
    static func withSignalsHeld<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var held = sigset_t()
        sigemptyset(&held)
        for signal in stoppingSignals where !isFault(signal) { sigaddset(&held, signal) }
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        guard sections.enter() else {
            // A handler on another thread is removing what is noted and will end the process.
            while true { sleep(60) }
        }
        defer { sections.leave() }
        return try body()
    }

    /// The threads inside `withSignalsHeld`, which the handler waits for (at most 10 seconds).
    static let sections = HeldSections()

    /// Whether a fault raises `signal`: holding it back would not stop the fault (a plain switch,
    /// which the handler can call: no global to initialise).
    private static func isFault(_ signal: Int32) -> Bool {
        switch signal {
        case SIGBUS, SIGSEGV, SIGILL, SIGTRAP, SIGFPE, SIGABRT: true
        default: false
        }
    }

    /// The file of `line` is gone (renamed onto its name, or removed).
    static func forget(_ line: Int) {
        noted.release(line)
    }

    /// The signals whose default action ends a command before it finishes: sent to it (Ctrl+C and
    /// Ctrl+\\, `timeout`, a closed terminal or pipe, `ulimit -t`, a stray alarm, profiling, I/O,
    /// power, user or real-time signal), or raised by a fault
    /// (a trace truncated under its memory map is SIGBUS; a trap, which only a programmer error
    /// reaches, SIGILL or SIGTRAP). SIGXFSZ is not among them: `touchstone` ignores it, so that a
    /// write past `ulimit -f` is an error naming the file. A fault's handler returns to the faulting
    /// instruction, which faults again under the default action.
    static let stoppingSignals: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGXCPU, SIGALRM, SIGVTALRM, SIGPROF, SIGUSR1, SIGUSR2,
        SIGIO, SIGPWR, SIGSTKFLT, SIGSYS, SIGBUS, SIGSEGV, SIGILL, SIGTRAP, SIGFPE, SIGABRT,
    ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())  // SIGRTMIN...SIGRTMAX, C macros

    /// Installs the handler for the stopping signals whose action is still the default (one the
    /// program or its parent chose to ignore stays ignored).
    static func removeOnSignals() {
        _ = (noted, stagingFolders, stagedFiles, createdFolders, sections, MappedFiles.noted)
        for signal in stoppingSignals where SignalAction.isDefault(signal) {
            if signal == SIGBUS {
                // With the faulting address: a trace cut short under its memory map is named.
                SignalAction.handleWithInfo(signal, with: removeTemporaryFilesAndStopAtFault)
            } else {
                SignalAction.handle(signal, with: removeTemporaryFilesAndStop)
            }
        }
    }

    /// The handler's work: every noted file unlinked and every staging folder removed with its
    /// files, then the signal's default action.
    fileprivate static func removeAllAndStop(_ signal: Int32, faultAddress: UInt? = nil) {
        // A fault may have stopped a thread inside a section, maybe this one: nothing to wait for.
        if !isFault(signal) { sections.close(waitingAtMost: 10) }
        noted.forEachLine { path, _ in
            path.withMemoryRebound(to: CChar.self, capacity: 1) { _ = unlink($0) }
        }
        for line in 0..<stagingFolders.count {
            guard let path = stagingFolders.text(ofLine: line) else { continue }
            path.withMemoryRebound(to: CChar.self, capacity: 1) { removeStagingFolder($0, files: { stagedFiles[line] }) }
        }
        // The folders made for the outputs, now empty: inner ones first, so a pass removes what
        // the pass before emptied, until one removes nothing.
        for _ in 0..<createdFolders.count {
            var removed = false
            for line in 0..<createdFolders.count {
                guard let path = createdFolders.text(ofLine: line) else { continue }
                if path.withMemoryRebound(to: CChar.self, capacity: 1, { rmdir($0) }) == 0 { removed = true }
            }
            if !removed { break }
        }
        // A trace cut short under its memory map: an error naming it and the offset read, status
        // 1, as for any file that cannot be read. Any other fault ends the process as the signal does.
        if let faultAddress, MappedFiles.reportFault(at: faultAddress) { _exit(1) }
        SignalAction.restoreDefault(signal)
        raise(signal)  // delivered when the handler returns: the process ends as the signal ends it
    }
}

/// A C function pointer for `sigaction`, so it captures nothing.
private func removeTemporaryFilesAndStop(_ signal: Int32) {
    TemporaryFiles.removeAllAndStop(signal)
}

/// The same for a fault, with the address it happened at (`SA_SIGINFO`).
private func removeTemporaryFilesAndStopAtFault(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    let address = info.map { UInt(bitPattern: $0.pointee._sifields._sigfault.si_addr) }
    TemporaryFiles.removeAllAndStop(signal, faultAddress: address)
}
