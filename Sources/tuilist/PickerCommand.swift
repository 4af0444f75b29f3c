import ArgumentParser
import Glibc
import TUIList
import TUIListTool

/// `COMMAND | tuilist`: pick lines from a pipe. Draws on /dev/tty, prints the choice on
/// standard output, so `cd "$(ls | tuilist)"` works.
struct PickerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pick",
        abstract: "Pick lines from standard input (the default: COMMAND | tuilist).",
        discussion: """
            Lines show as they arrive. Type to filter (words, case and accents ignored), ↑/↓ move, \
            Enter prints the chosen line (with --multi, Tab marks several) and exits 0; Esc or \
            Ctrl-C exit 130 with nothing printed; Enter with no match exits 1.
            """
    )

    @Option(name: .long, help: "Row identity: a 1-based whitespace-separated field (default: the whole line).")
    var key: Int?

    @Option(name: .long, help: "Row identity: the first capture group of this regular expression.")
    var keyRegex: String?

    @Option(name: .long, help: "Keep the first N lines on top as a header, not selectable.")
    var headerLines: Int = 0

    @Flag(name: .long, help: "Tab marks several lines; Enter prints all marked lines.")
    var multi = false

    func validate() throws {
        if let key, key < 1 { throw ValidationError("--key must be 1 or more (got \(key))") }
        if key != nil && keyRegex != nil { throw ValidationError("use --key or --key-regex, not both") }
        if headerLines < 0 { throw ValidationError("--header-lines must be 0 or more (got \(headerLines))") }
    }

    func run() throws {
        guard isatty(STDIN_FILENO) == 0 else {
            fail(
                ToolFailure("no input: pipe lines into it (e.g. `ls | tuilist`), or use a subcommand (tuilist --help)", status: 2)
            )
        }
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { fail(ToolFailure("cannot open /dev/tty: \(String(cString: strerror(errno)))", status: 2)) }
        let keying: LineKey = key.map { .field($0) } ?? keyRegex.map { .pattern($0) } ?? .wholeLine
        let inbox = LineInbox()
        let app: PickerApp
        do {
            app = try PickerApp(inbox: inbox, options: .init(key: keying, headerLines: headerLines, multi: multi))
        } catch {
            fail(error)
        }
        LineReader.start(descriptor: STDIN_FILENO, into: inbox)
        let terminal: NCursesTerminal
        do {
            terminal = try NCursesTerminal(input: tty, output: tty)
        } catch {
            fail(ToolFailure("cannot open the terminal: \(error)"))
        }
        let status = Program(terminal: terminal).run(app)
        terminal.restore()
        if status == 0 {
            var text = app.chosen.map { $0 + "\n" }.joined()
            text.withUTF8 { buffer in
                var done = 0
                while done < buffer.count {
                    let n = Glibc.write(STDOUT_FILENO, buffer.baseAddress! + done, buffer.count - done)
                    if n <= 0 { break }
                    done += n
                }
            }
        }
        Glibc.exit(status)
    }

    private func fail(_ failure: ToolFailure) -> Never {
        var line = "tuilist: \(failure.message)\n"
        line.withUTF8 { _ = Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        Glibc.exit(failure.status)
    }
}
