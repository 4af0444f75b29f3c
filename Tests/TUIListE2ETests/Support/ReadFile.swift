#if canImport(Glibc)
import Glibc
#endif

/// A text file read with `open`/`read`. Foundation's `String(contentsOfFile:)` leaks its read
/// buffer on this toolchain (LeakSanitizer reports ~4 KB per call from `readBytesFromFile`),
/// and the end-to-end helpers read files thousands of times.
func readTextFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let n = read(fd, &chunk, chunk.count)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { return n == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
        bytes += chunk[0 ..< n]
    }
}
