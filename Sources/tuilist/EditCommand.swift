import ArgumentParser
import Glibc
import TUIList
import TUIListCommandLine
import TUIListTool

/// `tuilist edit FILE`: reorder (and delete) a file's lines with the keyboard, written back
/// atomically; a git rebase todo gets its own mode (`GIT_SEQUENCE_EDITOR="tuilist edit"`).
struct EditCommand: ToolCommand {
    static let messagePrefix = "tuilist edit"

    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Reorder a file's lines with the keyboard and write them back in place.",
        discussion: """
            J/K or Shift-↑/↓ move the selected (or v-marked) lines, Space drags, d deletes, u/U \
            undo/redo, / filters, w writes and exits 0, q exits 0 when nothing changed (else asks; \
            y exits 1 without writing), T/B move to the top/bottom, m then a line moves there, ! \
            edits in $VISUAL/$EDITOR and comes back with what was saved, ? shows every key. Only \
            the order and the deleted lines change (and what ! or x brought): every other byte of \
            the file is kept, and the write is atomic.
            A file named git-rebase-todo (or --git-rebase) is a rebase todo: p r e s f d set \
            pick/reword/edit/squash/fixup/drop, D deletes a line, c shows the commit, x adds an \
            exec line (X edits one), b a break; a commit moves with the update-ref lines below \
            it; every line git writes (label, reset, merge, update-ref, ...) is kept byte for \
            byte. w refuses (one line naming it, the cursor on it) a todo git would stop on: an \
            unknown command word, a command without its argument, or a commit git cannot find \
            here (one git cat-file for the whole todo). --keys girt gives the keys of \
            git-interactive-rebase-tool: j/k move the line, p r e s f d, b, c, E, I, Delete, v, !, \
            Ctrl-Y redo, q asks and exits 1, Q exits 1 at once, w/W write (undo is u: Ctrl-Z \
            suspends); keys it leaves free keep their meaning here. A key that does nothing says so. \
            As git's sequence editor:
              git config --global sequence.editor "tuilist edit"
            Exit status: 0 written or unchanged, 1 changes discarded or Ctrl-C (not 130, which git \
            takes for its editor killed by SIGINT: it would stop itself mid-rebase), 2 the file \
            cannot be edited.
            """
    )

    @Flag(name: .long, help: "Treat the file as a git rebase todo (automatic for files named git-rebase-todo).")
    var gitRebase = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Whose keys: tuilist (J/K move a line, j/k the cursor) or girt (git-interactive-rebase-tool's defaults).",
            valueName: "tuilist|girt"))
    var keys: EditorKeymap.Keys = .tuilist

    @Argument(help: "The file to edit.", completion: .file())
    var file: String

    func run() throws {
        let editable: EditableFile
        do {
            editable = try EditableFile.open(file)
        } catch {
            fail(error)
        }
        let mode: EditorMode = gitRebase || RebaseTodo.isTodoFile(path: file) ? .rebase : .lines
        let app = EditorApp(
            model: EditorModel(document: editable.document, mode: mode), title: file,
            save: { bytes throws(ToolFailure) in try editable.write(bytes) })
        app.keys = keys
        if mode == .rebase {
            app.commitDetails = { GitShow.lines(for: $0) }
            app.verifyCommits = { GitCommits.unresolved($0) }
        }
        let name = file.split(separator: "/").last.map(String.init) ?? "file"
        // Standard input or output may be a pipe (`git rebase -i | cat`, a script): then the
        // editor draws on and reads from the controlling terminal, as vi does.
        let input: Int32, output: Int32
        do {
            (input, output) = try ControllingTerminal.descriptors(for: "to edit in")
        } catch {
            fail(error)
        }
        let terminal: NCursesTerminal
        do {
            terminal = try NCursesTerminal(input: input, output: output)
        } catch {
            fail(ToolFailure("cannot open the terminal: \(error)"))
        }
        app.externalEditor = { [input, output] bytes throws(ToolFailure) in
            try ExternalEditor.edit(
                bytes, name: name, command: ExternalEditor.command(ExternalEditor.environment), input: input, output: output)
        }
        let status = Program(terminal: terminal).run(app)
        terminal.restore()
        throw ExitCode(status)
    }
}

extension EditorKeymap.Keys: ExpressibleByArgument {}
