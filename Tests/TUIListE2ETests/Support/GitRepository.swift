import Foundation
import Testing

/// A throwaway git repository for a test: commits `c1` … `cN`, each adding a file `fN`, in a
/// folder of its own under the temporary directory (removed by ``remove()``). Needs git 2.26 or
/// later (``ReferenceTools/requireGit()``).
struct GitRepository {
    /// The repository's folder.
    let path: String

    /// Makes the repository with `commits` commits on `main`.
    init(commits: Int, prefix: String = "tuilist-repo") throws {
        try ReferenceTools.requireGit()
        path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try git("init", "-q", "-b", "main")
        try git("config", "user.name", "Test")
        try git("config", "user.email", "test@example.com")
        for n in 1 ... commits {
            try Data("\(n)\n".utf8).write(to: URL(fileURLWithPath: "\(path)/f\(n)"))
            try git("add", "f\(n)")
            try git("commit", "-q", "-m", "c\(n)")
        }
    }

    /// `git -C path arguments`: its output, trimmed; a failure fails the test.
    @discardableResult
    func git(_ arguments: String...) throws -> String {
        let result = try Subprocess.run(["git", "-C", path] + arguments)
        try #require(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.errors)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Removes the folder.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
