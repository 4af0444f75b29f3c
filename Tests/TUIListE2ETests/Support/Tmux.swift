import Foundation

/// A terminal program running in a tmux server of its own, for end-to-end tests.
///
/// Each session starts a private server (`tmux -L tuilist-<uuid>`, no config file), so tests
/// never touch the user's tmux or each other, and `kill()` (also run on deinit) stops only that
/// server. Screens are read with `capture-pane -p`: one string per line, trailing spaces
/// trimmed, a wide character once.
///
/// ```swift
/// let session = try TmuxSession.start(width: 80, height: 24, command: "\(binary); echo exit=$?; sleep 30")
/// defer { session.kill() }
/// try session.waitFor("press q")       // polls, never a fixed sleep
/// try session.sendKeys("q")
/// let screen = try session.waitFor("exit=0")
/// ```
final class TmuxSession {
    /// Why a tmux step failed; the description carries the screen when there is one.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The server's socket name (`tmux -L <socketName>`).
    let socketName: String
    private var isKilled = false

    private init(socketName: String) {
        self.socketName = socketName
    }

    /// True when tmux 3.2 or later is on the PATH (tests skip themselves otherwise), and
    /// always under CI, where a missing tmux fails each test instead.
    static var isAvailable: Bool { ReferenceTools.tmux || ReferenceTools.isCI }

    /// Starts a detached session of `width`×`height` running `command` through `sh -c`.
    ///
    /// - Parameters:
    ///   - environment: Extra variables for the command (`LANG=C.UTF-8` is always set, so wide
    ///     characters work whatever the test's locale; `NO_COLOR` is never inherited).
    /// - Throws: `Failure` when tmux cannot start.
    static func start(
        width: Int = 80, height: Int = 24, command: String,
        environment: [String: String] = [:]
    ) throws -> TmuxSession {
        let session = TmuxSession(socketName: "tuilist-\(UUID().uuidString.prefix(8).lowercased())")
        var arguments = ["new-session", "-d", "-x", String(width), "-y", String(height)]
        // No fzf configuration of the machine's user reaches fzf or the picker.
        var variables = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "FZF_DEFAULT_OPTS": "", "FZF_DEFAULT_OPTS_FILE": ""]
        variables.merge(environment) { $1 }
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
            arguments += ["-e", "\(name)=\(value)"]
        }
        arguments += ["sh", "-c", command]
        do {
            try session.tmux(arguments)
        } catch {
            session.kill()
            throw error
        }
        return session
    }

    /// Sends tmux key names (`"q"`, `"Up"`, `"S-Up"`, `"C-c"`, `"PageDown"`, `"F5"`, `"Enter"`).
    func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "0"] + keys)
    }

    /// Types `text` literally (no key-name lookup).
    func sendText(_ text: String) throws {
        try tmux(["send-keys", "-t", "0", "-l", text])
    }

    /// Pastes `text` as a terminal would: bracketed (`ESC [ 200 ~` … `ESC [ 201 ~`) when the
    /// program asked for bracketed paste, as typed text otherwise.
    func pasteBuffer(_ text: String) throws {
        try tmux(["set-buffer", "-b", "tuilist-test", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "tuilist-test", "-t", "0"])
    }

    /// The screen now, one string per line, trailing spaces trimmed.
    /// - Parameter escapes: Keep the SGR escape sequences of colours and attributes (`-e`).
    func capture(escapes: Bool = false) throws -> [String] {
        let output = try tmux(["capture-pane", "-p", "-t", "0"] + (escapes ? ["-e"] : []))
        var lines = output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines.map { $0.trimmingTrailingSpaces() }
    }

    /// Polls the screen until `condition` holds, at most `timeout` seconds.
    /// - Parameter escapes: Hand `condition` the screen with its SGR escape sequences (see
    ///   ``capture(escapes:)``), to wait for a style.
    /// - Returns: The screen that satisfied it.
    /// - Throws: `Failure` with `what` and the last screen when time runs out.
    @discardableResult
    func waitUntil(
        _ what: String, timeout: Double = 10, escapes: Bool = false, _ condition: ([String]) -> Bool
    ) throws -> [String] {
        // Under a sanitizer (`slowdown` > 1) the program takes longer to show the same screen.
        let deadline = Date().addingTimeInterval(timeout * slowdown)
        var screen: [String] = []
        while true {
            screen = (try? capture(escapes: escapes)) ?? []
            if condition(screen) {
                // tmux shows a program's output as it arrives, so a capture can land inside a
                // frame being written: its first rows new, the rest still the last frame's
                // (CI, 2026-11-26: a pane's rule said "10–19 of 55" over rows 1–9). A second
                // look a moment later that still satisfies the condition is the screen
                // returned; one that no longer does (a state that passed) leaves the first.
                usleep(30_000)
                if let again = try? capture(escapes: escapes), condition(again) { return again }
                return screen
            }
            if Date() > deadline {
                let screenText = screen.joined(separator: "\n")
                throw Failure(description: "timed out after \(timeout * slowdown)s waiting for \(what); screen:\n" + screenText)
            }
            usleep(20_000)
        }
    }

    /// Polls until `text` appears somewhere on the screen, at most `timeout` seconds.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) throws -> [String] {
        try waitUntil("\"\(text)\"", timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Polls until a line begins with `prefix` (a command's output, such as `got:` from
    /// `echo "got:$x"`), at most `timeout` seconds. Unlike ``waitFor(_:timeout:)`` it is not
    /// satisfied by the command line typed at a prompt (`$ … echo "got:$x"`), which holds the
    /// same text before the command has printed anything.
    @discardableResult
    func waitForLine(startingWith prefix: String, timeout: Double = 10) throws -> [String] {
        try waitUntil("a line starting \"\(prefix)\"", timeout: timeout) { $0.contains { $0.hasPrefix(prefix) } }
    }

    /// Whether the pane shows its alternate screen (a full-screen program that has not left it).
    func isOnAlternateScreen() throws -> Bool {
        try tmux(["display-message", "-p", "-t", "0", "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Where the pane's cursor is (0-based column and line), shown or hidden.
    func cursor() throws -> (x: Int, y: Int) {
        let parts = try tmux(["display-message", "-p", "-t", "0", "#{cursor_x} #{cursor_y}"])
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return (parts.first ?? -1, parts.dropFirst().first ?? -1)
    }

    /// The process id of the pane's command (the `sh -c` wrapper).
    func panePID() throws -> Int32 {
        let output = try tmux(["display-message", "-p", "-t", "0", "#{pane_pid}"])
        guard let pid = Int32(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "no pane pid in \"\(output)\"")
        }
        return pid
    }

    /// The process ids of the direct children of `pid` (Linux: /proc/<pid>/task/<pid>/children).
    static func children(of pid: Int32) -> [Int32] {
        let path = "/proc/\(pid)/task/\(pid)/children"
        guard let text = readTextFile(path) else { return [] }
        return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Resizes the session's window.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", String(width), "-y", String(height)])
    }

    /// Stops this session's server (and the programs in it) and removes its socket. Idempotent.
    func kill() {
        guard !isKilled else { return }
        isKilled = true
        _ = try? tmux(["kill-server"])
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(folder)/tmux-\(getuid())/\(socketName)")
    }

    deinit { kill() }

    /// Runs `tmux -L <socket> -f /dev/null <arguments>` and returns its standard output.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try TmuxSession.runTmux(arguments, socket: socketName)
    }

    private static func runTmux(_ arguments: [String], socket: String?) throws -> String {
        var all = ["tmux", "-u"]
        if let socket { all += ["-L", socket, "-f", "/dev/null"] }
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        // The test runner's NO_COLOR would reach the programs under test; a test that wants it
        // sets it in its command.
        environment.removeValue(forKey: "NO_COLOR")
        let result = try Subprocess.run(all + arguments, environment: environment)
        guard result.status == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.errors)")
        }
        return result.output
    }
}

/// Paths of the package and its built products, for end-to-end tests.
enum TestPaths {
    /// The package root: the nearest folder above this file holding Package.swift.
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url = url.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// The built executable `name`: next to the running test binary (the build folder
    /// `swift test` used), else in `<package>/.build/debug`. Nil when neither exists.
    static func executable(_ name: String) -> String? {
        var candidates: [URL] = []
        if let testBinary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var folder = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
            // Inside an .xctest bundle on Darwin the binary sits deeper; walk up to the build folder.
            while folder.path != "/" {
                candidates.append(folder.appendingPathComponent(name))
                if folder.lastPathComponent == "debug" || folder.lastPathComponent == "release" { break }
                folder = folder.deletingLastPathComponent()
            }
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/\(name)"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }?.path
    }
}

extension String {
    /// The string without spaces at its end.
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }

    /// The string quoted for `sh`.
    var shellQuoted: String { "'" + replacingOccurrences(of: "'", with: "'\\''") + "'" }
}

/// Whether the first `text` on a screen captured with escapes (`capture(escapes: true)`) is
/// drawn as the selection bar: in reverse video, or on the bar's dark grey (`48;5;236`, where
/// the terminal erases in colour: see `TextAttributes.bar`). tmux writes a style only where it
/// changes, so one line's style can begin lines above: the SGR state is followed from the top
/// of the screen. False when `text` is not on the screen.
func isSelectionBar(_ text: String, on screen: [String]) -> Bool {
    var state = (reverse: false, bar: false)
    for line in screen {
        var plain = "", states: [Bool] = []
        var rest = line[...]
        while !rest.isEmpty {
            if let match = rest.prefixMatch(of: /\x1B\[([0-9;]*)m/) {
                state = applySGR(String(match.1), to: state)
                rest = rest[match.range.upperBound...]
            } else {
                plain.append(rest.removeFirst())
                states.append(state.reverse || state.bar)
            }
        }
        if let range = plain.range(of: text) { return states[plain.distance(from: plain.startIndex, to: range.lowerBound)] }
    }
    return false
}

/// Reverse video and the bar's background after an SGR sequence's parameters: 0 (or none)
/// resets both, 7 sets reverse and 27 clears it, 48;5;236 sets the bar and another background
/// (or 49) clears it; the numbers inside a 38/48 colour are not attributes.
private func applySGR(_ text: String, to state: (reverse: Bool, bar: Bool)) -> (reverse: Bool, bar: Bool) {
    let parameters = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
    var state = state, index = 0
    while index < parameters.count {
        switch parameters[index] {
        case 0: state = (false, false); index += 1
        case 7: state.reverse = true; index += 1
        case 27: state.reverse = false; index += 1
        case 40 ... 47, 49, 100 ... 107: state.bar = false; index += 1
        case 48:
            state.bar = Array(parameters.dropFirst(index + 1).prefix(2)) == [5, 236]
            index += parameters.count > index + 1 && parameters[index + 1] == 5 ? 3 : 5
        case 38: index += parameters.count > index + 1 && parameters[index + 1] == 5 ? 3 : 5
        default: index += 1
        }
    }
    return state
}
