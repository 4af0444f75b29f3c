import Testing

/// Checks that `stty -a` output on the screen shows a terminal back in cooked mode: echo and
/// icanon on (not `-echo`, `-icanon`), icrnl back (ncurses' `nonl` undone), isig and ixon back
/// (raw mode undone). A word the pane wrapped at its right edge counts too.
func expectTerminalRestored(_ screen: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    func words(_ text: String) -> Set<String> {
        Set(text.split(whereSeparator: { $0.isWhitespace || $0 == ";" }).map(String.init))
    }
    var all = words(screen.joined(separator: " "))
    for (line, next) in zip(screen, screen.dropFirst()) {
        // A word cut by the pane's edge: the end of one line and the start of the next.
        if let end = line.split(whereSeparator: \.isWhitespace).last,
            let start = next.split(whereSeparator: \.isWhitespace).first
        {
            all.insert(String(end + start))
        }
    }
    let shown = screen.joined(separator: "\n")
    for mode in ["icanon", "echo", "icrnl", "isig", "ixon"] {
        #expect(all.contains(mode), "\(mode) not restored:\n\(shown)", sourceLocation: sourceLocation)
    }
    #expect(!all.contains("-icanon") && !all.contains("-echo") && !all.contains("-isig"), sourceLocation: sourceLocation)
}
