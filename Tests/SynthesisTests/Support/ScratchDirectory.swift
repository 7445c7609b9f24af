#if canImport(Glibc)
import Glibc
#endif

/// A fresh directory under /tmp for one test, removed (with its plain files) when the value goes away.
final class ScratchDirectory {
    let path: String

    init() {
        var template = Array("/tmp/touchstone-synth-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit {
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
                if name != "." && name != ".." { unlink(path + "/" + name) }
            }
            closedir(directory)
        }
        rmdir(path)
    }

    func bytes(of name: String) -> [UInt8] {
        guard let file = fopen(file(name), "rb") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }
}
