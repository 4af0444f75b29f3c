import Foundation
import Testing

/// The real `tuilist-demo` in a real terminal: each test starts it in a tmux server of its own,
/// types keys, and reads the screen until the expected text appears (never a fixed sleep).
/// After every way out, `stty -a` in the same pane must show the terminal restored.
@Suite("tuilist-demo in tmux", .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct DemoE2ETests {
    let demo: String

    init() throws {
        demo = try #require(TestPaths.executable("tuilist-demo"), "tuilist-demo is not built (swift test builds it)")
    }

    /// Runs the demo with `arguments`, then prints its exit status and the terminal modes.
    /// `prefix` goes before the command in the `sh -c` text (e.g. `TERM=x ` — tmux sets TERM
    /// for its panes itself, so it must be set there).
    private func start(
        _ arguments: String = "", width: Int = 80, height: Int = 24, prefix: String = ""
    ) throws -> TmuxSession {
        try TmuxSession.start(
            width: width, height: height,
            command: "\(prefix)\(demo.shellQuoted) \(arguments); echo \"exit=$?\"; stty -a; sleep 60")
    }

    /// The titles of the rows of the first section, in screen order (lines 2...11 at 80×24).
    private func fruit(_ screen: [String]) -> [String] {
        screen[2 ... 11].map { $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? "" }
    }

    @Test func startsShowsTheListAndQuitsRestoringTheTerminal() throws {
        let session = try start()
        defer { session.kill() }
        // Wait for the whole first frame: a loaded machine can show it half drawn.
        let screen = try session.waitUntil("the first screen") {
            $0.count == 24 && $0[23].contains("? help") && $0[2].contains("Apple")
        }
        #expect(screen[0].hasPrefix(" TUIList demo"))
        #expect(screen[1].hasPrefix("Fruit"))
        #expect(screen[2].hasPrefix(" Apple"))
        #expect(screen[21].hasPrefix("日本の食べ物 Japanese food"), "wide characters drawn: \(screen[21])")
        #expect(screen[22].contains("39 items · 5 sections"))
        #expect(screen[23].contains("? help  q quit"))
        try session.sendKeys("q")
        let after = try session.waitFor("icanon")
        #expect(after.contains("exit=0"))
        expectTerminalRestored(after)
    }

    @Test func navigatesAndSwaps() throws {
        let session = try start()
        defer { session.kill() }
        try session.waitFor("Apple")
        try session.sendKeys("j", "J")  // cursor to Banana, swap it down past Cherry
        try session.waitUntil("Banana below Cherry, and the status line says so") {
            fruit($0).prefix(3) == ["Apple", "Cherry", "Banana"] && $0[22].contains("last ↕1")
        }
        try session.sendKeys("K", "K")  // and back up twice: Banana first
        try session.waitUntil("Banana first") { fruit($0).prefix(3) == ["Banana", "Apple", "Cherry"] }
        try session.sendKeys("End")
        try session.waitFor("Ålesund")
    }

    @Test func fullAnimatedSortEndsSorted() throws {
        let session = try start()
        defer { session.kill() }
        try session.waitFor("Apple")
        try session.sendKeys("t", "1")  // sort key: price; insertion sort of Fruit
        try session.waitFor("SORTING insertion by price")
        let sorted = ["Banana", "Kiwi", "Nectarine", "Grapefruit", "Apple", "Fig", "Mango", "Elderberry", "Cherry", "Date"]
        try session.waitFor("insertion sort done", timeout: 20)
        try session.waitUntil("Fruit sorted by price") { fruit($0) == sorted }
    }

    @Test func dragsAcrossSectionsDropsAndCancels() throws {
        let session = try start()
        defer { session.kill() }
        try session.waitFor("Apple")
        try session.sendKeys("Space")
        try session.waitFor("DRAG")
        for _ in 0 ..< 10 { try session.sendKeys("Down") }  // past the end of Fruit, into the next section
        try session.sendKeys("Enter")
        try session.waitFor("dropped 1 item")
        let dropped = try session.waitUntil("Apple first in Légumes") { screen in
            guard let header = screen.firstIndex(where: { $0.hasPrefix("Légumes") }), header + 2 < screen.count else {
                return false
            }
            return screen[header + 1].hasPrefix(" Apple") && screen[header + 2].hasPrefix(" Artichaut")
        }
        #expect(fruit(dropped).first == "Banana")

        try session.sendKeys("g", "j", "Space", "Down", "Down")  // pick Banana up and carry it
        try session.waitUntil("Banana carried down") { fruit($0).prefix(3) == ["Cherry", "Date", "Banana"] }
        try session.sendKeys("Escape")
        try session.waitFor("drag cancelled")
        try session.waitUntil("Banana home") { fruit($0).first == "Banana" }
    }

    @Test func filtersAndUndoes() throws {
        let session = try start()
        defer { session.kill() }
        try session.waitFor("Apple")
        try session.sendKeys("/")
        try session.sendText("zur")
        try session.waitUntil("only Zürich, 1 of 39 items") { screen in
            screen.contains { $0.contains("Zürich") } && !screen.contains { $0.contains("Apple") }
                && screen[22].contains("1/39 items")
        }
        try session.sendKeys("Escape")
        // "0/39 items" also contains "39 items": wait until Escape was read (25 ms after it
        // came), or the next key would join it as Alt+g.
        try session.waitUntil("the filter cleared") { $0[22].hasPrefix(" 39 items") }
        try session.sendKeys("g", "j")  // back to the top, onto Apple
        try session.waitFor("Apple")
        try session.sendKeys("d")
        try session.waitUntil("Apple deleted") { !$0.contains { $0.contains("Apple") } }
        try session.sendKeys("u")
        try session.waitFor("Apple")
    }

    @Test func resizesDownToATinyWindowAndBack() throws {
        let session = try start()
        defer { session.kill() }
        try session.waitFor("Apple")
        try session.resize(width: 20, height: 6)
        try session.waitUntil("the list at 20×6") {
            $0.count == 6 && $0[1].hasPrefix("Fruit") && $0[0].hasPrefix(" TUIList")
        }
        try session.resize(width: 12, height: 3)
        try session.waitFor("Too small")
        try session.resize(width: 80, height: 24)
        try session.waitUntil("the full list again") {
            $0.count == 24 && $0[2].hasPrefix(" Apple") && $0[23].contains("? help")
        }
        try session.sendKeys("q")
        expectTerminalRestored(try session.waitFor("icanon"))
    }

    @Test func ctrlCRestoresTheTerminal() throws {
        // Ctrl-C signals the whole foreground group; `trap : INT` keeps the wrapper shell
        // alive to print the modes, as an interactive shell would.
        let session = try start(prefix: "trap : INT; ")
        defer { session.kill() }
        try session.waitFor("Apple")
        try session.sendKeys("C-c")
        let after = try session.waitFor("icanon")
        #expect(after.contains("exit=130"), "Ctrl-C ends the demo with 128 + SIGINT")
        expectTerminalRestored(after)
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let session = try start()
        defer { session.kill() }
        try session.waitFor("Apple")
        let child = try #require(TmuxSession.children(of: try session.panePID()).first)
        #expect(kill(child, SIGTERM) == 0)
        let after = try session.waitFor("icanon")
        #expect(after.contains("exit=143"))
        expectTerminalRestored(after)
    }

    /// 256 colours, 8 colours, no colour at all: the same text on screen, and keys work.
    @Test(arguments: ["TERM=xterm-256color ", "TERM=xterm ", "TERM=vt100 ", "NO_COLOR=1 "])
    func worksInEveryColourSetting(_ prefix: String) throws {
        let session = try start(prefix: prefix)
        defer { session.kill() }
        try session.waitUntil("the list") { $0.count > 2 && $0[1].hasPrefix("Fruit") && $0[2].contains("Apple") }
        try session.sendKeys("J")
        try session.waitUntil("a swap") { fruit($0).prefix(2) == ["Banana", "Apple"] }
        try session.sendKeys("q")
        expectTerminalRestored(try session.waitFor("icanon"))
    }

    /// Where the demo cannot start its screen (its output is no terminal): one line naming
    /// why, status 1, no crash. (An unknown TERM no longer is such a place: AnyTerminalE2ETests.)
    @Test func noTerminalGivesOneLine() throws {
        let result = try Subprocess.run(["/bin/sh", "-c", "\(demo.shellQuoted) </dev/null >/dev/null"])
        let messages = result.errors.split(separator: "\n").filter { $0.hasPrefix("tuilist-demo:") }
        #expect(messages.count == 1, "\(result.errors)")
        #expect(messages.first?.contains("not a terminal") == true, "\(result.errors)")
        #expect(result.status == 1)
        #expect(!result.errors.contains("Fatal error") && !result.errors.contains("Stack dump"))
    }

    @Test func aHundredThousandItemsStaySmooth() throws {
        let session = try start("--items 100000 --sections 10 --seed 4")
        defer { session.kill() }
        try session.waitFor("100000 items · 10 sections", timeout: 20)
        try session.sendKeys("G")
        try session.waitFor("item 100000 of 100000")
        try session.sendKeys("S")  // shuffle everything: one animated apply over 100,000 items
        // Smooth: the animation's own frame rate, measured by the demo over its frames and
        // shown while it runs. A release build draws 53-54 fps here; this debug build, beside
        // the other tests (or under AddressSanitizer), must still draw a frame at least every
        // 200 ms: the animation never stalls (200 ms × `slowdown` under ThreadSanitizer).
        var rates: [Int] = []
        let deadline = Date().addingTimeInterval(20 * slowdown)
        while Date() < deadline {
            let screen = try session.capture()
            if screen.count > 22, let range = screen[22].range(of: #"(\d+) fps"#, options: .regularExpression) {
                rates.append(Int(screen[22][range].split(separator: " ")[0]) ?? 0)
            }
            if screen.count > 22 && screen[22].contains("last ↕") && !screen[22].contains("fps") && !rates.isEmpty { break }
            usleep(10_000)
        }
        #expect(!rates.isEmpty, "the status line showed the frame rate while the shuffle animated")
        #expect(
            Double(rates.max() ?? 0) >= 5 / slowdown,
            "frame rate during a 100,000-item shuffle: \(rates) (slowdown \(slowdown))")
        let shuffled = try session.waitFor("last ↕", timeout: 20)
        #expect(shuffled[22].contains("100000 items"))
    }

    @Test func commandLineHelpAndBadValues() throws {
        let help = try Subprocess.run([demo, "--help"])
        #expect(help.status == 0)
        for option in ["--items", "--sections", "--seed", "--data", "--record", "replay", "export"] {
            #expect(help.output.contains(option), "--help mentions \(option)")
        }
        let bad = try Subprocess.run([demo, "--items", "lots"])
        #expect(bad.status != 0)
        #expect(bad.errors.contains("--items"), "\(bad.errors)")
        let zero = try Subprocess.run([demo, "--items", "0"])
        #expect(zero.status != 0)
        #expect(zero.errors.contains("--items must be between 1 and 5000000 (got 0)"), "\(zero.errors)")
        let missing = try Subprocess.run([demo, "--data", "/nonexistent.json"])
        #expect(missing.status == 1)
        #expect(missing.errors.hasPrefix("tuilist-demo: /nonexistent.json: cannot read the file"), "\(missing.errors)")
    }
}
