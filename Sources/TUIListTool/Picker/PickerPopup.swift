import Foundation

/// fzf's `--tmux[=SPEC]` (`--popup`): inside tmux, the picker runs in a tmux popup over the
/// pane, and the caller gets its output and exit status as from a picker run in place.
///
/// The caller's piped lines go to the popup's picker through a FIFO, read as they come; its
/// output comes back through a file, and its status through another (so a popup that never
/// ran is told from a picker that exited 1). The popup runs a script (mode 0600) that
/// exports the caller's environment (tmux starts popups with the server's) and runs this
/// very program with the caller's arguments and `--no-tmux --no-height`, Ctrl-Z ignored (a
/// popup cannot be suspended) and a rounded border unless `--border` or `border-native`
/// says otherwise. A popup that could not open (no client attached, a tmux older than 3.3)
/// gives `nil`: the caller runs in place.
///
/// ```swift
/// let spec = try PickerPopup.Spec(parsing: "bottom,40%")  // full width, 40% high, at the bottom
/// if let ended = PickerPopup.run(
///     spec, arguments: CommandLine.arguments, border: nil, input: STDIN_FILENO, output: STDOUT_FILENO,
///     environment: ProcessInfo.processInfo.environment)
/// {
///     exit(ended.status)
/// }
/// ```
package enum PickerPopup {
    /// Where the popup goes and its size (fzf's `[center|top|bottom|left|right][,SIZE[%]][,SIZE[%]][,border-native]`).
    package struct Spec: Equatable, Sendable {
        /// tmux's `-x` and `-y` for the position.
        package var x = "C", y = "C"
        /// tmux's `-w` and `-h`: cells, or a percentage of the window (`50%`).
        package var width = "50%", height = "50%"
        /// Whether tmux draws the popup's border (`border-native`); otherwise the picker draws
        /// its own, as fzf does.
        package var nativeBorder = false

        /// fzf's default popup: centred, half the window each way.
        package init() {}

        /// Parses a `--tmux` value (empty for the default).
        /// - Throws: ``ToolFailure`` naming the value, as fzf's `invalid popup option`.
        package init(parsing text: String) throws(ToolFailure) {
            let failure = ToolFailure(
                "--tmux: invalid popup option: \(text) (expected: [center|top|bottom|left|right][,SIZE[%]][,SIZE[%]][,border-native])"
            )
            guard !text.isEmpty else { return }
            var tokens = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard tokens.count <= 4 else { throw failure }
            if let native = tokens.firstIndex(of: "border-native") {
                tokens.remove(at: native)
                nativeBorder = true
            }
            var position = tokens.first ?? "center"
            switch position {
            case "top", "up": (x, y, width) = ("C", "0", "100%")
            case "bottom", "down": (x, y, width) = ("C", "9999", "100%")
            case "left": (x, y, height) = ("0", "C", "100%")
            case "right": (x, y, height) = ("R", "C", "100%")
            case "center": break
            default:
                position = "center"
                tokens.insert("center", at: 0)
            }
            let sizes = try tokens.dropFirst().map { token throws(ToolFailure) -> String in
                guard let size = Self.size(token) else { throw failure }
                return size
            }
            switch (sizes.count, position) {
            case (0, _): break
            case (1, "top"), (1, "up"), (1, "bottom"), (1, "down"): height = sizes[0]
            case (1, "left"), (1, "right"): width = sizes[0]
            case (1, _): (width, height) = (sizes[0], sizes[0])
            case (2, _): (width, height) = (sizes[0], sizes[1])
            default: throw failure
            }
        }

        /// `token` as tmux's size (`40`, `40%`), or nil when it is neither a number of cells
        /// nor a percentage up to 100.
        private static func size(_ token: String) -> String? {
            let percent = token.hasSuffix("%")
            let digits = percent ? token.dropLast() : token[...]
            guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy(\.isASCII), let number = Int(digits),
                !percent || number <= 100
            else { return nil }
            return token
        }
    }

    /// Runs the picker of `arguments` (this program's whole command line) in a tmux popup
    /// placed by `spec`, the lines read from `input` fed to it, its output written to `output`.
    ///
    /// - Parameters:
    ///   - border: The `--border` the arguments ask for, if any (with none, or `line`, the
    ///     picker draws a rounded one, as fzf's popup does).
    ///   - environment: Exported to the picker in the popup.
    /// - Returns: The picker's exit status and the command its `become(…)` handed over (to
    ///   run in this process's place), or nil when no popup ran (nothing of `input` read). A
    ///   popup closed before its picker ended (`display-popup -C`, a detached client) gives
    ///   status 130.
    package static func run(
        _ spec: Spec, arguments: [String], border: String?, input: Int32, output: Int32, environment: [String: String]
    ) -> (status: Int32, become: String?)? {
        guard let executable = Self.executablePath(), let folder = Self.scratchFolder() else { return nil }
        defer { removeFolder(folder) }
        let file = { (name: String) in folder + "/" + name }
        // (Ctrl-Z first, as fzf: a popup cannot be suspended, but a binding given wins.)
        var given = Array(arguments.dropFirst())
        let subcommand = given.first == "pick" ? [given.removeFirst()] : []
        var command = [executable] + subcommand + ["--bind=ctrl-z:ignore"] + given + ["--no-tmux", "--no-height"]
        if (border == nil || border == "line") && !spec.nativeBorder { command.append("--border=rounded") }
        // (tmux starts a popup with its server's environment: what the caller unset stays unset.)
        var text = "unset FZF_DEFAULT_COMMAND FZF_DEFAULT_OPTS FZF_DEFAULT_OPTS_FILE TUILIST_DEFAULT_OPTS\n"
        var exported = environment
        exported[becomeVariable] = file("become")
        for (name, value) in exported.sorted(by: { $0.key < $1.key }) where isShellName(name) {
            text += "export \(name)=\(shellQuoted(value))\n"
        }
        // (Its own warnings about the options were printed here already: its standard error is
        // kept, and shown here without them.)
        text += command.map(shellQuoted).joined(separator: " ")
        text += " < \(shellQuoted(file("in"))) > \(shellQuoted(file("out"))) 2> \(shellQuoted(file("err")))\n"
        text += "echo $? > \(shellQuoted(file("status")))\n"
        guard mkfifo(file("in"), 0o600) == 0, write(text, to: file("run.sh")) else { return nil }
        feed(input, to: file("in"), marking: file("opened"))

        var popup = ["tmux", "display-popup", "-E", "-d", FileManager.default.currentDirectoryPath, "-x", spec.x, "-y", spec.y]
        popup += ["-w", spec.width, "-h", spec.height]
        if !spec.nativeBorder { popup.append("-B") }
        popup += ["/bin/sh", file("run.sh")]
        guard let tmux = try? ChildProcess.spawn(popup, input: .null, output: .null, error: .null) else { return nil }
        _ = tmux.wait()
        guard let code = readFile(file("status")).flatMap({ Int32(String(decoding: $0, as: UTF8.self).filter(\.isNumber)) })
        else {
            // (A picker that opened its input and was ended with its popup read some of it:
            // too late to run in place.)
            return access(file("opened"), F_OK) == 0 ? (130, nil) : nil
        }
        if let bytes = readFile(file("out")) { try? EditableFile.writeAll(output, bytes) }
        if let bytes = readFile(file("err")) {
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").filter {
                !$0.hasSuffix("(tuilist pick does not support it)")
            }
            if !lines.isEmpty { try? EditableFile.writeAll(STDERR_FILENO, Array(lines.map { $0 + "\n" }.joined().utf8)) }
        }
        let become = readFile(file("become")).map { String(decoding: $0, as: UTF8.self) }
        return (code, become)
    }

    /// The variable that tells a picker it runs in a popup, naming the file its `become(…)`
    /// command goes to.
    private static let becomeVariable = "TUILIST_POPUP_BECOME"

    /// In a popup's picker, the file its `become(…)` command goes to, taken out of the
    /// environment (so that no program it starts, a picker among them, takes it too); nil
    /// outside a popup.
    package static func takeHandOverFile() -> String? {
        guard let value = getenv(becomeVariable) else { return nil }
        let path = String(cString: value)
        unsetenv(becomeVariable)
        return path.isEmpty ? nil : path
    }

    /// Hands `command` (a `become(…)`'s) to the picker that opened the popup, through `file`
    /// (``takeHandOverFile()``'s), to run on its terminal.
    package static func handOver(_ command: String, to file: String) -> Bool {
        write(command, to: file)
    }

    /// Copies `input` into the FIFO at `path` on a thread of its own, once the popup's picker
    /// opens it (never, if the popup does not open: nothing is read then), making the file
    /// `marker` when it does.
    private static func feed(_ input: Int32, to path: String, marking marker: String) {
        let path = path
        Thread.detachNewThread {
            // (The picker may stop reading, a line chosen: EPIPE for this thread's writes, no
            // SIGPIPE for the process, whose `become` command would inherit an ignored one.)
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            let fifo = open(path, O_WRONLY | O_CLOEXEC)
            guard fifo >= 0 else { return }
            defer { close(fifo) }
            close(open(marker, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600))
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0, (try? EditableFile.writeAll(fifo, Array(chunk[0 ..< count]))) != nil else { return }
            }
        }
    }

    /// This program's path (`/proc/self/exe`).
    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0 ..< count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A new folder only this user reads, under `TMPDIR` (or `/tmp`).
    private static func scratchFolder() -> String? {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/tuilist-popup-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
        return String(cString: made)
    }

    private static func removeFolder(_ folder: String) {
        for name in ["run.sh", "in", "out", "err", "status", "become", "opened"] { unlink(folder + "/" + name) }
        rmdir(folder)
    }

    private static func write(_ text: String, to path: String) -> Bool {
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard file >= 0 else { return false }
        defer { close(file) }
        return (try? EditableFile.writeAll(file, Array(text.utf8))) != nil
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        guard let bytes = try? EditableFile.readAll(file, sizeHint: 1 << 12), !bytes.isEmpty else { return nil }
        return bytes
    }

    /// Whether `name` can be exported by `sh` (`[A-Za-z_][A-Za-z0-9_]*`).
    private static func isShellName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0" ... "9").contains($0)))
        }
    }
}
