/// `text` as one word for `sh`: in single quotes, each `'` of it written `'\''`.
///
/// ```swift
/// shellQuoted("it's")  // 'it'\''s'
/// ```
package func shellQuoted(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}
