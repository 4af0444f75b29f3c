import Foundation
import Testing

/// Recording, replay and export with the real demo binary.
@Suite("sessions in tmux", .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct SessionE2ETests {
    let demo: String
    let folder: String

    init() throws {
        demo = try #require(TestPaths.executable("tuilist-demo"), "tuilist-demo is not built (swift test builds it)")
        folder = NSTemporaryDirectory() + "tuilist-e2e-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    private func titles(_ screen: [String], _ lines: ClosedRange<Int>) -> [String] {
        screen[lines].map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? "" }
    }

    /// Records swaps in the live demo, kills it with SIGKILL mid-session, then replays the file
    /// in a second tmux server: the replay ends on the order the live demo last showed.
    @Test func recordKillNineThenReplayShowsTheSameList() throws {
        let file = folder + "/killed.jsonl"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let live = try TmuxSession.start(command: "\(demo.shellQuoted) --record \(file.shellQuoted); sleep 60")
        defer { live.kill() }
        try live.waitFor("● REC")
        try live.sendKeys("J")
        try live.waitUntil("Apple swapped down") { titles($0, 2 ... 3) == ["Banana", "Apple"] }
        try live.sendKeys("J")
        let expected = try live.waitUntil("Apple below Cherry") { titles($0, 2 ... 4) == ["Banana", "Cherry", "Apple"] }
        let child = try #require(TmuxSession.children(of: try live.panePID()).first)
        #expect(kill(child, SIGKILL) == 0)

        let text = try #require(readTextFile(file))
        #expect(text.hasSuffix("\n"), "every line was complete when the process died")
        let lines = text.split(separator: "\n")
        #expect(lines.count >= 4, "header, snapshot, edits and keys: \(lines.count) lines")
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })

        let replay = try TmuxSession.start(
            command: "\(demo.shellQuoted) replay --speed 4 \(file.shellQuoted); echo \"exit=$?\"; stty -a; sleep 60")
        defer { replay.kill() }
        let end = try replay.waitFor("END (q quits)", timeout: 20)
        let finalScreen = try replay.waitUntil("the recorded order") {
            titles($0, 2 ... 4) == ["Banana", "Cherry", "Apple"]
        }
        #expect(end[0].contains("REPLAY"))
        #expect(Array(finalScreen[1 ... 21]) == Array(expected[1 ... 21]), "the list area matches the live demo")
        try replay.sendKeys("q")
        expectTerminalRestored(try replay.waitFor("icanon"))
    }

    @Test func replayControlsPauseStepAndQuit() throws {
        let file = folder + "/steps.jsonl"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Make a recording headlessly-fast: a live demo, three swaps, quit.
        let live = try TmuxSession.start(command: "\(demo.shellQuoted) --record \(file.shellQuoted); echo done; sleep 60")
        defer { live.kill() }
        try live.waitFor("● REC")
        for _ in 0 ..< 3 {
            try live.sendKeys("J")
            usleep(50_000)
        }
        try live.waitUntil("three swaps") { titles($0, 2 ... 5) == ["Banana", "Cherry", "Date", "Apple"] }
        try live.sendKeys("q")
        try live.waitFor("done")

        // A tenth of the speed: the replay is still under way when Space pauses it, so `.` has
        // an event to step to.
        let replay = try TmuxSession.start(
            command: "\(demo.shellQuoted) replay --speed 0.1 \(file.shellQuoted); echo \"exit=$?\"; stty -a; sleep 60")
        defer { replay.kill() }
        try replay.waitFor("REPLAY")
        try replay.sendKeys("Space")
        let paused = try replay.waitFor("PAUSED")
        let position = try #require(paused[0].firstMatch(of: /REPLAY (\d+)\/(\d+)/))
        let (at, total) = (Int(position.1)!, Int(position.2)!)
        try #require(at < total, "paused before the end: \(paused[0])")
        // Paused means paused: the position holds while time passes.
        usleep(500_000)
        #expect(try replay.capture()[0].contains("REPLAY \(at)/\(total)"), "the paused replay moved on")
        try replay.sendKeys(".")
        try replay.waitFor("REPLAY \(at + 1)/\(total)")
        try replay.sendKeys("+")
        try replay.waitFor("×0.2")
        try replay.sendKeys("q")
        let after = try replay.waitFor("icanon")
        #expect(after.contains("exit=0"))
        expectTerminalRestored(after)

        // The same file exported: an asciicast v2 header, then events whose times never go back.
        let cast = folder + "/steps.cast"
        let export = try Subprocess.run([demo, "export", file, "--output", cast, "--frames", folder + "/frames.txt"])
        #expect(export.status == 0, "\(export.errors)")
        let castLines = try #require(readTextFile(cast)).split(separator: "\n")
        let header = try JSONSerialization.jsonObject(with: Data(castLines[0].utf8)) as? [String: Any]
        #expect(header?["version"] as? Int == 2)
        #expect(header?["width"] as? Int == 80 && header?["height"] as? Int == 24)
        var last = 0.0
        for line in castLines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            let time = try #require(event[0] as? Double)
            #expect(time >= last)
            last = time
        }
        let frames = try #require(readTextFile(folder + "/frames.txt"))
        #expect(frames.contains(" Banana"))

        let headless = try Subprocess.run([demo, "replay", "--headless", file])
        #expect(headless.status == 0)
        let screen = headless.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(titles(screen, 2 ... 5) == ["Banana", "Cherry", "Date", "Apple"])
    }

    /// A recording cut off mid-line (a killed recorder) replays its complete lines, with a
    /// warning naming the file and the line.
    @Test func aTruncatedRecordingReplaysWithAWarning() throws {
        let file = folder + "/cut.jsonl"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text =
            #"{"columns":40,"format":"tuilist-session","program":"t","rows":8,"start":"x","version":1}"# + "\n"
            + #"{"content":[{"content":{"detail":"d","id":1,"price":1,"title":"One"},"id":1},{"content":{"detail":"d","id":2,"price":2,"title":"Two"},"id":2}],"kind":"snapshot","sections":[{"id":"S","items":[1,2]}],"t":0}"#
            + "\n"
            + #"{"edit":{"del":[2],"ins":[["S",0,[2]]]},"kind":"edit","t":0.5}"# + "\n"
            + #"{"edit":{"del":[1"#
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        let result = try Subprocess.run([demo, "replay", "--headless", file])
        #expect(result.status == 0)
        #expect(
            result.errors
                == "tuilist-demo: warning: \(file):4: the last line is incomplete (the recording was cut off); replaying the 2 complete events before it\n"
        )
        let screen = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(screen[2].hasPrefix(" Two") && screen[3].hasPrefix(" One"), "\(screen)")
    }

    @Test(
        arguments: [
            ("missing", nil, "cannot open the recording: no such file"),
            ("empty", "", ":1: empty file"),
            ("notjson", "this is not json\n", ":1: not JSON"),
            (
                "version", #"{"columns":80,"format":"tuilist-session","program":"t","rows":24,"start":"x","version":7}"# + "\n",
                ":1: format version 7 is not supported"
            ),
        ] as [(String, String?, String)])
    func badRecordingsGiveOneLine(name: String, content: String?, expected: String) throws {
        let file = folder + "/\(name).jsonl"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let content { _ = FileManager.default.createFile(atPath: file, contents: Data(content.utf8)) }
        for command in [["replay", "--headless", file], ["export", file, "--output", folder + "/x.cast"]] {
            let result = try Subprocess.run([demo] + command)
            #expect(result.status == 1)
            let lines = result.errors.split(separator: "\n")
            #expect(lines.count == 1, "\(result.errors)")
            #expect(result.errors.hasPrefix("tuilist-demo: \(file)"), "\(result.errors)")
            #expect(result.errors.contains(expected), "\(result.errors)")
        }
    }
}
