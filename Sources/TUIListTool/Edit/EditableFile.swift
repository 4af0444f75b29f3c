import Glibc

/// A file opened for `tuilist edit`: read whole, checked to be writable, and written back
/// atomically.
///
/// ``open(_:)`` does every check before the editor starts, so a file that cannot be edited is
/// refused with one line and never touched: it must exist, be a regular file (a symbolic link
/// is followed; the file it names is the one written), be readable, be text
/// (``LineDocument``), be writable by this user, and its folder must take a new file with the
/// file's owner and mode (the very steps the write will take, tried once on a scratch file).
///
/// ``write(_:)`` replaces the file's content atomically: a temporary file in the same folder
/// gets the bytes, the original's owner and mode, and an `fsync`; `rename` puts it in place;
/// the folder is `fsync`ed so the rename survives a crash. Readers see either the old file or
/// the new one, never a part. SIGINT, SIGTERM and SIGHUP wait while it runs, so an
/// interrupted editor never leaves a temporary file behind. The file's other names (hard
/// links) keep the old content, as with every editor that saves by renaming.
///
/// ```swift
/// let file = try EditableFile.open("todo.txt")
/// let document = file.document
/// try file.write(document.bytes(order: [1, 0, 2]))
/// ```
package struct EditableFile: Sendable {
    /// The path as given.
    package let path: String
    /// The path written: `path` with symbolic links resolved.
    package let resolvedPath: String
    /// The file's lines.
    package let document: LineDocument
    /// The file's permission bits (including setuid, setgid and sticky).
    package let mode: UInt32
    /// The file's owner and group.
    package let owner: UInt32, group: UInt32
    /// What `stat` said when it was read: a write refuses if the file changed since.
    let identity: FileIdentity

    /// The parts of `stat` that say "same file, same content as read".
    struct FileIdentity: Equatable, Sendable {
        var device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int, modifiedNanoseconds: Int

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modifiedSeconds = Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        }
    }

    /// Reads `path` and checks that it can be written back.
    ///
    /// - Throws: ``ToolFailure`` (status 2) with one line naming the path and the reason: no
    ///   such file, a directory, not a regular file, permission denied (reading or writing,
    ///   or making a file in its folder), binary, not UTF-8.
    /// - Complexity: O(size of the file).
    package static func open(_ path: String) throws(ToolFailure) -> EditableFile {
        func fail(_ reason: String) -> ToolFailure { ToolFailure("\(path): \(reason)") }
        guard !path.isEmpty else { throw ToolFailure("no file named (an empty path)") }
        var info = stat()
        guard stat(path, &info) == 0 else { throw fail(errorText(errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { throw fail("is a directory") }
        guard info.st_mode & S_IFMT == S_IFREG else { throw fail("not a regular file") }
        guard let real = realpath(path, nil) else { throw fail(errorText(errno)) }
        let resolved = String(cString: real)
        free(real)

        let descriptor = Glibc.open(resolved, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw fail("cannot read: " + errorText(errno)) }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else { throw fail("cannot read: " + errorText(errno)) }
        let bytes: [UInt8]
        do { bytes = try readAll(descriptor, sizeHint: Int(opened.st_size)) } catch {
            throw fail("cannot read: " + errorText(error.code))
        }
        let document: LineDocument
        do { document = try LineDocument(bytes: bytes) } catch { throw fail(error.description) }

        // Writable? The file itself (as the write permission bits say for this user, checked
        // with the effective and file system ids, as open would) ...
        if faccessat(AT_FDCWD, resolved, W_OK, AT_EACCESS) != 0 { throw fail("cannot write: " + errorText(errno)) }
        let file = EditableFile(
            path: path, resolvedPath: resolved, document: document,
            mode: UInt32(opened.st_mode) & 0o7777, owner: UInt32(opened.st_uid),
            group: UInt32(opened.st_gid), identity: FileIdentity(opened))
        // ... and its folder: make, chown, chmod and remove a scratch file, as the write will.
        do {
            let scratch = try file.makeTemporaryFile()
            close(scratch.descriptor)
            unlink(scratch.path)
        } catch {
            throw fail("cannot write: " + error.message)
        }
        return file
    }

    /// Replaces the file's content with `bytes`, atomically (see the type's comment).
    ///
    /// - Throws: ``ToolFailure`` (status 2) when any step fails — the file changed on disk
    ///   since it was read, the folder is full or gone, ... The original file is then
    ///   untouched and no temporary file is left.
    /// - Complexity: O(`bytes.count`), plus two `fsync`s.
    package func write(_ bytes: [UInt8]) throws(ToolFailure) {
        func fail(_ reason: String) -> ToolFailure { ToolFailure("\(path): not written: \(reason)") }
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

        var now = stat()
        guard stat(resolvedPath, &now) == 0 else { throw fail(errorText(errno)) }
        guard FileIdentity(now) == identity else { throw fail("it changed on disk since it was read") }

        let temporary: (descriptor: Int32, path: String)
        do { temporary = try makeTemporaryFile() } catch { throw fail(error.message) }
        var done = false
        defer {
            if !done { unlink(temporary.path) }
        }
        do {
            try EditableFile.writeAll(temporary.descriptor, bytes)
        } catch {
            close(temporary.descriptor)
            throw fail(errorText(error.code))
        }
        if fsync(temporary.descriptor) != 0 {
            let code = errno
            close(temporary.descriptor)
            throw fail("fsync: " + errorText(code))
        }
        if close(temporary.descriptor) != 0 { throw fail("close: " + errorText(errno)) }
        guard rename(temporary.path, resolvedPath) == 0 else { throw fail("rename: " + errorText(errno)) }
        done = true
        let folder = Glibc.open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            // The rename is done; a folder that cannot be synced only weakens crash safety.
            fsync(folder)
            close(folder)
        }
    }

    /// The folder holding ``resolvedPath``.
    var folderPath: String {
        guard let slash = resolvedPath.lastIndex(of: "/") else { return "." }
        let folder = String(resolvedPath[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// Creates `.<name>.tuilist-<pid>-<n>` beside the file, with the file's owner and mode.
    private func makeTemporaryFile() throws(ToolFailure) -> (descriptor: Int32, path: String) {
        let name = resolvedPath.split(separator: "/").last.map(String.init) ?? "file"
        var attempt = 0
        while true {
            let candidate = "\(folderPath)/.\(name).tuilist-\(getpid())-\(attempt)"
            let descriptor = Glibc.open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                if errno == EEXIST && attempt < 100 { attempt += 1; continue }
                throw ToolFailure(errorText(errno) + " (making a file in \(folderPath))")
            }
            // Owner first: changing the owner clears setuid and setgid bits, which fchmod sets back.
            var info = stat()
            fstat(descriptor, &info)
            if UInt32(info.st_uid) != owner || UInt32(info.st_gid) != group, fchown(descriptor, owner, group) != 0 {
                let code = errno
                close(descriptor)
                unlink(candidate)
                throw ToolFailure("cannot keep the owner \(owner):\(group): " + errorText(code))
            }
            if fchmod(descriptor, mode_t(mode)) != 0 {
                let code = errno
                close(descriptor)
                unlink(candidate)
                throw ToolFailure("cannot keep the mode \(String(mode, radix: 8)): " + errorText(code))
            }
            return (descriptor, candidate)
        }
    }

    /// An errno value for an I/O loop's failure.
    struct IOError: Error { var code: Int32 }

    static func readAll(_ descriptor: Int32, sizeHint: Int) throws(IOError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(max(0, sizeHint))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw IOError(code: errno)
            }
            if count == 0 { return bytes }
            bytes += chunk[0 ..< count]
        }
    }

    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(IOError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw IOError(code: errno)
            }
            offset += count
        }
    }
}

/// `strerror` in lower case, the way tools print it after a colon ("no such file or directory").
func errorText(_ code: Int32) -> String {
    let text = String(cString: strerror(code))
    return text.prefix(1).lowercased() + text.dropFirst()
}
