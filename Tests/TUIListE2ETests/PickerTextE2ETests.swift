import Foundation
import TUIList
import Testing

/// Text by grapheme cluster and lines by ``LineSplitter`` in a real terminal, beside fzf on the
/// same input and screen (issue 38, item 4): an emoji ZWJ sequence and a flag drawn whole, a
/// preview that prints CRLF shown one line per line, a `--read0` item that holds a newline.
/// Beside the pinned reference fzf (``ReferenceTools``).
@Suite(
    "tuilist picker's text beside fzf in tmux",
    .enabled(if: TmuxSession.isAvailable, "needs tmux"),
    .needsReferenceFzf)
struct PickerTextE2ETests {
    let tuilist: String

    init() throws {
        tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
    }

    /// The screens of fzf and of this picker run with `arguments` on what `producer` prints, once
    /// `ready` holds for each (lines made comparable: see ``PickerScreenE2ETests/comparable(_:fromFzf:)``).
    private func screens(
        _ producer: String, _ arguments: String, until ready: @escaping ([String]) -> Bool
    ) throws -> (
        fzf: [String], ours: [String]
    ) {
        let fzf = try ReferenceTools.requireFzf()
        var screens: [[String]] = []
        for (program, fromFzf) in [(fzf, true), (tuilist, false)] {
            let session = try TmuxSession.start(
                width: 50, height: fromFzf ? 10 : 11,
                command:
                    "\(producer) | FZF_DEFAULT_OPTS= TERM=tmux-256color \(program.shellQuoted) --reverse --info=default \(arguments); sleep 60"
            )
            defer { session.kill() }
            let screen = try session.waitUntil("\(program): the list and what it waits for", timeout: 20) {
                ready($0.map { PickerScreenE2ETests.comparable($0, fromFzf: fromFzf) })
            }
            screens.append(screen.map { PickerScreenE2ETests.comparable($0, fromFzf: fromFzf) })
        }
        return (screens[0], screens[1])
    }

    /// `👨‍👩‍👧 family` and `🇫🇷 flag` drawn whole, as fzf draws them: the same rows. (The
    /// ncurses backend gave ncurses the first emoji only: `👨 family`.)
    @Test func anEmojiZWJSequenceAndAFlagAreDrawnWhole() throws {
        let (fzf, ours) = try screens("printf 'plain\\n👨‍👩‍👧 family\\n🇫🇷 flag\\n'", "") { screen in
            screen.contains { $0.contains("family") } && screen.contains { $0.contains("flag") }
        }
        for word in ["family", "flag"] {
            let theirs = fzf.first { $0.contains(word) }
            #expect(
                ours.first { $0.contains(word) } == theirs,
                "fzf:\n\(fzf.joined(separator: "\n"))\nours:\n\(ours.joined(separator: "\n"))")
        }
        #expect(ours.contains(" 👨‍👩‍👧 family") && ours.contains(" 🇫🇷 flag"), "\(ours.joined(separator: "\n"))")
    }

    /// A preview that prints `one\r\ntwo\r\n` shows `one` above `two` in both (it was drawn
    /// `onetwo`: "\r\n" is one Character, so splitting the String at "\n" missed it).
    @Test func aCRLFPreviewIsOneLinePerLine() throws {
        let (fzf, ours) = try screens("printf 'item\\n'", "--preview \("printf 'one\\r\\ntwo\\r\\n'".shellQuoted)") { screen in
            screen.contains { $0.contains("two") }
        }
        for (name, screen) in [("fzf", fzf), ("ours", ours)] {
            let one = screen.firstIndex { $0.hasSuffix(" one") || $0.contains(" one ") }
            let two = screen.firstIndex { $0.hasSuffix(" two") || $0.contains(" two ") }
            #expect(one != nil && two == one.map { $0 + 1 }, "\(name):\n\(screen.joined(separator: "\n"))")
            #expect(!screen.contains { $0.contains("onetwo") })
        }
    }

    /// A `--read0` item with a newline is drawn on two lines, as fzf 0.74 draws a multi-line
    /// item (it was drawn `cd`: the newline skipped as a control character); the CR of a CRLF
    /// in it ends its line as `␍`.
    @Test(arguments: [("c\\nd", " c"), ("c\\r\\nd", " c␍")])
    func aRead0ItemWithANewlineIsDrawnAsFzfDrawsIt(item: String, firstLine: String) throws {
        let (fzf, ours) = try screens("printf '\(item)\\0e\\0'", "--read0") { screen in
            screen.contains { $0.hasSuffix(" e") }
        }
        let items = { (screen: [String]) in Array(screen.drop { !$0.contains("2/2") }.dropFirst().prefix(3)) }
        #expect(items(fzf) == [firstLine, " d", " e"], "fzf 0.74 draws a multi-line item: \(fzf.joined(separator: "\n"))")
        #expect(items(ours) == items(fzf), "ours:\n\(ours.joined(separator: "\n"))")
    }

    /// Lines read with CRLF keep their CR, drawn `␍`, and a lone CR ends no line, in the list
    /// and in `--header`: the same rows as fzf's.
    @Test func crlfLinesAndHeaderKeepTheirCarriageReturnsAsFzfs() throws {
        let (fzf, ours) = try screens("printf 'ab\\r\\ncd\\rXY\\n'", "--header \"$(printf 'h1\\r\\nh2\\n')\"") { screen in
            screen.contains { $0.contains("XY") } && screen.contains { $0.contains("h2") }
        }
        for text in ["ab", "XY", "h1", "h2"] {
            #expect(
                ours.first { $0.contains(text) } == fzf.first { $0.contains(text) },
                "\(text)\nfzf:\n\(fzf.joined(separator: "\n"))\nours:\n\(ours.joined(separator: "\n"))")
        }
        #expect(fzf.contains(" cd␍XY") && fzf.contains(" h1␍"), "\(fzf.joined(separator: "\n"))")
    }
}
