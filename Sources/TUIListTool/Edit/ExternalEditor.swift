import Glibc

/// What `!` runs in `tuilist edit`: the person's own editor on a copy of the lines, as git
/// runs it — `$VISUAL`, else `$EDITOR`, else `vi`, through `/bin/sh` so that `code --wait`
/// or `vim -u NONE` work as they do for git.
///
/// The copy is a file with the edited file's name (`git-rebase-todo`, so editors recognise
/// it) in a new private folder under `$TMPDIR` (or `/tmp`); it is read back when the editor
/// exits 0 and removed in every case. The editor reads from and draws on the descriptors it
/// is given (the terminal the list was drawn on, which may be /dev/tty when standard input and
/// output are pipes); standard error is inherited.
///
/// ```swift
/// let saved = try ExternalEditor.edit(bytes, name: "git-rebase-todo",
///                                     command: ExternalEditor.command(getenv), input: 0, output: 1)
/// ```
package enum ExternalEditor {
    /// The editor command: `$VISUAL` (unless `TERM` is `dumb`), else `$EDITOR`, else `vi`;
    /// empty values are skipped.
    ///
    /// - Parameter variable: Looks up an environment variable (`{ getenv($0) }` wrapped).
    package static func command(_ variable: (String) -> String?) -> String {
        let dumb = variable("TERM") == "dumb"
        if !dumb, let visual = variable("VISUAL"), !visual.isEmpty { return visual }
        if let editor = variable("EDITOR"), !editor.isEmpty { return editor }
        return "vi"
    }

    /// The environment variable `name` of this process, or nil.
    ///
    /// - Parameter name: The variable's name.
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Writes `bytes` to a scratch file, runs `command` on it (`/bin/sh -c '<command> "$@"'`)
    /// and returns the file's bytes after the editor exits 0.
    ///
    /// - Parameters:
    ///   - bytes: The lines as they are now.
    ///   - name: The scratch file's name (the edited file's own, as editors pick their mode
    ///     by it); a name with `/` or an empty one becomes `file`.
    ///   - command: The editor command (``command(_:)``).
    ///   - input: The editor's standard input (the terminal).
    ///   - output: The editor's standard output (the terminal).
    /// - Throws: ``ToolFailure`` with one line: the scratch file could not be made or read,
    ///   `/bin/sh` could not start, or the editor failed (its status or signal named).
    /// - Complexity: one process; O(size of the file) to write and read it.
    package static func edit(
        _ bytes: [UInt8], name: String, command: String, input: Int32, output: Int32
    )
        throws(ToolFailure) -> [UInt8]
    {
        let base = (getenv("TMPDIR").map { String(cString: $0) }).flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/tuilist-edit-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ToolFailure("cannot make a folder for the editor in \(base): \(errorText(errno))")
        }
        let folder = String(cString: made)
        let fileName = name.isEmpty || name.contains("/") || name == "." || name == ".." ? "file" : name
        let path = folder + "/" + fileName
        defer {
            unlink(path)
            rmdir(folder)
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ToolFailure("cannot make \(path): \(errorText(errno))") }
        do {
            try EditableFile.writeAll(descriptor, bytes)
        } catch {
            close(descriptor)
            throw ToolFailure("cannot write \(path): \(errorText(error.code))")
        }
        close(descriptor)

        let status = try run(["/bin/sh", "-c", command + " \"$@\"", command, path], input: input, output: output)
        if status != .exited(0) {
            throw ToolFailure("the editor (\(command)) \(status.description): the list is as it was")
        }

        let reading = open(path, O_RDONLY | O_CLOEXEC)
        guard reading >= 0 else { throw ToolFailure("cannot read back \(path): \(errorText(errno))") }
        defer { close(reading) }
        do { return try EditableFile.readAll(reading, sizeHint: bytes.count) } catch {
            throw ToolFailure("cannot read back \(path): \(errorText(error.code))")
        }
    }

    /// Runs `arguments` with standard input and output on the given descriptors and waits.
    ///
    /// - Returns: How it ended.
    static func run(_ arguments: [String], input: Int32, output: Int32) throws(ToolFailure) -> ChildProcess.Status {
        do {
            let child = try ChildProcess.spawn(
                arguments, input: .descriptor(input), output: .descriptor(output), error: .inherit)
            return child.wait()
        } catch {
            throw ToolFailure("cannot run the editor: \(arguments[0]): \(error.reason)")
        }
    }
}
