#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import CDirectIO

/// The one way Touchstone writes a file: whole or not at all.
///
/// A regular file (new or existing) is written to a fresh temporary name beside it
/// (`.NAME.XXXXXX.partial`) and renamed onto it by `commit()`; until then the old file is
/// untouched, and an output that is never committed (an error, a thrown write) is removed when the
/// value goes away. A path through a symbolic link replaces the file the link points at and keeps
/// the link. A device, FIFO or socket (`/dev/null`, `/dev/stdout` on a pipe) is written in place:
/// the node is never replaced. Every failure (`ENOSPC`, `EFBIG`, `EIO`, `/dev/full`) is thrown as
/// an `OutputFileError` naming the path; a write that fails is cut back, so the temporary file
/// always ends with the last write that succeeded whole.
///
/// A large write of whole, page-aligned blocks (a replay's log, `TraceReplay.flushThreshold` at a
/// time) skips the page cache (`O_DIRECT`) where the file system allows it: the disk takes the
/// bytes straight from the caller's memory, which costs the process far less than the kernel
/// copying them into freshly allocated cache pages. Any other write goes through the page cache.
///
/// A recorder's trace (`Partial.kept`) is written to `NAME.partial` instead and kept as far as it
/// was written when it is never committed (a write error, a crash), so that a session cut short
/// still leaves a readable file; only a `NAME.partial` that never received a byte is removed.
///
/// ```swift
/// let file = try OutputFile(path: "run.log", inputs: [tracePath])
/// try file.write(bytes)
/// try file.commit()
/// ```
///
/// Several files made final together, or none of them (a report's pages), however many: each is
/// written whole into a staging folder and closed (`StagedOutputs.stage(_:to:inputs:)`), and only
/// once every one is staged are they renamed into place, in order (`StagedOutputs.commit()`).
/// Until then every old file is as it was; outputs staged and never committed are removed.
///
/// - Warning: not thread-safe; one file belongs to one task.
public final class OutputFile {
    /// The path as the caller gave it, used in every message.
    public let path: String
    private var descriptor: Int32
    /// The temporary name, and the final name it is renamed to; nil when written in place.
    private let replacement: (temporary: String, final: String)?
    private let closesDescriptor: Bool
    private let partial: Partial
    private var state = State.open
    /// The hidden temporary's line in `TemporaryFiles` (removed if a signal stops the program).
    private var signalNote: Int?
    /// Bytes written by calls that succeeded whole.
    public private(set) var bytesWritten = 0

    private enum State { case open, failed, committed }

    /// Whether writes skip the page cache (`O_DIRECT`) at the moment.
    private var direct = Direct.off
    private enum Direct { case off, on, unsupported }
    /// Whether the last write skipped the page cache.
    var skipsPageCache: Bool { direct == .on }
    /// `O_DIRECT`, or 0 on a system without it.
    static let directFlag = touchstone_direct_io_flag

    /// The smallest write that skips the page cache: below it, waiting for the disk at every
    /// write would cost more than the copy it saves (docs/benchmarks.md, Session 17).
    public static let directMinimum = 1 << 18
    /// The address, size and file offset a write that skips the page cache needs to be a multiple
    /// of: a page, which covers every disk's logical block.
    public static let directAlignment = 4096

    /// A write goes past the page cache when it is a whole number of aligned blocks, at least
    /// `directMinimum` bytes, into a temporary file at an aligned offset.
    private func goesPastPageCache(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= OutputFile.directMinimum, replacement != nil, direct != .unsupported,
              OutputFile.directFlag != 0, let base = bytes.baseAddress else { return false }
        let alignment = OutputFile.directAlignment
        return Int(bitPattern: base) % alignment == 0 && bytes.count % alignment == 0 && bytesWritten % alignment == 0
    }

    /// Sets or clears `O_DIRECT` on the descriptor when it differs from `wanted`; a file system
    /// that refuses it is written through the page cache from then on.
    private func setDirect(_ wanted: Bool) {
        guard wanted != (direct == .on) else { return }
        let flags = fcntl(descriptor, F_GETFL)
        let changed = wanted ? flags | OutputFile.directFlag : flags & ~OutputFile.directFlag
        guard flags >= 0, fcntl(descriptor, F_SETFL, changed) == 0 else {
            direct = .unsupported
            return
        }
        direct = wanted ? .on : .off
    }

    /// Where a file is written before it is final, and what is left of it if it never is.
    public enum Partial: Sendable {
        /// `.NAME.XXXXXX.partial`, removed: a failed command leaves nothing behind.
        case hidden
        /// `NAME.partial`, kept as far as it was written; removed only if it received nothing.
        /// The output must be a regular file or a new name.
        case kept
    }

    /// Opens `path` for writing. Refuses, before anything is created, an output that is the same
    /// file as one of `inputs` (through symbolic and hard links) and a directory.
    public convenience init(path: String, inputs: [String] = [], partial: Partial = .hidden) throws(OutputFileError) {
        try self.init(path: path, inputs: inputs, partial: partial, staging: nil)
    }

    /// Opens `path` for writing, its temporary file a file of `staging`'s folder when it is
    /// given (`StagedOutputs`), else a hidden one beside it.
    init(path: String, inputs: [String], partial: Partial, staging: StagedOutputs?) throws(OutputFileError) {
        self.path = path
        self.partial = partial
        try OutputFile.refuseAliasing(path, inputs: inputs)
        if let closed = OutputFile.closedStandardDescriptor(reachedBy: path) {
            throw OutputFileError(path: path, reason: "is \(closed), which was closed when the command started: what is written there is lost; write to a file")
        }
        closesDescriptor = true
        var info = stat()
        let exists = stat(path, &info) == 0
        if !exists && errno != ENOENT { throw OutputFileError(path: path, errno: errno) }
        if !exists, let target = OutputFile.danglingLinkTarget(path) {
            // The output would replace the link with a file where an existing target is written
            // through it; as `cp` does, a link to nothing is not written through either.
            throw OutputFileError(
                path: path, reason: "is a symbolic link to \(target), which does not exist: not writing through it; create the file it names, or remove the link")
        }
        let type = info.st_mode & S_IFMT
        if exists && type == S_IFDIR { throw OutputFileError(path: path, reason: "is a directory") }
        // Only a regular file is replaced, so only its name is resolved: a pipe's has none
        // (/dev/stdout into `| less` resolves to pipe:[N], and realpath fails).
        let final = exists && type == S_IFREG ? try OutputFile.resolved(path) : path
        if partial == .kept {
            // NAME.partial is renamed onto NAME at the end: a device, FIFO or socket cannot be.
            if exists && type != S_IFREG {
                throw OutputFileError(path: path, reason: "is not a regular file; a trace is written to NAME.partial and renamed, so the output must be a regular file or a new name")
            }
            let temporary = final + ".partial"
            // Created, never reused: a NAME.partial already there is a recording cut short (its
            // only copy) or someone's file, and a link there would be written through.
            let fd = OutputFile.aboveStandardDescriptors(open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644))
            guard fd >= 0 else {
                let reason = errno == EEXIST
                    ? "already exists (a recording cut short keeps its events there): move it away, or convert it, before recording to \(path)"
                    : "cannot create: \(String(cString: strerror(errno)))"
                throw OutputFileError(path: temporary, reason: reason)
            }
            descriptor = fd
            replacement = (temporary, final)
            return
        }
        if exists && (type != S_IFREG || final.hasPrefix("/proc/")) {
            // A device, a FIFO, or a descriptor link (/dev/stdout redirected to a file): in place.
            descriptor = OutputFile.aboveStandardDescriptors(open(path, O_WRONLY | O_TRUNC | O_CLOEXEC))
            guard descriptor >= 0 else { throw OutputFileError(path: path, errno: errno) }
            replacement = nil
            return
        }
        let (temporary, fd, note) = try TemporaryFiles.withSignalsHeld { () throws(OutputFileError) in
            if let staging {
                // A file of a staging folder: the folder is noted for the signal handler, not each file.
                let (temporary, fd) = try staging.createFile(for: final, reportedAs: path)
                return (temporary, fd, nil as Int?)
            }
            let (temporary, fd) = try OutputFile.createTemporary(beside: final, reportedAs: path)
            return (temporary, fd, TemporaryFiles.note(temporary))
        }
        signalNote = note
        if exists { _ = fchmod(fd, info.st_mode & 0o7777) }
        descriptor = fd
        replacement = (temporary, final)
    }

    private init(descriptor: Int32, name: String) {
        path = name
        partial = .hidden
        self.descriptor = descriptor
        replacement = nil
        closesDescriptor = false
    }

    /// The output a command line names: standard output for `-` (`standardOutput(inputs:)`), else
    /// the file at `path` (`init(path:inputs:)`).
    public static func named(_ path: String, inputs: [String] = []) throws(OutputFileError) -> OutputFile {
        path == "-" ? try standardOutput(inputs: inputs) : try OutputFile(path: path, inputs: inputs)
    }

    /// Standard output for a command that reads `inputs`: refused when the shell redirected it onto
    /// one of them (`touchstone replay a.trace >> a.trace`, `1<>a.trace`), which writing would
    /// damage, as `-o` naming an input is.
    public static func standardOutput(inputs: [String]) throws(OutputFileError) -> OutputFile {
        var target = stat()
        if fstat(STDOUT_FILENO, &target) == 0, let input = input(among: inputs, sameFileAs: target) {
            throw OutputFileError(path: "standard output", reason: "is redirected onto the input \(input); write to another file")
        }
        return standardOutput()
    }

    /// Throws when `path` names the very file standard output is (same device and inode, so
    /// `/dev/stdout`, links and the name the shell redirected to are all caught), for a command that
    /// writes `path` and prints `what` on standard output as well: `verify --junit k.txt >> k.txt`
    /// would replace the report with the JUnit file, `--junit /dev/stdout | less` mix the two in
    /// one pipe. A device (`/dev/null`, a terminal) is never refused: nothing written there is
    /// lost. `-` is the caller's to handle. Call it before anything is written.
    public static func refuseStandardOutput(_ path: String, carrying what: String) throws(OutputFileError) {
        var output = stat()
        var target = stat()
        guard path != "-", fstat(STDOUT_FILENO, &output) == 0, stat(path, &target) == 0 else { return }
        let type = target.st_mode & S_IFMT
        guard type != S_IFCHR, type != S_IFBLK, target.st_dev == output.st_dev, target.st_ino == output.st_ino else { return }
        throw OutputFileError(
            path: path, reason: "is the file standard output goes to, which carries \(what); write to another file, or redirect standard output elsewhere")
    }

    /// Standard output, checked like any file: a full disk or `/dev/full` is an error, not a
    /// silent loss. Never closed.
    public static func standardOutput() -> OutputFile {
        OutputFile(descriptor: STDOUT_FILENO, name: "standard output")
    }

    deinit {
        if state != .committed { abandon() }
    }

    /// The temporary file being written (`NAME.partial` for a kept one), nil when written in place.
    public var temporaryPath: String? { replacement?.temporary }

    /// Appends `bytes`; a failure makes the output unusable and is thrown naming the file. A
    /// temporary file is cut back to what the earlier writes left, so no half write follows them.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
        guard state == .open else { throw OutputFileError(path: path, reason: "the output is already closed") }
        setDirect(goesPastPageCache(bytes))
        var rest = bytes
        while !rest.isEmpty {
            let written = Glibc.write(descriptor, rest.baseAddress, rest.count)
            if written < 0 {
                if errno == EINTR { continue }
                if direct == .on {
                    // The file system takes no direct writes (`EINVAL`, or whatever it says): the
                    // same bytes through the page cache, and no direct write again. A failure
                    // that is not about direct writes (`ENOSPC`) fails that write too.
                    setDirect(false)
                    direct = .unsupported
                    continue
                }
                let failure = errno
                state = .failed
                if replacement != nil { _ = ftruncate(descriptor, off_t(bytesWritten)) }
                throw OutputFileError(path: partial == .kept ? replacement?.temporary ?? path : path, errno: failure)
            }
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
        }
        bytesWritten += bytes.count
    }

    public func write(_ bytes: [UInt8]) throws(OutputFileError) {
        let failure = bytes.withUnsafeBytes { raw in Result { () throws(OutputFileError) in try write(raw) } }
        try failure.get()
    }

    public func write(_ text: String) throws(OutputFileError) {
        var text = text
        let failure = text.withUTF8 { utf8 in Result { () throws(OutputFileError) in try write(UnsafeRawBufferPointer(utf8)) } }
        try failure.get()
    }

    /// Makes the output final: syncs and renames a regular file onto its name (the old content
    /// stays until this succeeds), closes a device. Throws if anything failed on the way.
    public func commit() throws(OutputFileError) {
        guard state == .open else { throw OutputFileError(path: path, reason: "the output is already closed") }
        state = .failed
        if let (temporary, final) = replacement {
            guard fsync(descriptor) == 0 else { throw OutputFileError(path: path, errno: errno) }
            let closed = Glibc.close(descriptor)
            descriptor = -1
            guard closed == 0 else { throw OutputFileError(path: path, errno: errno) }
            guard rename(temporary, final) == 0 else { throw OutputFileError(path: path, errno: errno) }
            forgetTemporary()
        } else if closesDescriptor {
            let closed = Glibc.close(descriptor)
            descriptor = -1
            guard closed == 0 else { throw OutputFileError(path: path, errno: errno) }
        }
        state = .committed
    }

    /// Closes an output of a `StagedOutputs` without making it final: syncs and closes its
    /// temporary file and returns it with the name it is to be renamed onto, which the staging
    /// now owns; nil for a device, closed and final as written. The output cannot be written
    /// afterwards. Throws if anything failed on the way.
    func closeStaged() throws(OutputFileError) -> (temporary: String, final: String)? {
        guard state == .open else { throw OutputFileError(path: path, reason: "the output is already closed") }
        state = .failed
        if replacement != nil {
            guard fsync(descriptor) == 0 else { throw OutputFileError(path: path, errno: errno) }
        }
        if closesDescriptor {
            let closed = Glibc.close(descriptor)
            descriptor = -1
            guard closed == 0 else { throw OutputFileError(path: path, errno: errno) }
        }
        state = .committed
        return replacement
    }

    /// Closes without making the output final: a temporary file is removed (a kept one only if
    /// it received nothing), the target untouched.
    private func abandon() {
        if descriptor >= 0 && closesDescriptor { Glibc.close(descriptor) }
        descriptor = -1
        if let (temporary, _) = replacement, partial == .hidden || bytesWritten == 0 { unlink(temporary) }
        forgetTemporary()
    }

    private func forgetTemporary() {
        if let signalNote { TemporaryFiles.forget(signalNote) }
        signalNote = nil
    }

    /// Makes a signal that stops the program (SIGINT, SIGTERM, SIGHUP, SIGPIPE, each unless it is
    /// ignored) remove every hidden temporary file and every staging folder of `StagedOutputs`
    /// with what it holds first, then end the program as the signal would: a command cut short
    /// leaves no `.NAME.XXXXXX.partial` behind. For programs, such as
    /// `touchstone`, that may take these signals over; a recorder's kept `NAME.partial` is not
    /// touched.
    public static func removeTemporaryFilesOnSignals() {
        TemporaryFiles.removeOnSignals()
    }

    /// Writes `bytes` as the whole content of `path`, or leaves `path` as it was. `beforeCommit`
    /// runs when the bytes are written but not yet in place (a command's summary line): an error
    /// it throws leaves `path` as it was too.
    public static func write(
        _ bytes: [UInt8], to path: String, inputs: [String] = [], beforeCommit: () throws(OutputFileError) -> Void = {}
    ) throws(OutputFileError) {
        let file = try OutputFile(path: path, inputs: inputs)
        try file.write(bytes)
        try beforeCommit()
        try file.commit()
    }

    // MARK: - Paths

    /// The extension of the file `path` names, lowercased and without its dot: what follows the
    /// last dot of its last component (`out.SVG`: `svg`; `out.`: the empty string), nil when that
    /// name has none (`out`, `out.d/picture`). How a command reads the format its output's name
    /// asks for (`TraceFormat.forOutput(path:)`, the SVG and JSON outputs' check).
    public static func fileExtension(of path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return path[path.index(after: dot)...].lowercased()
    }

    /// Makes `path` a folder to write files into, creating it and the folders above it as needed
    /// (mode 0777 less the umask); an existing folder is used as it is. A path that is something
    /// else (a file, a device) is refused, naming it. Returns the folders it created, outermost
    /// first, for a caller that removes them again when what it meant to write there fails
    /// (`removeCreatedFolders`) or keeps them when it succeeds (`keepCreatedFolders`); until one of
    /// the two, a signal that stops the program removes them while they are empty (`TemporaryFiles`).
    @discardableResult
    public static func createFolders(_ path: String) throws(OutputFileError) -> [String] {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw OutputFileError(path: path, reason: "is not a folder") }
            return []
        }
        guard errno == ENOENT else { throw OutputFileError(path: path, errno: errno) }
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        var created: [String] = []
        if let slash = trimmed.lastIndex(of: "/"), slash != trimmed.startIndex {
            created = try createFolders(String(trimmed[..<slash]))
        }
        // Made and noted with the signals held: a command stopped by one removes it, empty.
        let made = TemporaryFiles.withSignalsHeld { () -> Bool in
            guard mkdir(trimmed, 0o777) == 0 else { return false }
            TemporaryFiles.noteCreatedFolder(trimmed)
            return true
        }
        if made { return created + [trimmed] }
        guard errno == EEXIST else {
            throw OutputFileError(path: path, reason: "cannot create the folder: \(String(cString: strerror(errno)))")
        }
        return created
    }

    /// What the symbolic link at `path` names when `path` is one (read with `readlink`), nil for
    /// anything else: for an output whose name leads nowhere.
    static func danglingLinkTarget(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { return "?" }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes the folders `createFolders` created (its result), innermost first, each only while
    /// it is empty: what a failed write leaves where there was nothing.
    public static func removeCreatedFolders(_ folders: [String]) {
        for folder in folders.reversed() {
            _ = rmdir(folder)
            TemporaryFiles.forgetCreatedFolder(folder)
        }
    }

    /// Keeps the folders `createFolders` created (its result), what was meant to be written there
    /// now written: a signal no longer removes them (until then it removes them, empty, as
    /// `removeCreatedFolders` does).
    public static func keepCreatedFolders(_ folders: [String]) {
        for folder in folders { TemporaryFiles.forgetCreatedFolder(folder) }
    }

    /// Throws when `output` exists as a regular file that is one of `inputs`: same device and
    /// inode, so symbolic links, hard links and `./x` spellings are all caught. A device output
    /// (`/dev/null`) is never an alias: it is not a file that could be lost.
    public static func refuseAliasing(_ output: String, inputs: [String]) throws(OutputFileError) {
        var target = stat()
        guard stat(output, &target) == 0, let input = input(among: inputs, sameFileAs: target) else { return }
        throw OutputFileError(
            path: output, reason: input == output ? "is also an input; write to another file"
                : "is the same file as the input \(input); write to another file")
    }

    /// The first of `inputs` that is the regular file `target` describes (same device and inode);
    /// nil when `target` is no regular file (a device is never an alias) or none is.
    private static func input(among inputs: [String], sameFileAs target: stat) -> String? {
        guard target.st_mode & S_IFMT == S_IFREG else { return nil }
        return inputs.first { input in
            var source = stat()
            return stat(input, &source) == 0 && source.st_dev == target.st_dev && source.st_ino == target.st_ino
        }
    }

    private static func resolved(_ path: String) throws(OutputFileError) -> String {
        guard let real = realpath(path, nil) else { throw OutputFileError(path: path, errno: errno) }
        defer { free(real) }
        return String(cString: real)
    }

    /// `descriptor` moved to 3 or above when it is standard input, output or error, which a
    /// process that closed them hands out next: an output on descriptor 1 would take whatever the
    /// program prints to standard output. A failure (-1, errno set) is passed on.
    static func aboveStandardDescriptors(_ descriptor: Int32) -> Int32 {
        guard descriptor >= 0 && descriptor <= STDERR_FILENO else { return descriptor }
        let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, STDERR_FILENO + 1)
        let saved = errno
        close(descriptor)
        errno = saved
        return moved
    }

    /// Makes standard input, output and error open if a parent closed them (`touchstone … >&-`):
    /// each closed one is opened so that using it fails as using a closed one does (standard
    /// output and error read-only, standard input write-only). A file the process opens then never
    /// takes their place, where a message meant for standard output or error would be written into
    /// it. Each becomes an empty file of its own (`touchstone_anonymous_file`, else `/dev/null`),
    /// which an output named through the descriptor (`-o /dev/stdout`, `/proc/self/fd/2`,
    /// `/dev/stdin`: standard input as `/dev/null` took the log the same way) is then known to
    /// reach and is refused
    /// (`closedStandardDescriptor(reachedBy:)`): opened by that name it took the writes, which
    /// were lost, and the command succeeded. Call once, first thing.
    public static func reserveStandardDescriptors() {
        for descriptor in STDIN_FILENO...STDERR_FILENO where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let flags = descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY
            let anonymous = touchstone_anonymous_file(flags)
            let opened = anonymous >= 0 ? anonymous : open("/dev/null", flags)
            // The lowest free descriptor: this one, as those below it are open by now.
            if opened >= 0 && opened != descriptor {
                _ = dup2(opened, descriptor)
                close(opened)
            }
            var info = stat()
            if anonymous >= 0 && fstat(descriptor, &info) == 0 {
                closedStandardDescriptors.withLock { $0.append((descriptor, UInt64(info.st_dev), UInt64(info.st_ino))) }
            }
        }
    }

    /// The standard descriptors `reserveStandardDescriptors` found closed and gave an empty file
    /// of their own, with that file's device and inode.
    private static let closedStandardDescriptors = Locked<[(descriptor: Int32, device: UInt64, inode: UInt64)]>([])

    /// The name of the closed standard descriptor that `path` reaches (`standard output` for
    /// `/dev/stdout` run with `>&-`, `standard input` for `/dev/stdin` with `<&-`), or nil.
    static func closedStandardDescriptor(reachedBy path: String) -> String? {
        var target = stat()
        guard stat(path, &target) == 0 else { return nil }
        let reached = closedStandardDescriptors.withLock { closed in
            closed.first { $0.device == UInt64(target.st_dev) && $0.inode == UInt64(target.st_ino) }?.descriptor
        }
        return reached.map { $0 == STDIN_FILENO ? "standard input" : $0 == STDOUT_FILENO ? "standard output" : "standard error" }
    }

    /// Creates `.NAME.XXXXXX.partial` beside `final` exclusively (mode 0666 less the umask).
    private static func createTemporary(
        beside final: String, reportedAs path: String
    ) throws(OutputFileError) -> (String, Int32) {
        try createHidden(beside: final, reportedAs: path) { temporary in
            aboveStandardDescriptors(open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666))
        }
    }

    /// Makes `.NAME.XXXXXX.partial` beside `final` with `create`, which makes the name given
    /// exclusively and returns a descriptor or 0, or -1 with `errno` set (`EEXIST`: another name is
    /// tried). NAME is shortened, at a character, where the 16 bytes added would take a legal name
    /// past the 255 bytes of a file name or the path past the 4,095 of a path.
    static func createHidden(
        beside final: String, reportedAs path: String, _ create: (String) -> Int32
    ) throws(OutputFileError) -> (String, Int32) {
        let slash = final.lastIndex(of: "/")
        let folder = slash.map { String(final[...$0]) } ?? ""
        var name = slash.map { String(final[final.index(after: $0)...]) } ?? final
        let room = min(255, 4_095 - folder.utf8.count) - 16
        if name.utf8.count > room {
            var kept = 0
            name = String(name.prefix { character in
                kept += character.utf8.count
                return kept <= room
            })
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
        for _ in 0..<100 {
            let suffix = String(decoding: (0..<6).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
            let temporary = "\(folder).\(name).\(suffix).partial"
            let fd = create(temporary)
            if fd >= 0 { return (temporary, fd) }
            if errno != EEXIST { throw OutputFileError(path: path, errno: errno) }
        }
        throw OutputFileError(path: path, reason: "cannot create a temporary file beside it")
    }
}

/// Outputs made final together or not at all, however many (a report's pages): each is written
/// whole and closed by `stage(_:to:inputs:)`, no descriptor kept, into a staging folder, and
/// `commit()` renames them onto their names in the order they were staged, only once every one is
/// written. Until then every old file is as it was; whatever is not committed (an error, `discard()`,
/// the value going away) is removed, the staging folder with it, and so is everything staged when
/// a signal stops the program (`OutputFile.removeTemporaryFilesOnSignals()`).
///
/// The staging folder (`.staged.XXXXXX.partial`, mode 0700) is made beside the first output staged,
/// and its files are named `0`, `1`, …, so the signal handler knows them all from the folder's
/// path and their number, whatever that number. A rename cannot cross file systems: an output
/// whose folder lies on another file system than the staging folder (a link to another disk)
/// gets a staging folder of its own there.
///
/// ```swift
/// let staged = StagedOutputs()
/// for (path, bytes) in pages { try staged.stage(bytes, to: path) }
/// try staged.commit()   // only once every page is written
/// ```
///
/// An output written piece by piece (a corpus of traces, each streamed) is opened with
/// `open(_:inputs:)`, written, and handed to `stage(_:)`.
///
/// An output that is a device (written in place, never renamed) is written and closed by `stage`.
///
/// - Warning: not thread-safe; one staging belongs to one task.
public final class StagedOutputs {
    /// A staging folder, on one mount of one file system.
    private struct Folder {
        let path: String
        let device: dev_t
        /// The mount it is on (`mountID(of:)`), nil where the system does not say.
        let mount: UInt64?
        /// Files given out so far, named `0` to `files - 1`.
        var files = 0
        /// Its line in `TemporaryFiles.stagingFolders`, nil when it could not be noted.
        let note: Int?
    }

    private var folders: [Folder] = []
    /// Each staged file, where it waits and the name it takes, with the path as the caller gave it.
    private var waiting: [(temporary: String, final: String, path: String)] = []
    /// The path each output given a file so far was given as, by the name it takes, its folder
    /// resolved (`takenName(_:parent:)`): two outputs that are one file in two spellings (a
    /// golden that is a link to another capture's golden) would be renamed onto it in turn, the
    /// second replacing the first.
    private var outputs: [String: String] = [:]
    private var committed = false

    public init() {}

    /// Where the staged outputs wait, one folder per mount of a file system.
    var stagingFolders: [String] { folders.map(\.path) }

    /// Writes `bytes` as the whole content of `path` and closes it, without making it final:
    /// `path` is as it was until `commit()`. Refuses, as `OutputFile(path:inputs:)` does, an
    /// output that is one of `inputs` or a directory.
    public func stage(_ bytes: [UInt8], to path: String, inputs: [String] = []) throws(OutputFileError) {
        let file = try open(path, inputs: inputs)
        try file.write(bytes)
        try stage(file)
    }

    /// Opens `path` for a caller that writes it piece by piece (a generated trace streamed through
    /// `TraceWriter(file:header:options:)`), its temporary file one of the staging folder's; hand
    /// it back to `stage(_:)` once it is written whole. Until `commit()` `path` is as it was, and an
    /// output opened and never staged is removed when it goes away. Refuses, as
    /// `OutputFile(path:inputs:)` does, an output that is one of `inputs` or a directory.
    public func open(_ path: String, inputs: [String] = []) throws(OutputFileError) -> OutputFile {
        guard !committed else { throw OutputFileError(path: path, reason: "the outputs are already committed") }
        return try OutputFile(path: path, inputs: inputs, partial: .hidden, staging: self)
    }

    /// Closes `file`, opened by `open(_:inputs:)` and written whole, and keeps it to be renamed
    /// onto its name by `commit()`, with every other output staged. The file cannot be written
    /// afterwards.
    public func stage(_ file: OutputFile) throws(OutputFileError) {
        guard !committed else { throw OutputFileError(path: file.path, reason: "the outputs are already committed") }
        if let (temporary, final) = try file.closeStaged() { waiting.append((temporary, final, file.path)) }
    }

    /// Creates the file the output `final` (reported as `path`) is written to: the next name of
    /// the staging folder on its file system, made beside it if there is none yet. Called with
    /// the stopping signals held (`TemporaryFiles.withSignalsHeld`): the file, and the folder, are
    /// noted for the handler before they exist.
    func createFile(for final: String, reportedAs path: String) throws(OutputFileError) -> (String, Int32) {
        let slash = final.lastIndex(of: "/")
        let parent = slash.map { $0 == final.startIndex ? "/" : String(final[..<$0]) } ?? "."
        var info = stat()
        guard stat(parent, &info) == 0 else { throw OutputFileError(path: path, errno: errno) }
        let name = Self.takenName(final, parent: parent)
        if let earlier = outputs[name] {
            throw OutputFileError(
                path: path, reason: "is the same file as \(earlier), which this command writes too: two outputs cannot be one file; make them two files")
        }
        let index: Int
        // Two mounts of one file system (a bind mount) share its device number, and a rename
        // from one to the other fails (EXDEV): a folder is shared by the outputs of one mount.
        let mount = Self.mountID(of: parent)
        if let found = folders.firstIndex(where: { $0.device == info.st_dev && $0.mount == mount }) {
            index = found
        } else {
            let (folder, _) = try OutputFile.createHidden(beside: (slash.map { String(final[...$0]) } ?? "") + "staged", reportedAs: path) {
                mkdir($0, 0o700)
            }
            folders.append(Folder(path: folder, device: info.st_dev, mount: mount, note: TemporaryFiles.noteFolder(folder)))
            index = folders.count - 1
        }
        let number = folders[index].files
        folders[index].files += 1
        if let note = folders[index].note { TemporaryFiles.staged(note, files: folders[index].files) }
        let temporary = folders[index].path + "/\(number)"
        let fd = OutputFile.aboveStandardDescriptors(Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666))
        guard fd >= 0 else { throw OutputFileError(path: path, errno: errno) }
        outputs[name] = path
        return (temporary, fd)
    }

    /// The name `final` takes, in its folder `parent` resolved: the same for every spelling of one
    /// file (an existing file's `final` is resolved already; a new one's folder may be reached
    /// through links or `..`).
    private static func takenName(_ final: String, parent: String) -> String {
        let name = final.lastIndex(of: "/").map { String(final[final.index(after: $0)...]) } ?? final
        guard let real = realpath(parent, nil) else { return final }
        defer { free(real) }
        let folder = String(cString: real)
        return (folder == "/" ? "" : folder) + "/" + name
    }

    /// The mount `path` is on (statx's `STATX_MNT_ID`, Linux 5.8 on), or nil where the system
    /// does not say: the outputs of one file system then share a folder, as they did before.
    static func mountID(of path: String) -> UInt64? {
        var id: UInt64 = 0
        return touchstone_mount_id(path, &id) == 0 ? id : nil
    }

    /// Renames every staged output onto its name, in the order they were staged, then removes
    /// the staging folders: from here the new contents are the files'. A rename fails only if a
    /// folder changed under the program (or, where the system does not tell mounts apart, two
    /// mounts of one file system are crossed); the outputs renamed before it are then the new
    /// ones, and the rest are removed with the staging folders.
    public func commit() throws(OutputFileError) {
        guard !committed else { throw OutputFileError(path: "staged outputs", reason: "already committed") }
        committed = true
        defer { discard() }
        // A signal's handler waits for the renames to end: the outputs take their names all or none.
        try TemporaryFiles.withSignalsHeld { () throws(OutputFileError) in
            for (temporary, final, path) in waiting {
                guard rename(temporary, final) == 0 else { throw OutputFileError(path: path, errno: errno) }
            }
        }
        // Every file is renamed away: only the empty folders are left to remove.
        for index in folders.indices { folders[index].files = 0 }
    }

    /// Removes every output staged and not committed, and the staging folders: each old file is
    /// as it was. Done when the value goes away too.
    public func discard() {
        for folder in folders {
            folder.path.withCString { TemporaryFiles.removeStagingFolder($0, files: folder.files) }
            if let note = folder.note { TemporaryFiles.forgetFolder(note) }
        }
        folders.removeAll()
        waiting.removeAll()
    }

    deinit {
        discard()
    }
}

/// A file that could not be written, named as the user gave it, with the system's reason.
public struct OutputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    init(path: String, errno code: Int32) {
        self.init(path: path, reason: String(cString: strerror(code)))
    }

    public var description: String { "\(path): cannot write the file (\(reason))" }
}
