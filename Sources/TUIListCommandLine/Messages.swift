#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `text` to `descriptor`, again after a short write or an interrupted one;
/// stops at the first error (a closed pipe: the reader is gone). O(`text.utf8.count`).
///
/// - Parameters:
///   - text: what to write, as UTF-8.
///   - descriptor: an open file descriptor, e.g. `STDOUT_FILENO`.
package func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { writeAll($0, to: descriptor) }
}

/// Writes all of `bytes` to `descriptor`, as ``writeAll(_:to:)-(String,_)`` does.
/// O(`bytes.count`).
///
/// - Parameters:
///   - bytes: what to write.
///   - descriptor: an open file descriptor, e.g. `STDOUT_FILENO`.
package func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBufferPointer { writeAll($0, to: descriptor) }
}

/// Writes all of `buffer` to `descriptor`, stopping at the first error.
private func writeAll(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
    guard let base = buffer.baseAddress else { return }
    var done = 0
    while done < buffer.count {
        let n = write(descriptor, base + done, buffer.count - done)
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { break }
        done += n
    }
}

/// Prints `line` and a newline on standard error.
///
/// - Parameter line: one line of text.
package func printToStandardError(_ line: String) {
    writeAll(line + "\n", to: STDERR_FILENO)
}

/// Prints `prefix: message` as one line on standard error and exits with `status`.
///
/// - Parameters:
///   - message: the message, one line.
///   - prefix: the program and subcommand, e.g. `tuilist watch`.
///   - status: the exit status.
package func exitWithMessage(_ message: String, prefix: String, status: Int32) -> Never {
    printToStandardError("\(prefix): \(message)")
    exit(status)
}
