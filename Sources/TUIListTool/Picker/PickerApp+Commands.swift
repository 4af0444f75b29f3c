import Foundation
import TUIList

#if canImport(Glibc)
import Glibc
#endif

extension PickerApp {
    /// The actions that scroll the preview or run a command: `preview-up`/`-down` and their
    /// pages (a page the pane's height, as fzf's), `execute(CMD)` (the terminal given to the
    /// command, then taken back), `become(CMD)` (the picker ends; the caller runs the command
    /// in its place, ``becomeCommand``), `reload(CMD)` (``reload(_:in:)``).
    func performCommandAction(_ action: PickerAction, in program: Program) {
        switch action {
        case .scrollPreview(let lines):
            scrollPreview(by: lines)
            program.setNeedsDisplay()
        case .scrollPreviewPages(let pages):
            scrollPreview(by: pages * (model.preview.pane.rect?.height ?? 0))
            program.setNeedsDisplay()
        case .execute(let template):
            let command = PreviewRunner.command(
                template, context: placeholderContext(row: list.state.selection), delimiter: options.delimiter)
            program.suspend { Self.runInTerminal(command) }
            program.setNeedsDisplay()
        case .become(let template):
            model.outcome.becomeCommand = PreviewRunner.command(
                template, context: placeholderContext(row: list.state.selection), delimiter: options.delimiter)
            runtime?.preview.cancel()
            model.outcome.exitStatus = 0
            quit(0, program)
        case .reload(let template):
            let command = PreviewRunner.command(
                template, context: placeholderContext(row: list.state.selection), delimiter: options.delimiter)
            reload(command, in: program)
        default:
            break
        }
    }

    /// Runs `command` with `sh -c` on the terminal and waits for it, as fzf's `execute`
    /// (``ChildProcess/runOnTerminal(_:)``).
    static func runInTerminal(_ command: String) {
        ChildProcess.runOnTerminal(["/bin/sh", "-c", command])
    }

    /// Replaces the process with `sh -c command`, its input the terminal (fzf's `become`):
    /// called once the picker's terminal is restored. Returns only if `sh` could not start.
    /// - Parameter command: The command, placeholders replaced.
    /// - Returns: The error `execv` gave.
    package static func become(_ command: String) -> Int32 {
        let tty = open("/dev/tty", O_RDONLY)
        if tty >= 0 {
            dup2(tty, 0)
            close(tty)
        }
        let arguments = ["sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        execv("/bin/sh", &argv)
        return errno
    }
}
