import Foundation
import Synchronization
import TUIList
import Testing

@testable import TUIListTool

@Suite struct PickerAppTests {
    @Test func linesShowAsTheyArriveInBatchesAndTheCountSaysWhenReadingEnds() throws {
        let picker = try PickerHarness()
        #expect(picker.rows.contains("no lines yet"), "\(picker.rows)")
        #expect(picker.rows[0].hasSuffix("0/0 reading…"), "\(picker.rows[0])")
        picker.feed(["alpha", "beta"])
        #expect(picker.listRows() == ["alpha", "beta"])
        #expect(picker.rows[0].hasSuffix("2/2 reading…"), "\(picker.rows[0])")
        picker.feed(["gamma"])
        #expect(picker.listRows() == ["alpha", "beta", "gamma"])
        #expect(picker.selectedRow == "alpha", "the first line is selected")
        picker.inbox.finish()
        picker.advance()
        #expect(picker.rows[0].hasSuffix("3/3"), "\(picker.rows[0])")
        let empty = try PickerHarness()
        empty.inbox.finish()
        empty.advance()
        #expect(empty.rows.contains("no input") && empty.rows[0].hasSuffix("0/0"), "\(empty.rows)")
        picker.inbox.finish(error: "Input/output error")
        picker.advance()
        #expect(picker.rows[0].hasSuffix("3/3 read error: Input/output error"), "\(picker.rows[0])")
    }

    /// fzf's rules: every word must match, accents are ignored, a lowercase word ignores case
    /// and an uppercase letter makes its word case-sensitive (smart case).
    @Test func typingFiltersByEveryWordIgnoringAccentsWithSmartCase() throws {
        let picker = try PickerHarness(lines: ["Café au lait", "cafe noir", "tea", "Noir Désir", "espresso"])
        picker.type("cafe")
        #expect(Set(picker.listRows()) == ["Café au lait", "cafe noir"])
        #expect(picker.rows[0].hasPrefix("> cafe ") && picker.rows[0].hasSuffix("2/5 reading…"), "\(picker.rows[0])")
        #expect(picker.cursorColumns == [6], "the cursor after the query")
        picker.type(" noir")
        #expect(picker.listRows() == ["cafe noir"])
        picker.press(.backspace, .backspace, .backspace, .backspace, .backspace)
        #expect(picker.app.query == "cafe")
        picker.press(.control("w"))  // erases the last word
        #expect(picker.app.query == "" && picker.listRows().count == 5)
        picker.type("desir")
        #expect(picker.listRows() == ["Noir Désir"])
        picker.press(.control("u"))  // erases the whole query
        #expect(picker.listRows() == ["Café au lait", "cafe noir", "tea", "Noir Désir", "espresso"])
        picker.type("Caf")
        #expect(picker.listRows() == ["Café au lait"], "an uppercase letter makes the word case-sensitive")
        picker.press(.control("u"))
        picker.type("xyz")
        #expect(picker.listRows() == ["no line matches"] && picker.rows[0].hasSuffix("0/5 reading…"), "\(picker.rows)")
    }

    /// The query is a line editor (the library's ``TextPrompt``): ← and a character insert
    /// mid-query, the list refilters, and the screen shows the cursor where it is.
    @Test func leftThenACharacterInsertsMidQueryAndTheListRefilters() throws {
        let picker = try PickerHarness(lines: ["cat", "cot", "coat", "dog"])
        picker.type("ct")
        #expect(Set(picker.listRows()) == ["cat", "cot", "coat"] && picker.rows[0].hasSuffix("3/4 reading…"))
        picker.press(.left)
        #expect(picker.cursorColumns == [3], "on the t: \(picker.cursorColumns)")
        picker.type("o")
        #expect(picker.app.query == "cot" && picker.app.prompt.cursor == 2)
        #expect(picker.listRows() == ["cot", "coat"], "\(picker.rows)")
        #expect(picker.rows[0].hasPrefix("> cot") && picker.rows[0].hasSuffix("2/4 reading…"), "\(picker.rows[0])")
        #expect(picker.cursorColumns == [4], "still on the t")
        // Ctrl-A and Ctrl-E jump to the ends of the query; Delete erases under the cursor.
        picker.press(.control("a"), .delete)
        #expect(picker.app.query == "ot" && Set(picker.listRows()) == ["cot", "coat"])
        picker.press(.control("e"), .backspace, .control("b"), .control("f"))
        #expect(picker.app.query == "o" && picker.app.prompt.cursor == 1 && picker.cursorColumns == [3])
        #expect(Set(picker.listRows()) == ["cot", "coat", "dog"])
    }

    /// A whole batch of editing keys is one search: thirty keys typed at once (a paste through
    /// a terminal without bracketed paste) search the index once, not thirty times.
    @Test func aBatchOfTypingIsSearchedOnce() throws {
        let picker = try PickerHarness(lines: ["alpha", "beta", "a long line of thirty characters!"])
        let before = picker.app.searchesStarted
        let thirty = "a long line of thirty characte"
        picker.type(thirty)
        #expect(picker.app.query == thirty && picker.listRows() == ["a long line of thirty characters!"])
        #expect(picker.app.searchesStarted == before + 1, "\(picker.app.searchesStarted - before) searches")
        // A move in the middle of a batch searches what was typed before it, once, first.
        picker.send([.key(.control("u")), .key(.character("b")), .key(.down), .key(.character("e"))])
        #expect(picker.app.searchesStarted == before + 3 && picker.app.query == "be")
    }

    /// Ctrl-W erases the word before the cursor (fzf's unix-word-rubout), Ctrl-U what is before
    /// the cursor.
    @Test func ctrlWErasesTheWordBeforeTheCursorAndCtrlUTheStart() throws {
        let picker = try PickerHarness(lines: ["alpha beta", "alpha", "beta"])
        picker.type("alpha beta")
        #expect(picker.listRows() == ["alpha beta"])
        picker.press(.control("w"))
        #expect(picker.app.query == "alpha " && Set(picker.listRows()) == ["alpha beta", "alpha"])
        picker.type("beta")
        picker.press(.left, .left, .left, .left, .left, .control("w"))
        #expect(picker.app.query == " beta" && picker.app.prompt.cursor == 0, "\(picker.app.query)")
        #expect(Set(picker.listRows()) == ["alpha beta", "beta"])
        picker.press(.control("e"), .left, .left, .control("u"))
        #expect(picker.app.query == "ta" && picker.app.prompt.cursor == 0 && Set(picker.listRows()) == ["alpha beta", "beta"])
    }

    /// A paste goes in at the cursor as one line (its line break a space), and is searched once
    /// with the keys of its batch.
    @Test func aPasteWithALineBreakIsOneLineAtTheCursorSearchedOnce() throws {
        let picker = try PickerHarness(lines: ["red apple", "green apple", "red cherry"])
        picker.type("apple")
        picker.press(.control("a"))
        let before = picker.app.searchesStarted
        picker.send([.paste("red\n"), .key(.character("x"))])
        #expect(picker.app.query == "red xapple" && picker.app.prompt.cursor == 5, "\(picker.app.query)")
        #expect(picker.app.searchesStarted == before + 1, "one search for the batch")
        #expect(picker.listRows() == ["no line matches"])
        picker.press(.backspace)
        #expect(picker.listRows() == ["red apple"])
    }

    /// The picker keeps its keys while the query has text: Enter chooses, Esc gives up, Ctrl-K
    /// moves up as in fzf; Home and End move the query's cursor, as in fzf.
    @Test func thePickersKeysStayItsOwnWhileEditing() throws {
        let picker = try PickerHarness(lines: ["apple one", "apple two", "apple three", "banana"])
        picker.type("ap")
        picker.press(.left)
        let rows = picker.listRows()
        #expect(rows.count == 3 && picker.selectedRow == rows[0], "\(rows)")
        picker.press(.end)
        #expect(picker.selectedRow == rows[0] && picker.app.prompt.cursor == 2)
        picker.press(.down, .down, .control("k"))
        #expect(picker.selectedRow == rows[1] && picker.app.query == "ap")
        picker.press(.home)
        #expect(picker.selectedRow == rows[1] && picker.app.prompt.cursor == 0)
        picker.press(.down, .enter)
        #expect(picker.app.chosen == [rows[2]] && picker.app.exitStatus == 0)

        let giveUp = try PickerHarness(lines: ["one", "two"])
        giveUp.type("tw")
        giveUp.press(.left, .escape, .character("x"))
        #expect(giveUp.program.isFinished && giveUp.app.exitStatus == 130 && giveUp.app.chosen.isEmpty)
        #expect(giveUp.app.query == "tw", "the key after Esc is not typed")
    }

    /// `--query` fills the prompt with the cursor at its end.
    @Test func theInitialQueryIsInThePromptWithTheCursorAtItsEnd() throws {
        let picker = try PickerHarness(.init(query: "ca"), lines: ["cat", "car", "cut"])
        #expect(picker.rows[0].hasPrefix("> ca ") && picker.cursorColumns == [4], "\(picker.rows[0])")
        picker.type("t")
        #expect(picker.app.query == "cat" && picker.listRows() == ["cat"])
    }

    /// A terminal of two lines (or `--height 2`) keeps the prompt and a row, as fzf does (the
    /// help bar goes first); one line keeps the prompt; a narrow one cuts them.
    @Test func aShortTerminalKeepsThePromptAndTheRows() throws {
        let two = try PickerHarness(lines: ["alpha", "beta"], columns: 30, rows: 2)
        #expect(two.rows[0].hasPrefix(">") && two.rows[0].contains("2/2") && two.rows[1].hasPrefix("alpha "), "\(two.rows)")
        let one = try PickerHarness(lines: ["alpha"], columns: 30, rows: 1)
        #expect(one.rows.count == 1 && one.rows[0].hasPrefix(">"), "\(one.rows)")
        let narrow = try PickerHarness(lines: ["alpha"], columns: 6, rows: 3)
        #expect(narrow.rows[0].hasPrefix(">") && narrow.rows[1] == "alp…", "\(narrow.rows)")
    }

    /// The count stays on the right while the query and its cursor fit beside it; a longer
    /// query takes the line, scrolled so the cursor shows.
    @Test func aLongQueryTakesTheLineAndScrollsToItsCursor() throws {
        let picker = try PickerHarness(lines: ["x"], columns: 30)
        picker.type("abcdefghijklm")
        #expect(picker.rows[0] == "> abcdefghijklm  0/1 reading…", "\(picker.rows[0])")
        picker.type("n")
        #expect(picker.rows[0] == "> abcdefghijklmn", "the count gives way: \(picker.rows[0])")
        picker.type("opqrstuvwxyz0123456789")
        #expect(picker.terminal.lines[0] == "> " + picker.app.query.suffix(27) + " ", "\(picker.terminal.lines[0])")
        #expect(picker.cursorColumns == [29])
        picker.press(.control("a"))
        #expect(picker.rows[0].hasPrefix("> abcdefgh") && picker.cursorColumns == [2], "\(picker.rows[0])")
    }

    @Test func linesArrivingWhileFilteredJoinOnlyWhenTheyMatch() throws {
        let picker = try PickerHarness(lines: ["apple", "banana"])
        picker.type("an")
        #expect(picker.listRows() == ["banana"])
        picker.feed(["cherry", "mango", "orange"])
        #expect(Set(picker.listRows()) == ["banana", "mango", "orange"])
        #expect(picker.rows[0].hasSuffix("3/5 reading…"), "\(picker.rows[0])")
        // Narrowing after the new lines still finds them.
        picker.type("g")
        #expect(Set(picker.listRows()) == ["mango", "orange"])
    }

    @Test func movingSelectsAndEnterChoosesTheSelectedLine() throws {
        let picker = try PickerHarness(lines: ["one", "two", "three", "four"])
        picker.press(.down, .down)
        #expect(picker.selectedRow == "three")
        picker.press(.up)
        #expect(picker.selectedRow == "two")
        picker.press(.control("n"), .control("n"))
        #expect(picker.selectedRow == "four")
        picker.press(.control("p"))
        #expect(picker.selectedRow == "three")
        picker.press(.pageUp)
        #expect(picker.selectedRow == "one")
        picker.press(.pageDown)
        #expect(picker.selectedRow == "four")
        picker.press(.up, .enter)
        #expect(picker.program.isFinished)
        #expect(picker.app.chosen == ["three"] && picker.app.exitStatus == 0)
    }

    @Test func enterChoosesAmongTheMatchesAndWithNoneExitsOne() throws {
        let picker = try PickerHarness(lines: ["red", "green", "blue", "grey"])
        picker.type("gre")
        // Equal scores: the shorter line ranks first, and the best match is selected.
        #expect(picker.listRows() == ["grey", "green"])
        #expect(picker.selectedRow == "grey", "the best match is selected")
        picker.press(.down, .enter)
        #expect(picker.app.chosen == ["green"] && picker.app.exitStatus == 0)

        let none = try PickerHarness(lines: ["red"])
        none.type("zzz")
        none.press(.enter)
        #expect(none.program.isFinished && none.app.exitStatus == 1 && none.app.chosen.isEmpty)
    }

    @Test(arguments: [Key.escape, .control("c"), .control("g")])
    func escapeAndCtrlCGiveUpWithNothingChosen(key: Key) throws {
        let picker = try PickerHarness(lines: ["one", "two"])
        picker.press(.down, key, .enter)  // the Enter after giving up is not taken
        #expect(picker.program.isFinished)
        // Ctrl-C ends the program before the picker sees it (the default for every app).
        #expect(picker.program.exitStatus == 130 && picker.app.chosen.isEmpty)
    }

    @Test func tabMarksSeveralAndEnterChoosesThemInTheOrderMarked() throws {
        let picker = try PickerHarness(.init(multi: true), lines: ["a1", "b2", "c3", "d4"])
        #expect(picker.rows.last!.contains("Tab mark"))
        picker.press(.down, .down, .tab)  // marks c3, moves to d4
        #expect(picker.selectedRow?.hasSuffix("d4") == true, "\(picker.rows)")
        picker.press(.pageUp, .tab)  // marks a1, moves to b2
        #expect(picker.app.marked == ["c3", "a1"])
        #expect(picker.rows[0].contains("4/4 (2 marked)"), "\(picker.rows[0])")
        picker.press(.tab, .up, .tab)  // marks b2, then unmarks it
        #expect(picker.app.marked == ["c3", "a1"])
        picker.press(.enter)
        // fzf 0.74 prints marked lines in the order they were marked (`3` then `1` for Tab on 3, then 1).
        #expect(picker.app.chosen == ["c3", "a1"] && picker.app.exitStatus == 0)
    }

    @Test func withoutMultiTabMarksNothing() throws {
        let picker = try PickerHarness(lines: ["a", "b"])
        picker.press(.tab, .enter)
        #expect(picker.app.marked.isEmpty && picker.app.chosen == ["a"])
    }

    @Test func headerLinesStayOnTopAndAreNeverChosen() throws {
        let picker = try PickerHarness(.init(headerLines: 1), lines: ["PID CMD", "1 init", "2 sh"])
        #expect(picker.rows[1] == "PID CMD")
        #expect(picker.listRows(header: 1) == ["1 init", "2 sh"])
        picker.type("PID")
        #expect(
            picker.rows[1] == "PID CMD" && picker.listRows(header: 1) == ["no line matches"],
            "the header is not filtered \(picker.rows)")
        picker.press(.enter)
        #expect(picker.app.exitStatus == 1 && picker.app.chosen.isEmpty)
    }

    @Test func theSelectionFollowsItsRowByKeyWhileLinesArrive() throws {
        let picker = try PickerHarness(.init(key: .field(1)), lines: ["1 a", "2 b", "3 c"])
        picker.press(.down)
        #expect(picker.selectedRow == "2 b")
        picker.feed(["0 z"])
        #expect(picker.selectedRow == "2 b", "lines arriving move nothing")
        picker.type("b")  // 2 b only; then clearing the filter selects the first line, as fzf
        picker.press(.backspace)
        #expect(picker.selectedRow == "1 a")
    }

    @Test func everyQueryChangeSelectsTheBestMatch() throws {
        let picker = try PickerHarness(lines: ["src/components/button_main.go", "main.go"])
        #expect(picker.selectedRow == "src/components/button_main.go")
        picker.type("main")
        #expect(picker.listRows() == ["main.go", "src/components/button_main.go"])
        #expect(picker.selectedRow == "main.go", "the selection went to the best match")
        picker.press(.down)
        picker.type(".")
        #expect(picker.selectedRow == "main.go", "a narrower query selects its best match again")
        picker.press(.enter)
        #expect(picker.app.chosen == ["main.go"])
    }

    @Test func withHeaderLinesTheTypedQuerySelectsItsBestMatch() throws {
        let lines = ["PID CMD", "1 /sbin/init splash", "77 bash", "90 sshd: bash -c x"]
        let picker = try PickerHarness(.init(headerLines: 1), lines: lines)
        picker.type("bash")
        #expect(picker.selectedRow == "77 bash", "\(picker.rows)")
        picker.press(.enter)
        #expect(picker.app.chosen == ["77 bash"])
    }

    @Test func trackKeepsTheSelectedLineWhileItMatches() throws {
        var options = PickerApp.Options()
        options.track = true
        let picker = try PickerHarness(options, lines: ["src/components/button_main.go", "main.go", "readme"])
        picker.type("main")
        picker.press(.down)
        #expect(picker.selectedRow == "src/components/button_main.go")
        picker.type(".go")
        #expect(picker.listRows().first == "main.go" && picker.selectedRow == "src/components/button_main.go")
        picker.press(.control("u"))
        #expect(picker.selectedRow == "src/components/button_main.go", "clearing the query keeps it too")
        picker.type("readme")
        #expect(picker.selectedRow == "readme", "a line filtered out gives way to the best match")
    }
}

@Suite struct LineKeyTests {
    @Test func eachKeyingTakesItsPartOfTheLine() throws {
        let line = "  42\tnginx  worker process"
        #expect(try LineKeyer(.wholeLine).key(of: line) == line[...])
        #expect(try LineKeyer(.field(1)).key(of: line) == "42")
        #expect(try LineKeyer(.field(3)).key(of: line) == "worker", "tabs and runs of spaces separate fields")
        #expect(try LineKeyer(.field(9)).key(of: line) == line[...], "too few fields: the whole line")
        #expect(try LineKeyer(.pattern(#"pid=(\d+)"#)).key(of: "x pid=7 y") == "7", "the first capture group")
        #expect(try LineKeyer(.pattern(#"\d+"#)).key(of: "abc 123 def") == "123", "no group: the whole match")
        #expect(try LineKeyer(.pattern(#"pid=(\d+)"#)).key(of: "no id") == "no id", "no match: the whole line")
    }

    @Test func repeatedKeysAreToldApartByOrderAcrossBatches() throws {
        let keyer = try LineKeyer(.field(1))
        #expect(keyer.identities(of: ["a 1", "b 2", "a 3", "a 4"]) == ["a", "b", "a\u{0}2", "a\u{0}3"])
        var seen: [Substring: Int] = [:]
        #expect(keyer.identities(of: ["a x", "b y"], continuing: &seen) == ["a", "b"])
        #expect(keyer.identities(of: ["b z", "c w", "a v"], continuing: &seen) == ["b\u{0}2", "c", "a\u{0}2"])
        #expect(seen == ["a": 2, "b": 2, "c": 1])
    }

    @Test func aBadRegexIsAUsageError() {
        do {
            _ = try LineKeyer(.pattern("(unclosed"))
            Issue.record("a bad regex was accepted")
        } catch {
            #expect(error.status == 64 && error.message.hasPrefix("--key-regex: not a regular expression: (unclosed"))
        }
    }
}

/// Takes the mailbox's messages and what `inbox`'s bring: its lines (the text of each batch's
/// index, header lines first), whether it ended, and its error.
private func drain(_ inbox: LineInbox, _ mailbox: ProgramMailbox) -> (lines: [String], finished: Bool, error: String?) {
    var lines: [String] = []
    var finished = false
    var error: String?
    for message in mailbox.takeAll() {
        switch inbox.accept(message) {
        case .lines(let batch)?:
            lines += batch.header + (0 ..< batch.index.count).map { batch.index.text(atSlot: $0) }
        case .end(let failure)?:
            (finished, error) = (true, failure)
        case nil:
            break
        }
    }
    return (lines, finished, error)
}

@Suite struct LineInboxTests {
    @Test func messagesHandOverWhatArrivedOnceAndInOrder() {
        let inbox = LineInbox()
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        inbox.prepare(LinePreparation())
        inbox.connect(mailbox)
        #expect(drain(inbox, mailbox) == ([], false, nil))
        inbox.append(["a", "b"])
        inbox.append(["c"])
        #expect(drain(inbox, mailbox) == (["a", "b", "c"], false, nil))
        #expect(drain(inbox, mailbox) == ([], false, nil), "taken lines are gone")
        inbox.append(["d"])
        inbox.finish(error: "boom")
        #expect(drain(inbox, mailbox) == (["d"], true, "boom"))
        inbox.close()
        inbox.append(["after the close"])
        inbox.finish()
        #expect(drain(inbox, mailbox) == ([], false, nil), "closed: nothing more comes")
    }

    @Test func aReaderWaitsWhileTooMuchWaitsAndGoesOnOnceAcceptedOrClosed() throws {
        // Prepared lines pile up to the waiting limit, then the producer waits for the app to
        // accept them; closing the inbox lets it go on (dropping what it reads).
        let inbox = LineInbox()
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        inbox.prepare(LinePreparation())
        inbox.connect(mailbox)
        let line = Array(repeating: UInt8(ascii: "x"), count: 1_023) + [0x0A]
        let chunk = Array((0 ..< 256).map { _ in line }.joined())  // 256 KiB, 256 lines
        let sent = Mutex(0)
        let producer = Thread {
            for _ in 0 ..< 40 {
                chunk.withUnsafeBufferPointer { bytes in
                    inbox.send(utf8: bytes, ends: (1 ... 256).map { $0 * 1_024 - 1 })
                }
                sent.withLock { $0 += 1 }
            }
        }
        producer.start()
        usleep(300_000)
        let waiting = sent.withLock { $0 }
        #expect(waiting == inbox.waitingLimit / chunk.count, "the producer stops at the limit (\(waiting) sent)")
        let messages = mailbox.takeAll()
        #expect(messages.count == waiting)
        usleep(300_000)
        #expect(sent.withLock { $0 } == waiting, "posted is not accepted: no room yet")
        for message in messages { _ = inbox.accept(message) }
        usleep(300_000)
        #expect(sent.withLock { $0 } == 2 * waiting, "accepting makes room for as much again")
        inbox.close()
        let deadline = Date().addingTimeInterval(10)
        while sent.withLock({ $0 }) < 40 && Date() < deadline { usleep(10_000) }
        #expect(sent.withLock { $0 } == 40, "closed: the producer goes on to its end")
        _ = mailbox.takeAll()  // (what was posted before the close)
        inbox.finish()
        #expect(mailbox.takeAll().isEmpty, "and what it sends is dropped")
    }

    @Test func linesBeforeThePreparationAndTheMailboxArePostedOnceBothAreThere() {
        let inbox = LineInbox()
        let waker = ProgramWaker()
        let mailbox = ProgramMailbox(waker: waker)
        inbox.append(["header", "before the program started"])
        inbox.prepare(LinePreparation(headerLines: 1))
        #expect(!waker.isPending && mailbox.count == 0, "no mailbox yet: nothing posted")
        inbox.connect(mailbox)
        #expect(waker.consume(), "lines already waiting wake the program as it connects")
        let messages = mailbox.takeAll()
        guard case .lines(let batch)? = inbox.accept(messages[0]) else {
            Issue.record("no batch")
            return
        }
        #expect(batch.header == ["header"], "prepared with the preparation set after they came")
        #expect(batch.firstLine == 0 && batch.index.text(atSlot: 0) == "before the program started")
        inbox.append(["x"])
        #expect(waker.consume())
        #expect(drain(inbox, mailbox).lines == ["x"])
        inbox.finish()
        #expect(waker.consume(), "the end of the input wakes it too")
    }

    @Test func anotherFeedsMessagesAreNotAccepted() {
        let (one, other) = (LineInbox(), LineInbox())
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        for inbox in [one, other] {
            inbox.prepare(LinePreparation())
            inbox.connect(mailbox)
        }
        one.append(["mine"])
        other.finish()
        let messages = mailbox.takeAll()
        #expect(messages.count == 2)
        #expect(one.accept(messages[1]) == nil && other.accept(messages[0]) == nil)
        #expect(one.accept("a string") == nil)
        if case .end(nil)? = other.accept(messages[1]) {} else { Issue.record("the end is the other's") }
    }

    @Test func theReaderSplitsLinesAcrossReadsAndKeepsALastLineWithoutNewline() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let inbox = LineInbox()
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        inbox.prepare(LinePreparation())
        inbox.connect(mailbox)
        inbox.read(descriptor: ends[0])
        func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } }
        send(Array("one\r\ntw".utf8))
        usleep(50_000)  // the reader takes "one\r" and keeps "tw" until its line ends
        send(Array("o\n".utf8) + [0x62, 0xFF, 0x0A] + Array("last".utf8))
        close(ends[1])
        var lines: [String] = []
        var finished = false
        let deadline = Date().addingTimeInterval(10)
        while !finished && Date() < deadline {
            let taken = drain(inbox, mailbox)
            lines += taken.lines
            finished = taken.finished
            if !finished { usleep(5_000) }
        }
        close(ends[0])
        #expect(finished)
        // (The CR before a newline is the line's, as fzf reads it: LineSplitter.)
        #expect(lines == ["one\r", "two", "b\u{FFFD}", "last"], "\(lines)")
    }
}

/// fzf's flags of item 4 of issue 20: --ansi, --with-nth, --nth, --delimiter, --header,
/// --prompt, -1, -0, --read0.
@Suite struct PickerFlagTests {
    @Test func fieldExpressionsParseAsFzfsAndBadOnesAreOneLine() throws {
        typealias R = LineFields.Range
        #expect(try LineFields("1", option: "--nth").ranges == [R(lower: 1, upper: 1)])
        #expect(try LineFields("-1", option: "--nth").ranges == [R(lower: -1, upper: -1)])
        #expect(try LineFields("2..", option: "--nth").ranges == [R(lower: 2, upper: nil)])
        #expect(try LineFields("..3", option: "--nth").ranges == [R(lower: nil, upper: 3)])
        #expect(try LineFields("1,3", option: "--nth").ranges == [R(lower: 1, upper: 1), R(lower: 3, upper: 3)])
        #expect(try LineFields("2..-2", option: "--nth").ranges == [R(lower: 2, upper: -2)])
        #expect(try LineFields("..", option: "--nth").ranges == [R(lower: nil, upper: nil)])
        for bad in ["0", "x", "", "1,", "1..a", "1...3"] {
            do {
                _ = try LineFields(bad, option: "--with-nth")
                Issue.record("'\(bad)' was accepted")
            } catch {
                #expect(error.status == 2 && error.message.hasPrefix("--with-nth: not a field index"), "\(error)")
            }
        }
    }

    @Test func fieldsKeepTheirDelimiterAndASelectionDropsTheLastOne() throws {
        #expect(LineFields.fields(of: "  a  b\tc", delimiter: .blanks) == [2 ..< 5, 5 ..< 7, 7 ..< 8])
        #expect(LineFields.fields(of: "a::b::", delimiter: .literal("::")) == [0 ..< 3, 3 ..< 6])
        let line = "usr:x:1000:/home/usr"
        func pick(_ spec: String, _ text: String, _ delimiter: LineFields.Delimiter) throws -> String {
            try LineFields(spec, option: "--nth").select(text, delimiter: delimiter).text
        }
        #expect(try pick("1", line, .literal(":")) == "usr")
        #expect(try pick("-1", line, .literal(":")) == "/home/usr")
        #expect(try pick("2..", line, .literal(":")) == "x:1000:/home/usr")
        #expect(try pick("..2", line, .literal(":")) == "usr:x")
        #expect(try pick("1,3", line, .literal(":")) == "usr:1000")
        #expect(try pick("2..-2", line, .literal(":")) == "x:1000")
        #expect(try pick("9", line, .literal(":")) == "")
        #expect(try pick("2", "  a  b\tc", .blanks) == "b")
        #expect(try pick("1,3", "  a  b\tc", .blanks) == "a  c", "blanks before the first field belong to none")
        // fzf's reading of -d: literal unless it is a regular expression with special characters.
        #expect(LineFields.Delimiter(":") == .literal(":"))
        // Only Go's regexp.QuoteMeta characters make an expression: `/` (a path's delimiter),
        // `-`, `#`, `,` stay literal, on the splitter's fast path (as a pattern, `-d /` took
        // 30 s to group a million paths).
        // One character is literal whatever it is (fzf 0.74: `-d .`, `-d '|'`).
        for text in ["/", "-", "#", ",", " / ", "::", ".", "|", "*"] {
            #expect(LineFields.Delimiter(text) == .literal(text), "\(text)")
        }
        #expect(LineFields.Delimiter("\\t") == .literal("\t"))
        #expect(LineFields.Delimiter("") == .blanks)
        #expect(LineFields.Delimiter("(") == .literal("("), "not a valid expression: literal")
        let regex = LineFields.Delimiter("[:=]+")
        #expect(regex == .pattern(LineFields.Pattern("[:=]+")!))
        #expect(LineFields.fields(of: "a:=b=c", delimiter: regex) == [0 ..< 3, 3 ..< 5, 5 ..< 6])
        #expect(try pick("2", "a:=b=c", regex) == "b")
        #expect(try pick("1..2", "a:=b=c", regex) == "a:=b")
        #expect(try pick("2", "x  y   z", LineFields.Delimiter(" +")) == "y")
        let (text, offsets) = try LineFields("3", option: "--nth").select(line, delimiter: .literal(":"))
        #expect(text == "1000" && offsets == [6, 7, 8, 9])
    }

    @Test func withNthShowsFieldsSearchesThemAndPrintsTheWholeLine() throws {
        var options = PickerApp.Options()
        options.withNth = try LineTemplate("2..", option: "--with-nth")
        options.delimiter = .literal(":")
        let picker = try PickerHarness(options, lines: ["secret:apple:red", "hidden:kiwi:green"])
        #expect(picker.listRows() == ["apple:red", "kiwi:green"])
        picker.type("secret")
        #expect(picker.listRows() == ["no line matches"], "hidden fields are not searched")
        picker.press(.control("u"))
        picker.type("kiwi")
        #expect(picker.listRows() == ["kiwi:green"])
        picker.press(.enter)
        #expect(picker.app.chosen == ["hidden:kiwi:green"])
    }

    /// `--with-nth '{n}:{2}'` (fzf's template): the rows show the template, numbered with the
    /// header line counted; the query matches the template's own text and highlights it there;
    /// the pick is printed whole. Under `--ansi`, the template's text after `{n}` is plain.
    @Test func withNthTemplateIsShownSearchedAndHighlighted() throws {
        var options = PickerApp.Options(headerLines: 1)
        options.withNth = try LineTemplate("{n}:{2}", option: "--with-nth")
        options.ansi = true
        let picker = try PickerHarness(options, lines: ["NAME", "a \u{1B}[31mred\u{1B}[m", "c blue"])
        #expect(picker.listRows(header: 1) == ["1:red", "2:blue"])
        #expect(picker.terminal.frame[3, 2].style.foreground == .ansi(1), "\"r\" of red keeps its colour")
        #expect(picker.terminal.frame[2, 2].style.foreground == .default, "\":\" is the template's, plain")
        picker.type("2:")
        #expect(picker.listRows(header: 1) == ["2:blue"])
        #expect(picker.app.row(1).matched == [0, 1], "the matched template text is highlighted")
        picker.press(.enter)
        #expect(picker.app.chosen == ["c blue"])
    }

    /// Under `--ansi`, a template's own text takes the colours in force after the field before
    /// it, as fzf 0.74.5 draws them (each cell below read off `fzf --ansi --with-nth
    /// '{2}:{1} <{3}>'` in tmux with `capture-pane -e`): `:` after a field that ends in a reset
    /// is plain, after one still blue is blue; `>` after the line's last field takes the colour
    /// at the line's end.
    @Test func withNthTemplateTextCarriesTheColoursOfTheFieldBefore() throws {
        var options = PickerApp.Options()
        options.withNth = try LineTemplate("{2}:{1} <{3}>", option: "--with-nth")
        options.ansi = true
        let lines = [
            "\u{1B}[31mred\u{1B}[0m blue green", "\u{1B}[32mgreen blue\u{1B}[0m plain",
            "\u{1B}[1;33myellow\u{1B}[0m \u{1B}[34mblue word",
        ]
        let picker = try PickerHarness(options, lines: lines)
        #expect(picker.listRows() == ["blue:red <green>", "blue:green <plain>", "blue:yellow <word>"])
        // One mark per character: its ANSI colour, `.` for the default.
        func colours(_ y: Int) -> String {
            String(
                (1 ... 18).compactMap { x -> Character? in
                    let cell = picker.terminal.frame[x, y]
                    guard !cell.text.isEmpty, cell.text != " " || x < 18 else { return nil }
                    if case .ansi(let n) = cell.style.foreground { return Character(String(n)) }
                    return "."
                })
        }
        #expect(colours(1).hasPrefix(".....111........"), "\(colours(1))")
        #expect(colours(2).hasPrefix("2222.2222222......"), "\(colours(2))")
        #expect(colours(3).hasPrefix("44444333333..44444"), "\(colours(3))")
    }

    /// fzf 0.74.5 shows header lines through `--with-nth` too (`printf 'h1 h2 h3\na b c\n' |
    /// fzf --header-lines 1 --with-nth 2` shows `h2`; `{n}` counts them from 0), keeping a
    /// field's colours under `--ansi`.
    @Test func withNthShowsTheHeaderLinesAsItShowsLines() throws {
        var options = PickerApp.Options(headerLines: 2)
        options.withNth = try LineTemplate("2", option: "--with-nth")
        var picker = try PickerHarness(options, lines: ["h1 h2 h3", "x1 x2", "a b c"])
        #expect(picker.rows[1 ... 3].map { $0.trimmingCharacters(in: .whitespaces) } == ["h2", "x2", "b"])
        options.withNth = try LineTemplate("{n}:{1}", option: "--with-nth")
        picker = try PickerHarness(options, lines: ["h1 h2 h3", "x1 x2", "a b c"])
        #expect(picker.rows[1 ... 3].map { $0.trimmingCharacters(in: .whitespaces) } == ["0:h1", "1:x1", "2:a"])
        options = PickerApp.Options(headerLines: 1)
        options.withNth = try LineTemplate("2..", option: "--with-nth")
        options.ansi = true
        picker = try PickerHarness(options, lines: ["\u{1B}[31mh1\u{1B}[0m \u{1B}[32mh2\u{1B}[0m", "a b"])
        #expect(picker.rows[1].trimmingCharacters(in: .whitespaces) == "h2")
        #expect(picker.terminal.frame[1, 1].style.foreground == .ansi(2), "h2 keeps its green")
    }

    @Test func nthSearchesOnlyItsFieldsAndHighlightsThemWhereTheyAreShown() throws {
        var options = PickerApp.Options()
        options.nth = try LineFields("2", option: "--nth")
        let picker = try PickerHarness(options, lines: ["bar foo", "foo bar"])
        picker.type("bar")
        #expect(picker.listRows() == ["foo bar"], "\"bar foo\" has bar in its first field only")
        // "bar" is the second field of "foo bar", at characters 4...6 of the line.
        #expect(picker.app.row(1).matched == [4, 5, 6])
        let frame = picker.terminal.frame
        // The row is drawn from column 1: "b" of the second field is at column 5.
        #expect(frame[5, 1].style.foreground == .ansi(2) && frame[5, 1].style.attributes.contains(.bold))
        #expect(frame[1, 1].style.foreground != .ansi(2), "the first field's \"f\" is not highlighted")
    }

    @Test func ansiColoursAreDrawnNeverMatchedAndNotPrinted() throws {
        var options = PickerApp.Options()
        options.ansi = true
        let picker = try PickerHarness(options, lines: ["\u{1B}[31mred\u{1B}[0m apple", "\u{1B}[1;34mblue\u{1B}[m sky"])
        #expect(picker.listRows() == ["red apple", "blue sky"])
        let frame = picker.terminal.frame
        #expect(frame[1, 1].style.foreground == .ansi(1), "\"r\" of red is red")
        #expect(frame[5, 1].style.foreground == .default, "\"apple\" has no colour")
        #expect(frame[1, 2].style.foreground == .ansi(4) && frame[1, 2].style.attributes.contains(.bold))
        picker.type("31m")
        #expect(picker.listRows() == ["no line matches"], "the escapes are not text")
        picker.press(.control("u"))
        picker.type("apple")
        #expect(picker.listRows() == ["red apple"])
        #expect(picker.terminal.frame[5, 1].style.foreground == .ansi(2), "match positions are in the plain text")
        picker.press(.enter)
        #expect(picker.app.chosen == ["red apple"])
    }

    @Test func headerTextAndPromptAreDrawn() throws {
        var options = PickerApp.Options(headerLines: 1)
        options.headerText = ["Pick a fruit", "(Enter)"]
        options.prompt = "fruit> "
        let picker = try PickerHarness(options, lines: ["NAME", "apple", "kiwi"])
        #expect(picker.rows[0].hasPrefix("fruit> "), "\(picker.rows[0])")
        #expect(Array(picker.rows[1 ... 3]) == ["Pick a fruit", "(Enter)", "NAME"])
        #expect(picker.listRows(header: 3) == ["apple", "kiwi"])
    }

    @Test func selectOneChoosesTheOnlyMatchOnceTheInputEnds() throws {
        var options = PickerApp.Options(query: "kiwi")
        options.selectOne = true
        let picker = try PickerHarness(options, lines: ["apple", "kiwi"])
        #expect(picker.app.exitStatus == nil, "not before the input ends")
        picker.inbox.finish()
        picker.advance()
        #expect(picker.app.exitStatus == 0 && picker.app.chosen == ["kiwi"] && picker.program.isFinished)
        let two = try PickerHarness(options, lines: ["kiwi", "kiwis"])
        two.inbox.finish()
        two.advance()
        #expect(two.app.exitStatus == nil && !two.program.isFinished, "two matches: the picker asks")
    }

    @Test func exitZeroExitsOneWhenNothingMatchesOnceTheInputEnds() throws {
        var options = PickerApp.Options(query: "plum")
        options.exitZero = true
        let picker = try PickerHarness(options, lines: ["apple", "kiwi"])
        picker.inbox.finish()
        picker.advance()
        #expect(picker.app.exitStatus == 1 && picker.app.chosen.isEmpty && picker.program.isFinished)
        var matching = options
        matching.query = "kiwi"
        let other = try PickerHarness(matching, lines: ["apple", "kiwi"])
        other.inbox.finish()
        other.advance()
        #expect(other.app.exitStatus == nil, "a match: the picker asks")
    }

    @Test func read0SplitsAtNulAndKeepsNewlinesAndCarriageReturns() throws {
        #expect(LineSplitter.lines(in: Array("a\nb\0c\r\0d".utf8), separator: 0) == ["a\nb", "c\r", "d"])
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let inbox = LineInbox()
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        inbox.prepare(LinePreparation())
        inbox.connect(mailbox)
        inbox.read(descriptor: ends[0], separator: 0)
        let bytes = Array("one\ntwo\0three\r\0four".utf8)
        _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        var lines: [String] = []
        // Until the reader says the input ended: a wall-clock bound, not a count of polls (2,000
        // polls of 1 ms ran out under ThreadSanitizer with every core busy).
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let taken = drain(inbox, mailbox)
            lines += taken.lines
            if taken.finished { break }
            usleep(1_000)
        }
        close(ends[0])
        #expect(lines == ["one\ntwo", "three\r", "four"])
    }

    /// A `--read0` line that holds line breaks (LF or CRLF) takes a line of the list per line of
    /// it, as fzf 0.74 draws multi-line items (it was drawn joined, "cd1"), the CR of a CRLF
    /// shown `␍` at its line's end as fzf shows it; a match on its second line is highlighted there.
    @Test func aRead0LineWithBreaksTakesALinePerLineOfIt() throws {
        var options = PickerApp.Options()
        options.separator = 0
        let picker = try PickerHarness(options, lines: ["c\r\nd1", "e"], inputEnds: true, columns: 30, rows: 8)
        var rows = picker.waitUntil { $0.contains { $0.hasSuffix("e") } }
        let first = try #require(rows.firstIndex { $0.hasSuffix("c␍") }, "\(rows)")
        #expect(rows[first + 1] == "d1" && rows.contains("e") && !rows.contains { $0.contains("cd1") }, "\(rows)")
        picker.type("d1")
        rows = picker.waitUntil { $0.contains { $0.contains("1/2") } }
        let line = try #require(rows.firstIndex { $0 == "d1" }, "\(rows)")
        let frame = picker.terminal.frame
        func column(of character: Character, onLine y: Int) -> Int? {
            (0 ..< frame.width).first { frame[$0, y].text == String(character) }
        }
        let d = try #require(column(of: "d", onLine: line))
        let c = try #require(column(of: "c", onLine: line - 1))
        #expect(frame[d, line].style == frame[d + 1, line].style, "d and 1 matched alike")
        #expect(frame[d, line].style != frame[c, line - 1].style, "the match highlighted on the item's second line")
    }
}

/// A carriage return in a row or the header is drawn `␍`, as fzf 0.74 draws it; offsets of the
/// matched characters and colour runs stay (one Character for another).
@Suite struct PickerCarriageReturnTests {
    @Test func aCarriageReturnIsShownAsItsSymbol() {
        let row = PickerRowText(title: "ab\rc\td", colored: nil, matched: [3, 5], tabStop: 8)
        #expect(row.title == "ab␍c    d" && row.matched == [3, 8])
        let colored = ANSIText(plain: "a\r", runs: [.init(range: 0 ..< 2, style: Style(foreground: .ansi(1)))])
        let shown = PickerRowText(title: "a\r", colored: colored, matched: [], tabStop: 8)
        #expect(shown.title == "a␍" && shown.colored?.plain == "a␍" && shown.colored?.runs == colored.runs)
        #expect(PickerRowText(title: "c\r\nd", colored: nil, matched: [], tabStop: 8).title == "c\r\nd", "a break stays")
    }

    @Test func crlfLinesAndTheHeaderShowTheirCarriageReturns() throws {
        var options = PickerApp.Options()
        options.headerText = ["h1\r"]
        let picker = try PickerHarness(options, lines: ["ab\r", "cd\rXY"], inputEnds: true, columns: 30, rows: 8)
        let rows = picker.waitUntil { $0.contains { $0.contains("XY") } }
        #expect(
            rows.contains("h1␍") && rows.contains { $0.hasSuffix("ab␍") } && rows.contains { $0.hasSuffix("cd␍XY") }, "\(rows)")
    }
}

/// `--preview` and `--preview-window`.
@Suite struct PickerPreviewTests {
    @Test func previewWindowSpecsParseAsFzfsAndPlaceThePane() throws {
        #expect(try PreviewWindow(parsing: "right:50%") == PreviewWindow(side: .right, size: .percent(50)))
        #expect(try PreviewWindow(parsing: "down:40%") == PreviewWindow(side: .down, size: .percent(40)))
        #expect(try PreviewWindow(parsing: "left,30") == PreviewWindow(side: .left, size: .cells(30)))
        #expect(try PreviewWindow(parsing: "up") == PreviewWindow(side: .up, size: .percent(50)))
        #expect(try PreviewWindow(parsing: "25%") == PreviewWindow(side: .right, size: .percent(25)))
        // (fzf 0.74 takes `right:0%`, and `down:-3` as a scroll offset; it refuses 100%.)
        for bad in ["middle", "right:150%", "right:100%", "down:3x"] {
            #expect(throws: ToolFailure.self, "\(bad)") { try PreviewWindow(parsing: bad) }
        }
        let body = Rect(x: 0, y: 1, width: 61, height: 20)
        let right = PreviewWindow(side: .right, size: .percent(50)).areas(in: body)
        #expect(
            right.list == Rect(x: 0, y: 1, width: 30, height: 20) && right.preview == Rect(x: 31, y: 1, width: 30, height: 20))
        let left = PreviewWindow(side: .left, size: .cells(10)).areas(in: body)
        #expect(left.preview == Rect(x: 0, y: 1, width: 10, height: 20) && left.list == Rect(x: 11, y: 1, width: 50, height: 20))
        let down = PreviewWindow(side: .down, size: .percent(40)).areas(in: Rect(x: 0, y: 0, width: 40, height: 21))
        #expect(down.list == Rect(x: 0, y: 0, width: 40, height: 12) && down.preview == Rect(x: 0, y: 13, width: 40, height: 8))
        let up = PreviewWindow(side: .up, size: .cells(5)).areas(in: Rect(x: 0, y: 0, width: 40, height: 21))
        #expect(up.preview == Rect(x: 0, y: 0, width: 40, height: 5) && up.list == Rect(x: 0, y: 6, width: 40, height: 15))
    }

    @Test func thePlaceholderIsTheLineQuotedForTheShell() throws {
        #expect(PreviewRunner.command("cat {} | head -n {}", line: "a b") == "cat 'a b' | head -n 'a b'")
        // fzf's field and query placeholders; other braces stay.
        #expect(
            PreviewRunner.command("bat {1} -H {2}", line: "src/a.swift:12:let x", delimiter: .literal(":"))
                == "bat 'src/a.swift' -H '12'")
        #expect(
            PreviewRunner.command("echo {-1} {2..} {q}", line: "  pid 42  sh -c", query: "it's")
                == "echo '-c' '42  sh -c' 'it'\\''s'")
        #expect(PreviewRunner.command("echo ${HOME} {x} {", line: "l") == "echo ${HOME} {x} {")
        let line = "it's $(touch /tmp/x) `x` \"q\""
        // popen runs `sh -c` as the preview does (Foundation's Process.run leaks a weak-reference
        // side table that LeakSanitizer reports in the ASan run).
        let pipe = try #require(popen(PreviewRunner.command("printf %s {}", line: line), "r"))
        var printed: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while case let count = fread(&buffer, 1, buffer.count, pipe), count > 0 { printed += buffer[..<count] }
        #expect(pclose(pipe) == 0)
        #expect(String(decoding: printed, as: UTF8.self) == line, "the shell sees the line as one word, unexpanded")
    }

    /// The messages `mailbox` gets until `count` have come (10 s at most), then 0.5 s more.
    private func messages(_ mailbox: ProgramMailbox, count: Int) -> [any Sendable] {
        var taken: [any Sendable] = []
        let deadline = Date().addingTimeInterval(10)
        while taken.count < count && Date() < deadline {
            taken += mailbox.takeAll()
            usleep(10_000)
        }
        usleep(500_000)
        return taken + mailbox.takeAll()
    }

    @Test func aNewRunKillsTheStaleOneAndOnlyTheNewestIsDelivered() throws {
        let marker = NSTemporaryDirectory() + "tuilist-preview-\(UUID().uuidString.prefix(8))"
        defer { unlink(marker) }
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        let runner = PreviewRunner(mailbox: mailbox)
        runner.run("sleep 0.5; touch \(marker); echo old") { $0 }
        usleep(100_000)
        runner.run("echo new") { $0 }
        let taken = messages(mailbox, count: 2)
        #expect(taken.count == 2, "both runs deliver: \(taken)")
        #expect(taken.compactMap { runner.accept($0) as? String } == ["new\n"], "only the newest is accepted")
        #expect(access(marker, F_OK) != 0, "the stale run (and the sleep it started) was killed")
    }

    @Test func cancelKillsTheRunAndItsOutputNeverComes() throws {
        let marker = NSTemporaryDirectory() + "tuilist-preview-\(UUID().uuidString.prefix(8))"
        defer { unlink(marker) }
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        let runner = PreviewRunner(mailbox: mailbox)
        runner.run("sleep 0.5; touch \(marker); echo old") { $0 }
        usleep(100_000)
        runner.cancel()
        let taken = messages(mailbox, count: 1)
        #expect(taken.count == 1 && taken.compactMap { runner.accept($0) }.isEmpty, "\(taken)")
        #expect(access(marker, F_OK) != 0, "the cancelled run (and the sleep it started) was killed")
    }

    @Test func thePreviewShowsStandardOutputAndErrorTogetherUpToTheLimit() throws {
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        let runner = PreviewRunner(mailbox: mailbox)
        runner.run("echo out; echo err >&2; echo more") { $0 }
        #expect(messages(mailbox, count: 1).compactMap { runner.accept($0) as? String } == ["out\nerr\nmore\n"])
        // `yes` never ends by itself: the runner stops reading at the limit and kills it.
        runner.run("yes") { $0 }
        let endless = messages(mailbox, count: 1).compactMap { runner.accept($0) as? String }
        #expect(endless.map(\.utf8.count) == [PreviewRunner.limit])
    }

    @Test func thePreviewFollowsTheSelectionBesideTheListInItsColours() throws {
        var options = PickerApp.Options()
        options.preview = "printf '\\033[31mabout %s\\033[0m\\n' {}"
        let picker = try PickerHarness(options, lines: ["apple", "kiwi"], columns: 60, rows: 10)
        func waitFor(_ text: String) -> [String] { picker.waitUntil { $0.contains { $0.contains(text) } } }
        var rows = waitFor("about apple")
        #expect(rows[1].hasPrefix("apple") && rows[1].hasSuffix("│ about apple"), "\(rows)")
        let frame = picker.terminal.frame
        #expect(frame[32, 1].style.foreground == .ansi(1), "the preview's colours are drawn")
        picker.press(.down)
        rows = waitFor("about kiwi")
        #expect(rows[1].hasSuffix("│ about kiwi") && !rows.contains { $0.contains("about apple") }, "\(rows)")
        picker.type("zzz")
        picker.advance(by: 0.2)
        #expect(!picker.rows.contains { $0.contains("about") }, "no selection, no preview: \(picker.rows)")
    }

    /// A preview that prints CRLF shows one line per line, as fzf does (it was drawn
    /// "onetwo": "\r\n" is one Character, so splitting the String at "\n" missed it).
    @Test func aCRLFPreviewShowsOneLinePerLine() throws {
        var options = PickerApp.Options()
        options.preview = "printf 'one\\r\\ntwo\\r\\n'"
        let picker = try PickerHarness(options, lines: ["apple"], columns: 60, rows: 10)
        let rows = picker.waitUntil { $0.contains { $0.hasSuffix("│ two") } }
        #expect(rows[1].hasSuffix("│ one") && rows[2].hasSuffix("│ two"), "\(rows)")
    }
}

@Suite struct PreviewTabTests {
    /// The preview shows a tab as the spaces to the next stop of 8 (the library's
    /// `ANSIText.expandingTabs`), not as one cell.
    @Test func tabsInThePreviewExpandToEightColumnStops() throws {
        var options = PickerApp.Options()
        options.preview = "printf 'ab\\tc\\n'"
        let picker = try PickerHarness(options, lines: ["apple"], columns: 60, rows: 10)
        let rows = picker.waitUntil { $0.contains { $0.hasSuffix("│ ab      c") } }
        #expect(rows[1].hasSuffix("│ ab      c"), "\(rows)")
    }
}
