import Testing

@testable import TUIListTool

/// `shellQuoted` gives `sh` the text back as one word, whatever it holds.
@Suite struct ShellQuotingTests {
    @Test(arguments: [
        "plain", "it's", "'", "''", "", "a b\tc\nd", "$HOME `id` $(id) \\ \" ;|&", "x'\u{301};id;'", "é'\u{200D}'",
        "🏳️‍🌈'x",
    ])
    func shComesBackWithTheTextAsOneWord(text: String) {
        let run = ChildProcess.run(["/bin/sh", "-c", "printf %s " + shellQuoted(text)], timeout: 10)
        #expect(Array(run.output) == Array(text.utf8), "\(text.debugDescription) → \(shellQuoted(text))")
    }
}
