import Foundation
import TUIList
import Testing

/// The DocC articles show code that compiles and works: each article's Swift blocks are exactly
/// the marked blocks of DocArticleExamples.swift (which the compiler checks), and the blocks
/// are run here.
@Suite struct DocArticleTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let catalog = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/TUIList/TUIList.docc")

    /// The marked blocks of DocArticleExamples.swift by article, in order, common indentation removed.
    static func compiledBlocks() throws -> [String: [String]] {
        let source = try String(contentsOf: testsFolder.appendingPathComponent("DocArticleExamples.swift"), encoding: .utf8)
        var blocks: [String: [String]] = [:]
        var current: (article: String, lines: [Substring])?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// DOC-BEGIN ") {
                current = (String(trimmed.dropFirst("// DOC-BEGIN ".count)), [])
            } else if trimmed == "// DOC-END", let block = current {
                let indent =
                    block.lines.filter { !$0.allSatisfy(\.isWhitespace) }
                    .map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
                let text = block.lines.map { $0.count >= indent ? String($0.dropFirst(indent)) : "" }
                blocks[block.article, default: []].append(text.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.lines.append(line)
            }
        }
        return blocks
    }

    /// The ```swift blocks of an article, in order. A block whose first line is
    /// `// Package.swift` is a manifest fragment: it is not compiled here.
    static func articleBlocks(_ name: String) throws -> [String] {
        let text = try String(contentsOf: catalog.appendingPathComponent(name), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                let block = current!.joined(separator: "\n") + "\n"
                if !block.hasPrefix("// Package.swift") { blocks.append(block) }
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test(
        arguments: [
            "GettingStarted.md", "AnimatingChanges.md", "RecordingAndReplaying.md", "BuildingAnApp.md",
            "BuildingAContactsApp.md", "RuntimeAndTerminals.md",
        ])
    func theArticleShowsExactlyTheCompiledCode(_ article: String) throws {
        let compiled = try #require(try Self.compiledBlocks()[article], "no DOC-BEGIN block for \(article)")
        let shown = try Self.articleBlocks(article)
        #expect(
            shown.count == compiled.count, "\(article) shows \(shown.count) Swift blocks, the tests compile \(compiled.count)")
        for (index, (a, b)) in zip(shown, compiled).enumerated() where a != b {
            Issue.record(
                "\(article), Swift block \(index + 1) differs from DocArticleExamples.swift:\n--- article\n\(a)--- compiled\n\(b)"
            )
        }
    }

    @Test func everyArticleWithCodeIsChecked() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.catalog.path).filter { $0.hasSuffix(".md") }
        for name in names where !(try Self.articleBlocks(name)).isEmpty {
            #expect(try Self.compiledBlocks()[name] != nil, "\(name) shows Swift code that no test compiles")
        }
        #expect(names.count >= 4, "the landing page and at least three articles: \(names)")
    }

    @Test func gettingStartedRunsHeadless() {
        let (status, lines) = gettingStartedHeadlessRun()
        #expect(status == 0)
        #expect(
            lines.map { $0.trimmingCharacters(in: .whitespaces) }
                == ["Fruit", "Apple", "Cherry", "Bakery", "Bread", "Croissant", "last change: −1 +0 ↕0 ~0"])
    }

    @Test func theRuntimeArticlesExamplesRun() {
        let names = [1: "Apple", 2: "Banana", 3: "Cherry"]
        let list = ListView<String, Int>(cellProvider: { context, item in
            let cell = context.dequeue(TextCell.self)
            cell.title = names[item]!
            return cell
        })
        let clock = ManualClock()
        list.animationClock = clock
        list.transitionTiming = .none  // the loop ends at once; the timing is not what it shows
        list.apply(Snapshot(sections: [("Fruit", [1, 2, 3])]), animated: false)
        let terminal = HeadlessTerminal(columns: 20, rows: 5)
        var canvas = Canvas(width: 20, height: 5)
        runtimeArticleAnimation(list, canvas: &canvas, terminal: terminal)
        list.render(into: &canvas)
        terminal.present(canvas)
        #expect(terminal.lines[1].hasPrefix(" Cherry"))
        #expect(runtimeArticleFilter() == [1])
    }

    @Test func reducedMotionTurnsTheArticlesTimingOff() {
        let list = numberedList(3)
        animatingChangesTiming(list)
        #expect(list.transitionTiming.move.duration == 0.4 || TransitionTiming.fromEnvironment().isInstant)
        #expect(TransitionTiming.fromEnvironment([TransitionTiming.reducedMotionVariable: "1"]) == .none)
    }

    @Test func theAnimationRetargetsAndEachFrameCostsTheScreenAtMost() {
        let (frames, cells, lines) = animatingChangesFrames()
        #expect(frames > 10, "animated over several frames: \(frames)")
        #expect(cells.dropFirst().allSatisfy { $0 <= 24 * 10 }, "\(cells)")
        #expect(
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.prefix(5)
                == ["Numbers", "Item 5", "Item 0", "Item 1", "Item 3"], "\(lines)")
    }

    /// The article's own widget follows random changes with the public changeset: its lines are
    /// every item rendered afresh, and it renders only the inserted and updated items. Fails if
    /// the column replays moves by their new path as the old one, skips updates, or if an entry
    /// array leaves the public API (the public-examples script type-checks the block).
    @Test func aWidgetOfTheAppsOwnFollowsTheChangeset() {
        for seed in 0 ..< 1000 {
            var rng = SplitMix64(seed: UInt64(seed))
            var version: [Int: Int] = [:]
            func render(_ item: Int) -> String { "\(item) v\(version[item, default: 0])" }
            var old = Snapshot<String, Int>(sections: [("A", Array(0 ..< 6)), ("B", Array(6 ..< 10))])
            var column = RenderedColumn()
            column.update(from: Snapshot(), to: old, render: render)
            var next = 100
            for _ in 0 ..< 4 {
                var new = old
                for _ in 0 ..< Int.random(in: 1 ... 4, using: &rng) {
                    let items = new.itemIdentifiers
                    switch Int.random(in: 0 ..< 4, using: &rng) {
                    case 0 where !items.isEmpty: new.deleteItems([items.randomElement(using: &rng)!])
                    case 1:
                        next += 1
                        if let before = items.randomElement(using: &rng) {
                            new.insertItems([next], beforeItem: before)
                        } else {
                            new.appendItems([next], toSection: "B")
                        }
                    case 2 where items.count > 1:
                        let item = items.randomElement(using: &rng)!, other = items.randomElement(using: &rng)!
                        if item != other { new.moveItem(item, beforeItem: other) }
                    default:
                        if let item = items.randomElement(using: &rng) {
                            version[item, default: 0] += 1
                            new.reconfigureItems([item])
                        }
                    }
                }
                let changes = Changeset(from: old, to: new)
                let before = column.renders
                column.update(from: old, to: new, render: render)
                #expect(column.lines == new.itemIdentifiers.map(render), "seed \(seed)")
                #expect(column.renders - before == changes.itemInserts.count + changes.itemUpdates.count, "seed \(seed)")
                #expect(changes.applied(to: old) == new, "seed \(seed)")
                old = new
            }
        }
    }

    /// The article's async fetch, run on demand: a refresh typed while the first fetch waits
    /// cancels it (its sleep throws), its late result is dropped, and the second fetch's
    /// headlines show. Fails if `LatestJob.start(work:)` lets the stale task run on (the first
    /// fetch then sleeps and its result is dropped, but `cancelled` stays false) or accepts it.
    @Test func theHeadlinesAppFetchesWithAsyncAwaitAndARefreshCancels() {
        final class Source: HeadlineSource {
            let calls = LockedValue((count: 0, cancelled: false))
            func headlines() async throws -> [String] {
                let call = calls.withLock {
                    $0.count += 1; return $0.count
                }
                do {
                    try await Task.sleep(for: .milliseconds(call == 1 ? 300 : 1))
                } catch {
                    calls.withLock { $0.cancelled = true }
                    throw error
                }
                return ["Headline \(call)a", "Headline \(call)b"]
            }
        }
        let clock = ManualClock()
        let terminal = HeadlessTerminal(columns: 30, rows: 6)
        terminal.clock = clock
        let program = Program(terminal: terminal, clock: clock)
        program.mailbox.scheduling = .onDemand
        let source = Source()
        let app = HeadlinesApp(source: source)
        app.screen.list.transitionTiming = .none
        program.start(app)
        terminal.enqueue([.key(.character("r"))])
        program.step(app)  // r: a second fetch, the first cancelled while still queued
        #expect(program.mailbox.runPendingWork() == 2)
        program.step(app)
        program.drawNextFrame(app, on: terminal)
        #expect(source.calls.withLock { $0.count == 2 && $0.cancelled })
        #expect(terminal.lines.contains { $0.contains("Headline 2a") }, "\(terminal.lines)")
        #expect(!terminal.lines.joined().contains("Headline 1"), "\(terminal.lines)")
        #expect(!terminal.lines.joined().contains("fetch failed"), "the stale failure is dropped")
    }

    @Test func aRecordingReplaysAndExports() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("doc-article-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try recordingAndReplayingRecord(path: path) == 5)  // header, snapshot, key, edit, marker

        let (snapshot, frame) = try recordingAndReplayingReplay(path: path)
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            file.contains(#"{"edit":{"del":["Banana"],"ins":[["Fruit",0,["Banana"]]]},"kind":"edit","t":1.5}"#),
            "the article shows this edit line: \(file)")
        #expect(snapshot.itemIdentifiers == ["Banana", "Apple", "Cherry"])
        #expect(frame.prefix(4).map { $0.trimmingCharacters(in: .whitespaces) } == ["Fruit", "Banana", "Apple", "Cherry"])

        var canvas = Canvas(width: 10, height: 2)
        canvas.draw("one", x: 0, y: 0)
        var later = canvas
        later.draw("two", x: 0, y: 1)
        let cast = try recordingAndReplayingAsciicast([(0, canvas), (0.5, canvas), (1, later)], columns: 10, rows: 2)
        let lines = cast.split(separator: "\n")
        #expect(lines.count == 3, "the unchanged frame writes nothing: \(cast)")
        #expect(lines[0] == #"{"height":2,"version":2,"width":10}"#)
        #expect(lines[2].hasPrefix("[1.0, \"o\", \"") && lines[2].contains("two"), "\(lines[2])")
    }
}

/// A replay as the tools do it: reads `path` and applies every state to a list on a headless
/// terminal. Not an article block: the reader is package API, and DocArticleExamples.swift
/// holds only public API (scripts/public-examples checks it).
func recordingAndReplayingReplay(path: String) throws -> (snapshot: Snapshot<String, String>, frames: [String]) {
    let recording = try SessionRecording<String, String, String>.read(path: path)
    let list = ListView<String, String>(cellProvider: { context, name in
        let cell = context.dequeue(TextCell.self)
        cell.title = name
        return cell
    })
    let terminal = HeadlessTerminal(columns: recording.header.columns, rows: recording.header.rows)
    var canvas = Canvas(width: terminal.size.columns, height: terminal.size.rows)
    var shown = Snapshot<String, String>()
    for (_, event) in recording.events {
        switch event.kind {
        case .snapshot(let sections, _):
            shown = Snapshot(sections: sections.map { ($0.id, $0.items) })
        case .edit(let edit):
            try edit.apply(to: &shown)  // throws if the file does not fit the list
        case .resize(let columns, let rows):
            terminal.resize(columns: columns, rows: rows)
            canvas.resize(width: columns, height: rows)
        case .key, .marker:
            continue
        }
        list.apply(shown, animated: false)  // the same path the app took
        list.render(into: &canvas)
        terminal.present(canvas)
    }
    return (shown, canvas.lines)
}
