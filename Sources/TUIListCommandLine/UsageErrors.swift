import ArgumentParser

extension ParsableCommand {
    /// Parses `arguments` and runs the command, as ArgumentParser's `main(_:)` does, except
    /// for usage errors: an unknown option, a missing or bad value, a missing argument or a
    /// failed `validate()` print one line on standard error and exit 2, as fzf does:
    ///
    ///     tuilist: unknown option '--bogus' (tuilist pick --help lists the options)
    ///
    /// `--help`, `-h` and `--version` print to standard output and exit 0; a command that
    /// throws `ExitCode` exits with it; any other error is ArgumentParser's message, exit 1.
    ///
    /// - Parameter arguments: the command line without the program's name.
    package static func mainWithOneLineUsageErrors(_ arguments: [String]) -> Never {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch let error where !(error is ExitCode) && exitCode(for: error) == .validationFailure {
            exitWithMessage(usageLine(for: error, arguments: arguments), prefix: _commandName, status: 2)
        } catch {
            exit(withError: error)
        }
        exit(withError: nil)
    }

    /// The one line of a usage error, without the program's name. ArgumentParser's own
    /// messages (`Unknown option '--bogus'`, `Missing value for ...`, `The value 'x' is invalid
    /// for ...`: capitalised) get their first letter lower-cased and say which `--help` lists
    /// the options; the command's own validation messages are already written as that line
    /// and stay as they are. Lines are joined with spaces.
    ///
    /// - Parameters:
    ///   - error: an error that parsing or validating `arguments` threw.
    ///   - arguments: the command line without the program's name; its first word names the
    ///     subcommand, else the default subcommand is meant.
    /// - Returns: e.g. `unknown option '--bogus' (tuilist pick --help lists the options)`.
    package static func usageLine(for error: any Error, arguments: [String]) -> String {
        let message = message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
        guard let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase ?? false else {
            return message
        }
        return first.lowercased() + message.dropFirst() + " (\(helpCommand(for: arguments)) --help lists the options)"
    }

    /// The command whose options `arguments` are: the root's name, then the subcommand named
    /// by the first argument or else the default subcommand (`tuilist pick`, `tuilist-demo`).
    private static func helpCommand(for arguments: [String]) -> String {
        let subcommands = configuration.subcommands.map { $0._commandName }
        if let first = arguments.first, subcommands.contains(first) { return "\(_commandName) \(first)" }
        if let defaultName = configuration.defaultSubcommand?._commandName { return "\(_commandName) \(defaultName)" }
        return _commandName
    }
}
