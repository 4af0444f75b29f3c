import ArgumentParser
import TUIListCommandLine
import TUIListTool

/// A `tuilist` subcommand: a failure is one line on standard error, `PREFIX: message`, and
/// the failure's exit status.
protocol ToolCommand: ParsableCommand {
    /// What its messages start with: `tuilist` for the picker, `tuilist edit`, ...
    static var messagePrefix: String { get }
}

extension ToolCommand {
    /// Prints `failure` as one line and exits with its status.
    func fail(_ failure: ToolFailure) -> Never {
        exitWithMessage(failure.message, prefix: Self.messagePrefix, status: failure.status)
    }
}

/// How `pick` and `watch` tell rows apart and keep a header: `--key`, `--key-regex`,
/// `--header-lines`.
struct RowKeyOptions: ParsableArguments {
    @Option(name: .long, help: "Row identity: a 1-based whitespace-separated field (default: the whole line).")
    var key: Int?

    @Option(name: .long, help: "Row identity: the first capture group of this regular expression.")
    var keyRegex: String?

    @Option(name: .long, help: "Keep the first N lines on top as a header, not selectable.")
    var headerLines: Int = 0

    func validate() throws {
        if let key, key < 1 { throw ValidationError("--key must be 1 or more (got \(key))") }
        if key != nil && keyRegex != nil { throw ValidationError("use --key or --key-regex, not both") }
        if headerLines < 0 { throw ValidationError("--header-lines must be 0 or more (got \(headerLines))") }
    }

    /// The row identity the options ask for (the whole line by default).
    var lineKey: LineKey { key.map { .field($0) } ?? keyRegex.map { .pattern($0) } ?? .wholeLine }
}
