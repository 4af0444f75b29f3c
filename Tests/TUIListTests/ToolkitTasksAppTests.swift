import Foundation
import TUIListTestSupport
import Testing

@testable import TUIList

/// The Building-an-app article's complete example (DocArticleExamples.swift), run headless:
/// the background load arrives, the filter, a move across a section, the help, quitting; and
/// the example stays within 60 lines of code besides its data.
@Suite("Toolkit: the tasks app")
struct ToolkitTasksAppTests {
    private func keys(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

    /// Compares a frame with its golden lines; on a mismatch, prints the frame drawn.
    private func expectFrame(
        _ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard actual != expected else { return }
        let drawn = actual.map { "\"\($0)\"," }.joined(separator: "\n")
        Issue.record(Comment(rawValue: "frame differs; drawn:\n\(drawn)"), sourceLocation: sourceLocation)
    }

    @Test func loadsInTheBackgroundFiltersMovesAcrossASectionAndShowsHelp() throws {
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 44, rows: 10)
        terminal.clock = clock
        let program = Program(terminal: terminal, clock: clock)
        program.mailbox.scheduling = .onDemand
        let checkpoint = WorkCheckpoint()
        defer { checkpoint.action = {} }  // it holds the app, whose work holds it: a cycle otherwise
        let app = TasksApp { reporter in
            reporter.advance(to: 15)
            checkpoint.reach()  // the test looks at the loading frame first
            return sampleTasks
        }
        app.screen.list.transitionTiming = .none
        program.start(app)
        var loading: [String] = []
        var wasLoading = false
        checkpoint.action = {
            program.drawNextFrame(app, on: terminal)
            loading = terminal.lines
            wasLoading = app.screen.isLoading
        }
        #expect(program.mailbox.runPendingWork() == 1, "the load, queued by the app's start")
        #expect(checkpoint.reached == 1)
        #expect(loading.count > 4 && loading[4].contains("loading…"), "\(loading)")
        #expect(wasLoading)

        program.step(app)
        #expect(!app.screen.isLoading)
        #expect(app.screen.items.numberOfItems == 30)
        program.drawNextFrame(app, on: terminal)
        expectFrame(
            terminal.lines,
            [
                " Tasks                                   30 ",
                "Today                                       ",
                " Pay the rent                         Mon 3 ",
                " Call the plumber                     Mon 3 ",
                " Buy coffee beans                     Mon 3 ",
                " Reply to Ana                         Mon 3 ",
                " Water the ferns                      Mon 3 ",
                " Book the dentist                     Mon 3 ",
                "30 tasks loaded                         1/30",
                "J K move item  / filter  ? help  q quit     ",
            ])

        // The last task of Today moves to the start of This week with one J, and back with K.
        terminal.enqueue([.key(.home)] + Array(repeating: .key(.character("j")), count: 9) + [.key(.character("J"))])
        program.drawNextFrame(app, on: terminal)
        #expect(app.screen.items.itemIdentifiers(inSection: "This week").first?.title == "Walk the dog")
        #expect(app.screen.items.numberOfItems(inSection: "Today") == 9)
        #expect(app.screen.list.selectedItem?.title == "Walk the dog")
        terminal.enqueue(keys("K"))
        program.drawNextFrame(app, on: terminal)
        #expect(app.screen.items.itemIdentifiers(inSection: "Today").last?.title == "Walk the dog", "K: back to the end of Today")
        #expect(app.screen.items.numberOfItems(inSection: "Today") == 10)
        terminal.enqueue(keys("J"))
        program.drawNextFrame(app, on: terminal)
        #expect(app.screen.items.itemIdentifiers(inSection: "This week").first?.title == "Walk the dog")

        // One batch: filter, keep it.
        terminal.enqueue(keys("/walk"))
        program.drawNextFrame(app, on: terminal)
        #expect(terminal.lines[8] == "/walk                                   1/30")
        terminal.enqueue([.key(.enter)])
        program.drawNextFrame(app, on: terminal)
        expectFrame(
            terminal.lines,
            [
                " Tasks                                    1 ",
                "Today                                       ",
                "This week                                   ",
                " Walk the dog                         Mon 3 ",
                "Later                                       ",
                "                                            ",
                "                                            ",
                "                                            ",
                "30 tasks loaded                          1/1",
                "J K move item  / filter  ? help  q quit     ",
            ])

        // The help, from the screen's keymap; any key closes it; q quits.
        terminal.enqueue(keys("?"))
        program.drawNextFrame(app, on: terminal)
        #expect(terminal.lines.contains { $0.contains("move the item up, down") }, "\(terminal.lines)")
        #expect(app.screen.showsHelp)
        terminal.enqueue(keys("xq"))
        program.drawNextFrame(app, on: terminal)
        #expect(program.isFinished)
    }

    /// The article's complete example, as shown: lines of code outside the marked data region,
    /// blank lines and comment-only lines left out (as cloc counts code).
    static func exampleCodeLines() throws -> (code: [String], withComments: Int, data: Int) {
        let block = try #require(try DocArticleTests.articleBlocks("BuildingAnApp.md").first)
        #expect(block.contains("final class TasksApp: TerminalApp"))
        var code: [String] = []
        var withComments = 0, data = 0, inData = false
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "// DATA-BEGIN" { inData = true; continue }
            if trimmed == "// DATA-END" { inData = false; continue }
            if inData { data += 1; continue }
            if trimmed.isEmpty { continue }
            withComments += 1
            if !trimmed.hasPrefix("//") { code.append(trimmed) }
        }
        #expect(!inData, "DATA-BEGIN without DATA-END")
        return (code, withComments, data)
    }

    @Test func theExampleIsItsDataPlusAtMostSixtyLines() throws {
        let (code, withComments, data) = try Self.exampleCodeLines()
        #expect(data >= 30, "the data region holds the 30 tasks")
        #expect(code.count <= 60, "\(code.count) lines of code besides the data:\n\(code.joined(separator: "\n"))")
        #expect(!code.contains { $0.hasPrefix("TaskItem(title:") }, "a task outside the data region")
        print("tasks example: \(code.count) lines of code, \(withComments) with comments, \(data) of data")
    }
}

/// The README's frame of the list screen is what the screen draws: the tasks app's screen with
/// one task moved across a section boundary with J, rendered here and compared with the
/// lines between the README's markers.
@Suite("Toolkit: the README's list screen frame")
struct ToolkitReadmeFrameTests {
    static func readmeScreenFrame() -> [String] {
        let app = TasksApp()
        app.screen.list.transitionTiming = .none
        app.receive(TasksLoaded(sections: sampleTasks), in: Program(terminal: HeadlessTerminal(columns: 1, rows: 1)))
        _ = app.screen.handle(
            Array(repeating: .key(.character("j")), count: 9) + [.key(.character("J"))])
        var canvas = Canvas(width: 50, height: 14)
        app.render(into: &canvas)
        return canvas.lines
    }

    @Test func theReadmeShowsTheFrameTheScreenDraws() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- list-screen-frame -->\n```text\n"))
        let end = try #require(readme.range(of: "\n```", range: begin.upperBound ..< readme.endIndex))
        let shown = readme[begin.upperBound ..< end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        let rendered = Self.readmeScreenFrame()
        if shown != rendered {
            Issue.record("README's frame differs; the screen draws:\n\(rendered.joined(separator: "\n"))")
        }
    }
}
