import Foundation
import TUIList
import Testing

@testable import TUIListTool

/// The picker's query (fzf's extended search through ``FilterQuery``): ranking on screen,
/// `--no-sort`, `--query`, `--exact`, case options, and the matched characters highlighted.
@Suite struct PickerQueryTests {
    /// A picker over `lines` on a headless terminal with a manual clock (a no-op input every
    /// 50 ms of manual time, so a step never waits for real).
    struct Harness {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 40, rows: 10)
        let program: Program
        let app: PickerApp

        init(_ lines: [String], _ options: PickerApp.Options = .init()) throws {
            terminal.clock = clock
            for step in 1 ... 400 { terminal.schedule([.key(.unknown("tick"))], at: Double(step) * 0.05) }
            program = Program(terminal: terminal, clock: clock)
            let inbox = LineInbox()
            inbox.append(lines)
            inbox.finish()
            app = try PickerApp(inbox: inbox, options: options)
            program.start(app)
            settle()
        }

        /// Lets animations end.
        func settle() {
            let end = clock.now + 1
            while clock.now < end - 1e-9 { program.step(app) }
        }

        func type(_ text: String) {
            terminal.enqueue(text.map { .key(.character($0)) })
            settle()
        }

        /// The list's rows (below the prompt, above the help bar), trimmed.
        var rows: [String] {
            terminal.lines.dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    static let paths = ["x/filter/index/thing.txt", "lib/fi/footer.txt", "Sources/FilterIndex.swift", "fi", "readme.md"]

    @Test func matchesAreRankedBestFirst() throws {
        let picker = try Harness(Self.paths)
        picker.type("fi")
        #expect(picker.rows == ["fi", "lib/fi/footer.txt", "x/filter/index/thing.txt", "Sources/FilterIndex.swift"])
        #expect(picker.terminal.lines[0].contains("4/5"))
    }

    @Test func noSortKeepsInputOrder() throws {
        let picker = try Harness(Self.paths, .init(sort: false))
        picker.type("fi")
        #expect(picker.rows == ["x/filter/index/thing.txt", "lib/fi/footer.txt", "Sources/FilterIndex.swift", "fi"])
    }

    @Test func theInitialQueryExactAndCaseOptionsApply() throws {
        #expect(try Harness(Self.paths, .init(query: "^lib")).rows == ["lib/fi/footer.txt"])
        #expect(try Harness(Self.paths, .init(query: "sfi")).rows == ["Sources/FilterIndex.swift"])
        #expect(try Harness(Self.paths, .init(query: "sfi", exact: true)).rows == ["no line matches"])
        #expect(try Harness(Self.paths, .init(query: "'sfi", exact: true)).rows == ["Sources/FilterIndex.swift"])
        #expect(try Harness(Self.paths, .init(query: "Filter")).rows == ["Sources/FilterIndex.swift"])
        #expect(try Harness(Self.paths, .init(query: "Filter", caseMatching: .ignore)).rows.count == 2)
        #expect(try Harness(Self.paths, .init(query: "fi", caseMatching: .respect)).rows.count == 3)
        let picker = try Harness(Self.paths)
        picker.type("!fi .md$ | .txt$")
        #expect(picker.rows == ["readme.md"])
    }

    @Test func matchedCharactersAreHighlighted() throws {
        let picker = try Harness(["a/ft.c", "zzz"])
        picker.type("ft")
        let row = try #require(picker.terminal.lines.firstIndex { $0.contains("a/ft.c") })
        let x = try #require(picker.terminal.lines[row].firstIndex(of: "f")).utf16Offset(in: picker.terminal.lines[row])
        let frame = picker.terminal.frame
        let highlighted = (0 ..< frame.width).filter { frame[$0, row].style.foreground == .ansi(2) }
        #expect(highlighted == [x, x + 1], "f and t, not a, /, . or c")
        // A new query: the highlight moves with it.
        terminalTypeBackspaces(picker, 2)
        picker.type("c")
        let after = (0 ..< frame.width).filter { picker.terminal.frame[$0, row].style.foreground == .ansi(2) }
        #expect(after == [x + 3], "only the c")
    }

    private func terminalTypeBackspaces(_ picker: Harness, _ count: Int) {
        picker.terminal.enqueue(Array(repeating: .key(.backspace), count: count))
        picker.settle()
    }
}
