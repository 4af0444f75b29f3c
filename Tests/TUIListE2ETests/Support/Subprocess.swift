import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion and collects its output, for end-to-end tests.
///
/// Not `Foundation.Process`: tests run on threads that block most signals, and a child started
/// from such a thread inherits that mask (tmux's server then never sees SIGCHLD or SIGTERM, and
/// a program under test would never see SIGWINCH). This starts children with `posix_spawn`, an
/// empty signal mask and default signal actions, and waits with `waitpid`.
enum Subprocess {
    /// What a finished program left behind.
    struct Result {
        /// The exit status, or 128 + the signal number when a signal ended it.
        var status: Int32
        /// Standard output.
        var output: String
        /// Standard error.
        var errors: String
    }

    /// Runs `arguments[0]` (looked up on PATH) with the rest as arguments; stdin is /dev/null.
    /// - Parameter environment: The whole environment; nil keeps the test's.
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        precondition(!arguments.isEmpty, "Subprocess.run needs a program")
        let folder = NSTemporaryDirectory()
        let outputPath = folder + "/tuilist-\(UUID().uuidString).out"
        let errorPath = folder + "/tuilist-\(UUID().uuidString).err"
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
            for variable in envp { free(variable) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw TmuxSession.Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { break }
        }
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let output = readTextFile(outputPath) ?? ""
        let errors = readTextFile(errorPath) ?? ""
        return Result(status: code, output: output, errors: errors)
    }
}
