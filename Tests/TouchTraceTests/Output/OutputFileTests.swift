#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing
@testable import TouchTrace

@Suite("OutputFile writes a file whole or not at all")
struct OutputFileTests {
    private func names(in dir: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    @Test("An output never committed leaves the old file byte-identical and no temporary beside it")
    func uncommittedLeavesOldFile() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("old.log")
        writeFileBytes(path, Array("precious\n".utf8))
        do {
            let file = try OutputFile(path: path)
            try file.write(Array("half a log".utf8))
        }
        #expect(readFileBytes(path) == Array("precious\n".utf8))
        #expect(try names(in: dir) == ["old.log"])
    }

    @Test("A committed output replaces the file's content and leaves no temporary beside it")
    func commitReplaces() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("out.log")
        writeFileBytes(path, Array("old content that is longer\n".utf8))
        try OutputFile.write(Array("new\n".utf8), to: path)
        #expect(readFileBytes(path) == Array("new\n".utf8))
        #expect(try names(in: dir) == ["out.log"])
    }

    @Test("A replaced file keeps its permission bits")
    func keepsMode() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("script.log")
        writeFileBytes(path, [])
        #expect(chmod(path, 0o640) == 0)
        try OutputFile.write([1, 2, 3], to: path)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o640)
    }

    @Test("A write to a full device throws an error naming the file")
    func fullDeviceThrows() throws {
        let file = try OutputFile(path: "/dev/full")
        #expect(throws: OutputFileError(path: "/dev/full", reason: String(cString: strerror(ENOSPC)))) {
            try file.write(Array(repeating: 0, count: 10))
        }
    }

    @Test("A device output is written in place and stays a device")
    func deviceInPlace() throws {
        try OutputFile.write(Array("discarded".utf8), to: "/dev/null")
        var info = stat()
        #expect(lstat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test("A FIFO output is written in place, never replaced by a regular file")
    func fifoInPlace() throws {
        let dir = TemporaryDirectory()
        let fifo = dir.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        try OutputFile.write(Array("through".utf8), to: fifo)
        var buffer = [UInt8](repeating: 0, count: 16)
        let got = read(reader, &buffer, buffer.count)
        #expect(got == 7 && Array(buffer[0..<7]) == Array("through".utf8))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("A path through a symbolic link replaces the file it points at and keeps the link")
    func symlinkKept() throws {
        let dir = TemporaryDirectory()
        #expect(mkdir(dir.file("real"), 0o700) == 0)
        writeFileBytes(dir.file("real/target.log"), Array("old".utf8))
        #expect(symlink("real/target.log", dir.file("link.log")) == 0)
        try OutputFile.write(Array("new".utf8), to: dir.file("link.log"))
        var info = stat()
        #expect(lstat(dir.file("link.log"), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(readFileBytes(dir.file("real/target.log")) == Array("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("real")) == ["target.log"])
    }

    @Test("An output that is an input through a hard link is refused before anything is written")
    func hardLinkAliasRefused() throws {
        let dir = TemporaryDirectory()
        writeFileBytes(dir.file("in.trace"), Array("trace".utf8))
        #expect(link(dir.file("in.trace"), dir.file("other.name")) == 0)
        #expect(throws: OutputFileError.self) {
            try OutputFile(path: dir.file("other.name"), inputs: [dir.file("in.trace")])
        }
        #expect(readFileBytes(dir.file("in.trace")) == Array("trace".utf8))
        #expect(try names(in: dir) == ["in.trace", "other.name"])
    }

    @Test("An output that is an input through a symbolic link is refused")
    func symlinkAliasRefused() throws {
        let dir = TemporaryDirectory()
        writeFileBytes(dir.file("in.trace"), Array("trace".utf8))
        #expect(symlink(dir.file("in.trace"), dir.file("alias.trace")) == 0)
        #expect(throws: OutputFileError.self) {
            try OutputFile(path: dir.file("alias.trace"), inputs: [dir.path + "/./in.trace"])
        }
    }

    @Test("A directory output is refused")
    func directoryRefused() throws {
        let dir = TemporaryDirectory()
        #expect(throws: OutputFileError(path: dir.path, reason: "is a directory")) { try OutputFile(path: dir.path) }
    }

    @Test("A kept output never reuses a NAME.partial already there, file or link: the file it names is unchanged")
    func keptPartialNeverReused() throws {
        let dir = TemporaryDirectory()
        writeFileBytes(dir.file("cut-short.trace.partial"), Array("an earlier recording".utf8))
        writeFileBytes(dir.file("precious.txt"), Array("precious".utf8))
        #expect(symlink(dir.file("precious.txt"), dir.file("linked.trace.partial")) == 0)
        for name in ["cut-short.trace", "linked.trace"] {
            #expect {
                try OutputFile(path: dir.file(name), partial: .kept)
            } throws: { error in
                (error as? OutputFileError)?.path == dir.file(name + ".partial") && "\(error)".contains("already exists")
            }
        }
        #expect(readFileBytes(dir.file("cut-short.trace.partial")) == Array("an earlier recording".utf8))
        #expect(readFileBytes(dir.file("precious.txt")) == Array("precious".utf8))
    }

    @Test("createFolders makes the missing folders of a path, takes an existing folder, and refuses anything else")
    func createFolders() throws {
        let dir = TemporaryDirectory()
        try OutputFile.createFolders(dir.file("a/b/c/"))
        try OutputFile.createFolders(dir.file("a/b"))
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: dir.file("a/b/c"), isDirectory: &isFolder) && isFolder.boolValue)
        writeFileBytes(dir.file("file"), Array("x".utf8))
        #expect(throws: OutputFileError(path: dir.file("file"), reason: "is not a folder")) { try OutputFile.createFolders(dir.file("file")) }
        #expect(throws: OutputFileError.self) { try OutputFile.createFolders(dir.file("file/under")) }
        #expect(throws: OutputFileError(path: "/dev/null", reason: "is not a folder")) { try OutputFile.createFolders("/dev/null") }
    }

    /// `count` bytes of a pattern at a page-aligned address, handed to `body`.
    private func alignedBytes(_ count: Int, seed: UInt8, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: count + 1, alignment: OutputFile.directAlignment)
        defer { memory.deallocate() }
        for i in 0...count { memory.storeBytes(of: UInt8(truncatingIfNeeded: i &* 31) &+ seed, toByteOffset: i, as: UInt8.self) }
        try body(UnsafeRawBufferPointer(start: memory, count: count + 1))
    }

    @Test("Whole aligned blocks, an unaligned block and a short tail make the file byte for byte, in order")
    func alignedBlocksAndTail() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("big.log")
        let block = OutputFile.directMinimum
        var expected: [UInt8] = []
        let file = try OutputFile(path: path)
        func write(_ bytes: UnsafeRawBufferPointer) throws {
            try file.write(bytes)
            expected += bytes
        }
        try alignedBytes(block, seed: 1) { try write(UnsafeRawBufferPointer(rebasing: $0.prefix(block))) }
        try alignedBytes(2 * block, seed: 2) { try write(UnsafeRawBufferPointer(rebasing: $0.prefix(2 * block))) }
        try alignedBytes(block, seed: 3) { try write(UnsafeRawBufferPointer(rebasing: $0.dropFirst())) }  // unaligned address
        try alignedBytes(1000, seed: 4) { try write(UnsafeRawBufferPointer(rebasing: $0.prefix(1000))) }
        try alignedBytes(block, seed: 5) { try write(UnsafeRawBufferPointer(rebasing: $0.prefix(block))) }  // unaligned offset
        try file.commit()
        #expect(readFileBytes(path) == expected)
    }

    @Test("A large write of whole page-aligned blocks skips the page cache; a short one then goes through it",
          .enabled(if: OutputFileTests.directWritesAllowed(), "the temporary folder's file system refuses O_DIRECT"))
    func largeAlignedBlocksSkipPageCache() throws {
        let dir = TemporaryDirectory()
        let file = try OutputFile(path: dir.file("big.log"))
        try alignedBytes(OutputFile.directMinimum, seed: 7) { bytes in
            try file.write(UnsafeRawBufferPointer(rebasing: bytes.prefix(OutputFile.directMinimum)))
            #expect(file.skipsPageCache)
            try file.write(UnsafeRawBufferPointer(rebasing: bytes.prefix(10)))
            #expect(!file.skipsPageCache)
        }
        try file.commit()
        #expect(readFileBytes(dir.file("big.log")).count == OutputFile.directMinimum + 10)
    }

    @Test("An output written in place (a device) never skips the page cache")
    func deviceNeverSkipsPageCache() throws {
        let file = try OutputFile(path: "/dev/null")
        try alignedBytes(OutputFile.directMinimum, seed: 9) { bytes in
            try file.write(UnsafeRawBufferPointer(rebasing: bytes.prefix(OutputFile.directMinimum)))
        }
        #expect(!file.skipsPageCache)
        try file.commit()
    }

    /// Whether the file system of the temporary folder takes `O_DIRECT`.
    static func directWritesAllowed() -> Bool {
        let dir = TemporaryDirectory()
        let fd = open(dir.file("probe"), O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let flags = fcntl(fd, F_GETFL)
        let direct = OutputFile.directFlag
        return direct != 0 && fcntl(fd, F_SETFL, flags | direct) == 0 && fcntl(fd, F_GETFL) & direct != 0
    }
}

/// Outputs written now and made final together later (a report's pages): all or nothing.
@Suite("StagedOutputs: written, closed, committed together later")
struct StagedOutputsTests {
    private func names(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// The files this process has open (other tests run beside this one, so only which files).
    private func openFiles() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
        })
    }

    @Test("Staged outputs wait in one staging folder, hold no descriptor and leave the old files as they were until they are committed")
    func stagedThenCommitted() throws {
        let dir = TemporaryDirectory()
        let paths = (0..<200).map { dir.file("page\($0).html") }
        for path in paths { writeFileBytes(path, Array("old\n".utf8)) }
        let staged = StagedOutputs()
        for path in paths { try staged.stage(Array("new\n".utf8), to: path) }
        let folder = try #require(staged.stagingFolders.first)
        #expect(staged.stagingFolders.count == 1)
        #expect(try names(in: folder) == (0..<200).map(String.init).sorted())
        #expect(try openFiles().isDisjoint(with: (0..<200).map { folder + "/\($0)" }))
        #expect(paths.allSatisfy { readFileBytes($0) == Array("old\n".utf8) })
        try staged.commit()
        #expect(paths.allSatisfy { readFileBytes($0) == Array("new\n".utf8) })
        #expect(try names(in: dir.path).count == 200)
        #expect(throws: OutputFileError.self) { try staged.commit() }
    }

    @Test("A staged output written piece by piece (open, writes, stage) takes its name with the others at commit, not before")
    func stagedPieceByPiece() throws {
        let dir = TemporaryDirectory()
        let paths = [dir.file("a.trace"), dir.file("b.trace")]
        for path in paths { writeFileBytes(path, Array("old\n".utf8)) }
        let staged = StagedOutputs()
        for path in paths {
            let file = try staged.open(path)
            try file.write("ne")
            try file.write("w\n")
            try staged.stage(file)
        }
        #expect(paths.allSatisfy { readFileBytes($0) == Array("old\n".utf8) })
        try staged.commit()
        #expect(paths.allSatisfy { readFileBytes($0) == Array("new\n".utf8) })
        #expect(try names(in: dir.path) == ["a.trace", "b.trace"])
    }

    @Test("A staged output that is an output already staged in another spelling (a link to it, its folder through ..) is refused naming the first, and the file is as it was",
          arguments: ["link", "sub/../b.log"])
    func stagedTwiceInTwoSpellings(second: String) throws {
        let dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: true)
        writeFileBytes(dir.file("b.log"), Array("old\n".utf8))
        try FileManager.default.createSymbolicLink(atPath: dir.file("link"), withDestinationPath: "b.log")
        let staged = StagedOutputs()
        try staged.stage(Array("first\n".utf8), to: dir.file("b.log"))
        #expect {
            try staged.stage(Array("second\n".utf8), to: dir.file(second))
        } throws: { error in
            (error as? OutputFileError)?.reason.hasPrefix("is the same file as \(dir.file("b.log")), which this command writes too") == true
        }
        staged.discard()
        #expect(readFileBytes(dir.file("b.log")) == Array("old\n".utf8))
    }

    @Test("Two new outputs in one folder reached in two spellings (sub/x and sub/../sub/x) are refused as one file")
    func stagedTwiceNew() throws {
        let dir = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.file("sub"), withIntermediateDirectories: true)
        let staged = StagedOutputs()
        try staged.stage(Array("first\n".utf8), to: dir.file("sub/x"))
        #expect(throws: OutputFileError.self) { try staged.stage(Array("second\n".utf8), to: dir.file("sub/../sub/x")) }
        staged.discard()
        #expect(!FileManager.default.fileExists(atPath: dir.file("sub/x")))
    }

    @Test("Staged outputs never committed are removed with their staging folder when discarded or gone, the old files as they were",
          arguments: [true, false])
    func stagedThenAbandoned(discarded: Bool) throws {
        let dir = TemporaryDirectory()
        writeFileBytes(dir.file("a.html"), Array("old a\n".utf8))
        do {
            let staged = StagedOutputs()
            try staged.stage(Array("new a\n".utf8), to: dir.file("a.html"))
            try staged.stage(Array("new b\n".utf8), to: dir.file("b.html"))
            #expect(try names(in: dir.path).count == 2)
            if discarded { staged.discard() }
        }
        #expect(try names(in: dir.path) == ["a.html"])
        #expect(readFileBytes(dir.file("a.html")) == Array("old a\n".utf8))
    }

    @Test("The staging folder is noted for the signal handler with the number of files it has been given, and forgotten once committed")
    func stagingFolderIsNoted() throws {
        let dir = TemporaryDirectory()
        func noted() -> [String] {
            var found: [String] = []
            TemporaryFiles.stagingFolders.forEachLine { start, length in
                found.append(String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self))
            }
            return found
        }
        let staged = StagedOutputs()
        for index in 0..<100 { try staged.stage(Array("\(index)".utf8), to: dir.file("p\(index)")) }
        let folder = try #require(staged.stagingFolders.first)
        #expect(noted().contains(folder))
        try staged.commit()
        #expect(!noted().contains(folder))
        #expect(!fileExists(folder))
    }

    @Test("The handler's removal takes every file of a staging folder by its number, those already renamed away included, then the folder")
    func handlerRemovalTakesEveryNumber() throws {
        let dir = TemporaryDirectory()
        let folder = dir.file("staging")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for index in 0..<150 where index % 7 != 3 { writeFileBytes(folder + "/\(index)", [0x41]) }
        folder.withCString { TemporaryFiles.removeStagingFolder($0, files: 150) }
        #expect(!fileExists(folder))
        #expect(try names(in: dir.path) == [])
    }

    @Test("The handler's removal takes a file staged by another thread after it read the count too, then the folder")
    func handlerRemovalTakesFilesStagedMeanwhile() throws {
        let dir = TemporaryDirectory()
        let folder = dir.file("staging")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for index in 0..<3 { writeFileBytes(folder + "/\(index)", [0x41]) }
        var reads = 0
        // A worker notes a fourth file and creates it just after the handler read the count of three.
        folder.withCString { path in
            TemporaryFiles.removeStagingFolder(path, files: {
                reads += 1
                if reads == 1 { writeFileBytes(folder + "/3", [0x42]) }
                return reads == 1 ? 3 : 4
            })
        }
        #expect(reads == 2)
        #expect(!fileExists(folder))
        #expect(try names(in: dir.path) == [])
    }

    @Test("An output on another file system than the first gets a staging folder there, and both are renamed into place",
          .enabled(if: Self.sharedMemoryIsAnotherFileSystem()))
    func otherFileSystem() throws {
        let here = TemporaryDirectory()
        var template = Array("/dev/shm/touchstone-staging-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        let there = String(cString: try #require(created))
        defer { try? FileManager.default.removeItem(atPath: there) }
        let staged = StagedOutputs()
        try staged.stage(Array("here\n".utf8), to: here.file("a.html"))
        try staged.stage(Array("there\n".utf8), to: there + "/b.html")
        #expect(staged.stagingFolders.count == 2)
        try staged.commit()
        #expect(readFileBytes(here.file("a.html")) == Array("here\n".utf8))
        #expect(readFileBytes(there + "/b.html") == Array("there\n".utf8))
        #expect(try names(in: here.path) == ["a.html"] && names(in: there) == ["b.html"])
    }

    @Test("An output on a bind mount of the first output's file system gets a staging folder there, and both are renamed into place",
          .enabled(if: geteuid() == 0))
    func bindMountOfOneFileSystem() throws {
        let here = TemporaryDirectory()
        let source = TemporaryDirectory()
        let there = here.file("mounted")
        try FileManager.default.createDirectory(atPath: there, withIntermediateDirectories: false)
        // Two mounts of one file system share its device number; a rename between them fails.
        guard mount(source.path, there, nil, UInt(MS_BIND), nil) == 0 else { return }
        defer { umount(there) }
        let staged = StagedOutputs()
        try staged.stage(Array("here\n".utf8), to: here.file("a.golden.log"))
        try staged.stage(Array("there\n".utf8), to: there + "/b.golden.log")
        #expect(staged.stagingFolders.count == 2)
        try staged.commit()
        #expect(readFileBytes(here.file("a.golden.log")) == Array("here\n".utf8))
        #expect(readFileBytes(source.file("b.golden.log")) == Array("there\n".utf8))
        #expect(try names(in: source.path) == ["b.golden.log"])
    }

    /// Whether /dev/shm is another file system than the temporary folders'.
    static func sharedMemoryIsAnotherFileSystem() -> Bool {
        var shm = stat(), tmp = stat()
        return stat("/dev/shm", &shm) == 0 && stat("/tmp", &tmp) == 0 && shm.st_dev != tmp.st_dev
    }

    @Test("createFolders returns the folders it created, outermost first, which removeCreatedFolders removes while empty")
    func createdFoldersAreRemoved() throws {
        let dir = TemporaryDirectory()
        try OutputFile.createFolders(dir.file("a"))
        let created = try OutputFile.createFolders(dir.file("a/b/c/"))
        #expect(created == [dir.file("a/b"), dir.file("a/b/c")])
        #expect(try OutputFile.createFolders(dir.file("a/b")) == [])
        writeFileBytes(dir.file("a/b/kept"), Array("x".utf8))
        OutputFile.removeCreatedFolders(created)
        #expect(!fileExists(dir.file("a/b/c")))
        #expect(fileExists(dir.file("a/b/kept")))
        try FileManager.default.removeItem(atPath: dir.file("a/b/kept"))
        OutputFile.removeCreatedFolders(created)
        #expect(try names(in: dir.path) == ["a"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("a")) == [])
    }
}
