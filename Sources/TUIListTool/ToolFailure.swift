/// A failure the `tuilist` tool reports as one line on standard error before exiting with
/// `status` (2 for bad input such as an unreadable file, by the usual Unix convention).
///
/// ```swift
/// throw ToolFailure("notes.txt: no such file", status: 2)
/// ```
package struct ToolFailure: Error, CustomStringConvertible, Equatable, Sendable {
    /// The message, one line, without the program name.
    package var message: String
    /// The exit status the tool ends with.
    package var status: Int32

    /// A failure with `message` (newlines are replaced by spaces, so it stays one line).
    package init(_ message: String, status: Int32 = 2) {
        self.message = message.map { $0.isNewline ? " " : $0 }.reduce(into: "") { $0.append($1) }
        self.status = status
    }

    /// The message.
    package var description: String { message }
}
