/// `text` as one word for `sh`: in single quotes, each `'` of it written `'\''`.
///
/// The quote is found among the text's Unicode scalars, not its Characters: a `'` followed
/// by a combining mark (one Character with it) is a quote to `sh` all the same.
///
/// ```swift
/// shellQuoted("it's")  // 'it'\''s'
/// ```
package func shellQuoted(_ text: String) -> String {
    var quoted = String.UnicodeScalarView()
    quoted.append("'")
    for scalar in text.unicodeScalars {
        if scalar == "'" { quoted.append(contentsOf: "'\\''".unicodeScalars) } else { quoted.append(scalar) }
    }
    quoted.append("'")
    return String(quoted)
}
