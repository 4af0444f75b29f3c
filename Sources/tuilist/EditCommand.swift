import ArgumentParser
import TUIList
import TUIListTool

/// `tuilist edit FILE`: reorder (and delete) a file's lines with the keyboard, written back
/// atomically; a git rebase todo gets its own mode.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Reorder a file's lines with the keyboard and write them back in place."
    )

    @Flag(name: .long, help: "Treat the file as a git rebase todo (automatic for files named git-rebase-todo).")
    var gitRebase = false

    @Argument(help: "The file to edit.")
    var file: String

    func run() throws {
        throw ToolFailure("tuilist edit: not built yet")
    }
}
