import Foundation
import Glibc
import TUIListTool
import Testing

/// Reading, checking and atomically writing files for `tuilist edit`, failure cases first:
/// a refused file gets one line naming it and the reason, and keeps every byte.
///
/// Permission cases need a user the kernel holds to the permission bits. These tests usually
/// run as root, which bypasses them; so they switch this thread's file system user to
/// `nobody` (Linux `setfsuid`, per thread: other tests running at the same time keep root)
/// for the checks, and back afterwards.
@Suite(.serialized) final class EditableFileTests {
    let folder: String

    init() throws {
        folder =
            URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tuilist-edit-\(UUID().uuidString.prefix(8))")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o777)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func make(_ name: String, _ bytes: [UInt8], mode: mode_t = 0o644) -> String {
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        chmod(path, mode)
        return path
    }

    private func contents(_ path: String) -> [UInt8] {
        [UInt8](FileManager.default.contents(atPath: path) ?? Data())
    }

    /// The names in the test folder (no temporary file may be left behind).
    private func names(in path: String? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path ?? folder)) ?? []).sorted()
    }

    /// Runs `body` with this thread's file system ids set to nobody's (65534), when root.
    private func asNobody<T>(_ body: () throws -> T) rethrows -> T {
        guard geteuid() == 0 else { return try body() }
        let previousGroup = Self.setfsgid(65534)
        let previousUser = Self.setfsuid(65534)
        defer {
            _ = Self.setfsuid(UInt32(previousUser))
            _ = Self.setfsgid(UInt32(previousGroup))
        }
        return try body()
    }

    /// glibc's `setfsuid` and `setfsgid` (declared in <sys/fsuid.h>, which the Glibc module
    /// leaves out), looked up by name.
    typealias SetID = @convention(c) (UInt32) -> Int32
    static let setfsuid: SetID = unsafeBitCast(dlsym(nil, "setfsuid")!, to: SetID.self)
    static let setfsgid: SetID = unsafeBitCast(dlsym(nil, "setfsgid")!, to: SetID.self)

    private func expectFailure(_ path: String, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try EditableFile.open(path)
            Issue.record("\(path) opened; expected \"\(reason)\"", sourceLocation: sourceLocation)
        } catch {
            #expect(error.status == 2, sourceLocation: sourceLocation)
            #expect(error.message.hasPrefix(path + ": "), "\(error.message)", sourceLocation: sourceLocation)
            #expect(error.message.contains(reason), "\(error.message)", sourceLocation: sourceLocation)
            #expect(!error.message.contains("\n"), sourceLocation: sourceLocation)
        }
    }

    @Test func writesAtomicallyKeepingModeAndOwner() throws {
        let path = make("notes.txt", Array("one\ntwo\r\nthree".utf8), mode: 0o640)
        chown(path, 1234, 2345)
        let file = try EditableFile.open(path)
        // A reader that opened the file before the write keeps seeing the whole old file: the
        // new content is a new file renamed over it, never the old one rewritten in place.
        let reader = Glibc.open(path, O_RDONLY)
        defer { close(reader) }
        var before = stat()
        fstat(reader, &before)
        try file.write(file.document.bytes(order: [2, 0, 1]))
        #expect(contents(path) == Array("three\r\none\ntwo".utf8))
        var old = [UInt8](repeating: 0, count: 64)
        let count = pread(reader, &old, old.count, 0)
        #expect(Array(old.prefix(max(0, count))) == Array("one\ntwo\r\nthree".utf8), "an open reader sees the old file")
        var info = stat()
        stat(path, &info)
        #expect(info.st_ino != before.st_ino, "the path names a new file (inode \(info.st_ino))")
        #expect(info.st_mode & 0o7777 == 0o640)
        if geteuid() == 0 {
            #expect(info.st_uid == 1234 && info.st_gid == 2345)
        }
        #expect(names() == ["notes.txt"], "no temporary file left")
    }

    @Test func followsASymbolicLinkAndKeepsIt() throws {
        let target = make("real.txt", Array("a\nb\n".utf8))
        let link = folder + "/link.txt"
        symlink(target, link)
        let file = try EditableFile.open(link)
        try file.write(file.document.bytes(order: [1, 0]))
        #expect(contents(target) == Array("b\na\n".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
    }

    @Test func refusesAMissingFile() {
        expectFailure(folder + "/absent.txt", "no such file")
        #expect(names().isEmpty, "nothing created")
    }

    @Test func refusesADirectory() throws {
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
        expectFailure(folder + "/sub", "is a directory")
    }

    @Test func refusesBinaryAndNonUTF8Files() {
        let binary: [UInt8] = Array("text\n".utf8) + [0x00, 0x01, 0x02]
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9, 0x0A]
        let binaryPath = make("image.bin", binary)
        let latin1Path = make("latin1.txt", latin1)
        expectFailure(binaryPath, "binary file: NUL byte at offset 5 (line 2)")
        expectFailure(latin1Path, "not UTF-8: invalid byte at offset 3 (line 1)")
        #expect(contents(binaryPath) == binary)
        #expect(contents(latin1Path) == latin1)
    }

    @Test func refusesAFileItCannotRead() {
        let path = make("secret.txt", Array("x\n".utf8), mode: 0o600)  // root's, nobody cannot read it
        asNobody { expectFailure(path, "cannot read: permission denied") }
        #expect(contents(path) == Array("x\n".utf8))
    }

    @Test func refusesAFileItCannotWrite() {
        let path = make("readonly.txt", Array("x\ny\n".utf8), mode: 0o644)  // root's: nobody reads, cannot write
        asNobody { expectFailure(path, "cannot write: permission denied") }
        #expect(contents(path) == Array("x\ny\n".utf8))
    }

    @Test func refusesAFileInAFolderWhereItCannotMakeTheTemporaryFile() throws {
        let sub = folder + "/locked"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        let path = sub + "/mine.txt"
        _ = FileManager.default.createFile(atPath: path, contents: Data("x\ny\n".utf8))
        chmod(path, 0o666)
        chmod(sub, 0o755)  // root's folder: nobody may write the file but not add one beside it
        asNobody { expectFailure(path, "cannot write: permission denied (making a file in \(sub))") }
        #expect(contents(path) == Array("x\ny\n".utf8))
        #expect(names(in: sub) == ["mine.txt"])
    }

    @Test func refusesToOverwriteAFileChangedOnDisk() throws {
        let path = make("moving.txt", Array("a\nb\n".utf8))
        let file = try EditableFile.open(path)
        _ = FileManager.default.createFile(atPath: path, contents: Data("a\nb\nc\n".utf8))
        #expect(throws: ToolFailure("\(path): not written: it changed on disk since it was read")) {
            try file.write(file.document.bytes(order: [1, 0]))
        }
        #expect(contents(path) == Array("a\nb\nc\n".utf8))
        #expect(names() == ["moving.txt"])
    }

    @Test func keepsTheFileWhenTheFolderRefusesTheWrite() throws {
        let sub = folder + "/later"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: false)
        let path = sub + "/list.txt"
        _ = FileManager.default.createFile(atPath: path, contents: Data("1\n2\n".utf8))
        chown(sub, 65534, 65534)  // nobody's folder and file (when root; else the user's own)
        chown(path, 65534, 65534)
        try asNobody {
            let file = try EditableFile.open(path)
            chmod(sub, 0o555)  // the folder is locked after the editor started
            defer { chmod(sub, 0o755) }
            #expect(throws: ToolFailure.self) { try file.write(file.document.bytes(order: [1, 0])) }
        }
        #expect(contents(path) == Array("1\n2\n".utf8))
        #expect(names(in: sub) == ["list.txt"])
    }
}
