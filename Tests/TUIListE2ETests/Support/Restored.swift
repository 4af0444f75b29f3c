import Testing

/// Checks that `stty -a` output on the screen shows a terminal back in cooked mode: echo and
/// icanon on (not `-echo`, `-icanon`), icrnl back (ncurses' `nonl` undone), isig and ixon back
/// (raw mode undone).
func expectTerminalRestored(_ screen: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let words = Set(screen.joined(separator: " ").split(whereSeparator: { $0 == " " || $0 == ";" }).map(String.init))
    #expect(words.contains("icanon"), "icanon not restored:\n\(screen.joined(separator: "\n"))", sourceLocation: sourceLocation)
    #expect(words.contains("echo"), "echo not restored:\n\(screen.joined(separator: "\n"))", sourceLocation: sourceLocation)
    #expect(!words.contains("-icanon") && !words.contains("-echo"), sourceLocation: sourceLocation)
    #expect(words.contains("icrnl"), "nonl not undone", sourceLocation: sourceLocation)
    // Raw mode undone: signal keys and flow control back for the shell.
    #expect(words.contains("isig") && words.contains("ixon"), "raw mode not undone", sourceLocation: sourceLocation)
}
