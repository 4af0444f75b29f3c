import TUIList

// tuilist-termcheck: draws a fixed canvas through NCursesTerminal, waits for "q", restores.
//
// Used by the end-to-end tests (Tests/TUIListE2ETests/NCursesTerminalE2ETests.swift), which run
// it in tmux and compare the screen with `TermCheck.canvas(...)` rendered headless. Exit codes:
// 0 after "q", 130 after Ctrl-C (a key: the terminal is raw), 3 after "!" (exit() without
// restoring: the atexit path), 1 when the terminal cannot be started (one line on standard
// error), 128 + n on signal n. "T" traps (a failed precondition, as an app's bug would) and
// "A" aborts: the crash handlers must restore the terminal before the process dies.
#if canImport(Glibc)
import Glibc
#endif

/// The fixed picture: plain text, CJK, emoji, combining marks, styles and a truncated line.
func checkCanvas(columns: Int, rows: Int) -> Canvas {
    var canvas = Canvas(width: columns, height: rows)
    canvas.draw("TUIList termcheck: press q to quit", x: 0, y: 0, style: Style(attributes: .bold))
    canvas.draw("CJK: 漢字かなカナ한국어", x: 0, y: 2, style: Style(foreground: .cyan))
    canvas.draw("Emoji: 🚀 ✅ 🎉 end", x: 0, y: 3, style: Style(foreground: .rgb(255, 128, 0)))
    canvas.draw("Combining: Cafe\u{301} n\u{303}", x: 0, y: 4)
    canvas.draw("Reverse", x: 0, y: 5, style: Style(attributes: .reverse))
    canvas.draw("Underline", x: 10, y: 5, style: Style(attributes: .underline))
    canvas.draw("Red on blue", x: 22, y: 5, style: Style(foreground: .red, background: .blue))
    canvas.draw("Truncated: " + String(repeating: "long text ", count: 20), x: 0, y: 6, maxWidth: 40)
    canvas.draw("Edge:", x: 0, y: 7)
    canvas.draw("漢字漢字", x: max(0, columns - 5), y: 7, truncation: .clip)
    canvas.draw("bottom line", x: 0, y: rows - 1, style: Style(attributes: .dim))
    return canvas
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--print" {
    // The expected screen, for tests: the same canvas through HeadlessTerminal,
    // `tuilist-termcheck --print COLUMNS ROWS`.
    let values = arguments.dropFirst().compactMap { Int($0) }
    let headless = HeadlessTerminal(columns: values.first ?? 80, rows: values.dropFirst().first ?? 24)
    headless.present(checkCanvas(columns: headless.size.columns, rows: headless.size.rows))
    for line in headless.lines { print(line) }
    exit(0)
}

let terminal: NCursesTerminal
do {
    terminal = try NCursesTerminal(mouse: arguments.contains("--mouse"))
} catch {
    let message = "tuilist-termcheck: \(error)\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(1)
}
terminal.present(checkCanvas(columns: terminal.size.columns, rows: terminal.size.rows))
while true {
    guard let event = terminal.nextEvent(timeout: nil) else {
        // The input hung up.
        terminal.restore()
        exit(1)
    }
    switch event {
    case .key(.character("q")):
        terminal.restore()
        exit(0)
    case .key(.control("c")):
        terminal.restore()
        exit(130)
    case .key(.character("T")):
        // An app's own bug: SIGILL (x86_64) or SIGTRAP (arm64) with the terminal in raw mode.
        precondition(getenv("TERMCHECK_NEVER_SET") != nil, "tuilist-termcheck: trapped on T, as a bug would")
    case .key(.character("A")):
        abort()
    case .key(.character("!")):
        // Exits without restoring, as a program that calls exit() mid-session: the atexit
        // handler NCursesTerminal installed must put the terminal back.
        exit(3)
    case .resize(let size):
        terminal.present(checkCanvas(columns: size.columns, rows: size.rows))
    case .key(let key):
        // Show the last key on line 9, so tests can check key decoding.
        var canvas = checkCanvas(columns: terminal.size.columns, rows: terminal.size.rows)
        canvas.draw("Key: \(key)", x: 0, y: 9)
        terminal.present(canvas)
    case .mouse(let mouse):
        var canvas = checkCanvas(columns: terminal.size.columns, rows: terminal.size.rows)
        canvas.draw("Mouse: \(mouse.button) \(mouse.kind) \(mouse.x),\(mouse.y)", x: 0, y: 9)
        terminal.present(canvas)
    case .paste(let text):
        var canvas = checkCanvas(columns: terminal.size.columns, rows: terminal.size.rows)
        canvas.draw("Paste: \(text.debugDescription)", x: 0, y: 9)
        terminal.present(canvas)
    }
}
