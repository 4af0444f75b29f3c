import ArgumentParser
import Foundation
import TUIList
import TUIListCommandLine
import TUIListTool

/// The `tuilist` tool: the root command only lists its subcommands; each one lives in its own
/// file (`EditCommand.swift`, ...), and its model in `Sources/TUIListTool/<Command>/`.
@main
struct TUIListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tuilist",
        abstract: "Animated terminal lists: edit a file's lines in place, watch a command, pick from a pipe.",
        version: "tuilist \(TUIListVersion.string)",
        // One subcommand per line, so commands added on different branches merge cleanly.
        subcommands: [
            PickerCommand.self,
            EditCommand.self,
            WatchCommand.self,
            ReplayCommand.self,
            ExportCommand.self,
        ],
        defaultSubcommand: PickerCommand.self
    )

    /// Parses the command line, the picker's options as fzf's (``PickerCommandLine``: joined
    /// short values, `+x` negations, `FZF_DEFAULT_OPTS` then `TUILIST_DEFAULT_OPTS` before
    /// the command line's) and procps watch's `--differences=permanent` among watch's options;
    /// a usage error is one line and exit status 2, as fzf's.
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if let shell = CompletionScript.requestedShell(arguments) {
            print(CompletionScript.script(for: shell), terminator: "")
            return
        }
        if arguments.first == "watch" {
            arguments = ["watch"] + WatchCommandLine.normalized(Array(arguments.dropFirst()))
        } else {
            do {
                // What fzf's configuration holds that the picker lacks is skipped, one line each.
                arguments = try PickerCommandLine.arguments(arguments, environment: ProcessInfo.processInfo.environment) {
                    FileHandle.standardError.write(Data("tuilist: \($0)\n".utf8))
                }
            } catch {
                exitWithMessage(error.message, prefix: "tuilist", status: error.status)
            }
        }
        mainWithOneLineUsageErrors(arguments)
    }
}
