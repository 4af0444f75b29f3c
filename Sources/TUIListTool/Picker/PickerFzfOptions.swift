import Glibc

/// fzf 0.74's whole option table, as its parser (`src/options.go`) reads it, and what the
/// picker does with each option: the safety net that keeps a fzf configuration from breaking
/// `tuilist`.
///
/// Every option fzf 0.74 knows is in ``arity`` with how it takes its value, so an option the
/// picker skips takes its value word with it (`--tmux 80%`, `--style full`). Each one is
///
/// - the picker's own (``PickerCommandLine/knownLongOptions``), or rewritten into the
///   picker's options by ``PickerCommandLine/normalized(_:environment:)`` (``rewritten``);
/// - fzf's default, which is the picker's behaviour too (``accepted``): nothing to do;
/// - or unsupported (``isUnsupported(_:)``): skipped with one warning line when it comes from
///   `FZF_DEFAULT_OPTS` or `FZF_DEFAULT_OPTS_FILE` (``fromConfiguration(_:source:warn:)``),
///   a usage error naming it on the command line.
///
/// ```swift
/// PickerFzfOptions.fromConfiguration(["--sync", "--tmux", "80%", "-i"], source: "FZF_DEFAULT_OPTS") { print($0) }
/// // ["-i"], printing "FZF_DEFAULT_OPTS: skipped --sync (tuilist pick does not support it)"
/// ```
package enum PickerFzfOptions {
    /// How an fzf option takes its value (fzf's `nextString`, `optionalNextString`, …).
    package enum Arity: Sendable {
        /// No value (a value after `=` is an error in fzf).
        case flag
        /// The next word, whatever it is, or the value after `=`.
        case value
        /// The next word unless it starts with `-` or `+`, or the value after `=`.
        case optionalValue
        /// The next word when it starts with a digit, or the value after `=`.
        case optionalNumber
        /// The next word, then every following word that names a directory (`--walker-root`).
        case directories
    }

    /// Every option of fzf 0.74 (long, short, `+` forms) and how it takes its value.
    package static let arity: [String: Arity] = {
        var table: [String: Arity] = [:]
        for name in [
            "--accept-nth", "--algo", "--bench", "--bind", "--border-label", "--border-label-pos", "--delimiter",
            "--ellipsis", "--expect", "--filter", "--footer", "--footer-label", "--footer-label-pos", "--freeze-left",
            "--freeze-right", "--ghost", "--gutter", "--gutter-raw", "--header", "--header-label", "--header-label-pos",
            "--header-lines", "--height", "--history", "--history-size", "--hscroll-off", "--id-nth", "--info",
            "--info-command", "--input-label", "--input-label-pos", "--jump-labels", "--layout", "--list-label",
            "--list-label-pos", "--margin", "--marker", "--marker-multi-line", "--min-height", "--nth", "--padding",
            "--pointer", "--preview", "--preview-label", "--preview-label-pos", "--preview-window",
            "--preview-wrap-sign", "--prompt", "--proxy-script", "--query", "--scheme", "--scroll-off", "--separator",
            "--style", "--tabstop", "--tail", "--threads", "--tiebreak", "--toggle-sort", "--tty-default", "--walker",
            "--walker-skip", "--with-nth", "--with-shell", "--wrap-sign", "-d", "-f", "-n", "-q",
        ] {
            table[name] = .value
        }
        for name in [
            "--border", "--color", "--footer-border", "--gap-line", "--header-border", "--header-lines-border",
            "--input-border", "--list-border", "--listen", "--listen-unsafe", "--popup", "--preview-border", "--scrollbar",
            "--tmux", "--wrap",
        ] {
            table[name] = .optionalValue
        }
        for name in ["--gap", "--multi", "--sort", "-m", "-s"] { table[name] = .optionalNumber }
        table["--walker-root"] = .directories
        for name in [
            "+0", "+1", "+2", "+c", "+e", "+i", "+m", "+s", "+x", "--ambidouble", "--ansi", "--async", "--bash", "--black",
            "--bold", "--clear", "--cycle", "--disabled", "--enabled", "--exact", "--exit-0", "--extended",
            "--extended-exact", "--filepath-word", "--fish", "--force-tty-in", "--header-first", "--help",
            "--highlight-line", "--hscroll", "--ignore-case", "--inline-info", "--keep-right", "--literal", "--man",
            "--multi-line", "--no-256", "--no-ambidouble", "--no-ansi", "--no-black", "--no-bold", "--no-border",
            "--no-clear", "--no-color", "--no-cycle", "--no-exact", "--no-exit-0", "--no-expect",
            "--no-extended", "--no-filepath-word", "--no-footer", "--no-footer-border", "--no-footer-label",
            "--no-force-tty-in", "--no-gap", "--no-gap-line", "--no-header", "--no-header-border", "--no-header-first",
            "--no-header-label", "--no-header-lines", "--no-header-lines-border", "--no-height", "--no-highlight-line",
            "--no-history", "--no-hscroll", "--no-id-nth", "--no-ignore-case", "--no-info", "--no-info-command",
            "--no-inline-info", "--no-input", "--no-input-border", "--no-input-label", "--no-keep-right",
            "--no-list-border", "--no-list-label", "--no-listen", "--no-listen-unsafe", "--no-literal", "--no-margin",
            "--no-mouse", "--no-multi", "--no-multi-line", "--no-padding", "--no-phony", "--no-popup", "--no-preview",
            "--no-preview-border", "--no-preview-label", "--no-print-query", "--no-print0", "--no-raw", "--no-read0",
            "--no-reverse", "--no-scrollbar", "--no-select-1", "--no-separator", "--no-sort", "--no-sync", "--no-tac",
            "--no-tail", "--no-tmux", "--no-track", "--no-tty-default", "--no-unicode", "--no-winpty", "--no-wrap",
            "--no-wrap-word", "--nushell", "--phony", "--print-query", "--print0", "--raw", "--read0", "--reverse",
            "--select-1", "--smart-case", "--sync", "--tac", "--track", "--unicode", "--version", "--wrap-word", "--zsh",
            "-0", "-1", "-e", "-h", "-i", "-x",
        ] {
            table[name] = .flag
        }
        return table
    }()

    /// fzf options that select fzf's default, which is the picker's behaviour too: accepted,
    /// nothing to do. (`--highlight-line`: the picker always highlights the selected line
    /// across.)
    package static let accepted: Set<String> = [
        "--no-winpty", "--no-tty-default", "--no-force-tty-in", "--bold", "--no-black",
        "--highlight-line", "--no-highlight-line", "--no-multi-line", "--hscroll",
        "--no-keep-right", "--no-filepath-word", "--no-header-first", "--no-id-nth", "--no-tail",
        "--no-info-command", "--no-gap", "--no-gap-line", "--no-footer", "--no-footer-border", "--no-footer-label",
        "--no-header-border", "--no-header-label", "--no-header-lines-border", "--no-input-border",
        "--no-input-label", "--no-list-border", "--no-list-label", "--no-preview-label", "--no-listen",
        "--no-listen-unsafe", "--no-sync", "--async", "--unicode", "--no-ambidouble", "--clear",
        "--extended", "-x", "--smart-case",
    ]

    /// fzf options the picker has under another spelling, rewritten by
    /// ``PickerCommandLine/normalized(_:environment:)``.
    /// (Those that are an on/off word of a group are in ``PickerCommandLine/switches``:
    /// `--no-bold`, `--enabled`, `--no-preview`, `--no-header`, `--no-height`, …)
    package static let rewritten: Set<String> = [
        "--no-color", "+c", "--black", "--no-expect", "--style", "--tmux", "--popup", "--no-tmux", "--no-popup", "--wrap",
        "--wrap-word", "--no-wrap", "--no-wrap-word",
        "--toggle-sort", "--walker",
        "--walker-root", "--walker-skip",
    ]

    /// Whether `name` (an fzf option's spelling, without `=VALUE`) is one of fzf's that the
    /// picker neither has nor rewrites nor takes as its default.
    package static func isUnsupported(_ name: String) -> Bool {
        guard arity[name] != nil else { return false }
        if accepted.contains(name) || rewritten.contains(name) { return false }
        if PickerCommandLine.knownLongOptions.contains(name) || PickerCommandLine.switches[name] != nil { return false }
        return !["-q", "-f", "-d", "-n", "-m", "--multi", "-s", "--sort", "--no-info", "--no-separator", "-h"].contains(name)
    }

    /// The usage error for an unsupported option on the command line.
    package static func unsupported(_ name: String) -> ToolFailure {
        ToolFailure(
            "unsupported option: \(name) (an fzf option tuilist pick does not support; tuilist pick --help lists its options)")
    }

    /// `words` (a configuration's: `FZF_DEFAULT_OPTS`, `FZF_DEFAULT_OPTS_FILE`) without what
    /// the picker does not support, each skip reported by `warn` as one line: an unsupported
    /// option with its value words (by ``arity``), a `--bind` entry with a key or action the
    /// picker lacks (``PickerBinding/supportedPart(of:)``), a `--color` name the picker does
    /// not draw (``PickerColors/supportedPart(of:)``). An option fzf does not know either
    /// stays, for the parser to name.
    ///
    /// - Parameters:
    ///   - words: the configuration's words.
    ///   - source: its name, for the warnings.
    ///   - warn: called with each warning line.
    /// - Returns: the words kept.
    /// - Complexity: O(*n*) for *n* words (and their values' length).
    package static func fromConfiguration(
        _ words: [String], source: String, warn: (String) -> Void
    ) -> [String] {
        var kept: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            var name = word, value: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                value = String(word[word.index(after: equals)...])
            }
            if name == "--bind" || name == "--color" {
                if value == nil, index < words.count, name == "--bind" || !words[index].hasPrefix("-") {
                    value = words[index]
                    index += 1
                }
                guard let text = value else {
                    kept.append(word)
                    continue
                }
                let (part, skipped) =
                    name == "--bind" ? PickerBinding.supportedPart(of: text) : PickerColors.supportedPart(of: text)
                if !skipped.isEmpty {
                    warn("\(source): skipped \(name) \(skipped.joined(separator: ",")) (tuilist pick does not support it)")
                }
                if let part { kept.append("\(name)=\(part)") }
                continue
            }
            guard let taken = arity[name] else {
                kept.append(word)
                continue
            }
            // The value words it takes, as fzf's parser takes them.
            var end = index
            if value == nil {
                switch taken {
                case .flag: break
                case .value: end = min(words.count, index + 1)
                case .optionalValue:
                    if index < words.count, !words[index].hasPrefix("-"), !words[index].hasPrefix("+") { end = index + 1 }
                case .optionalNumber:
                    if index < words.count, words[index].first?.isNumber == true { end = index + 1 }
                case .directories:
                    end = min(words.count, index + 1)
                    while end < words.count, isDirectory(words[end]) { end += 1 }
                }
            }
            if isUnsupported(name) || exiting.contains(name) {
                warn(
                    "\(source): skipped \(([word] + words[index ..< end]).joined(separator: " ")) (tuilist pick does not support it)"
                )
            } else {
                kept += [word] + words[index ..< end]
            }
            index = end
        }
        return kept
    }

    /// Options that print something and exit (fzf's help, version, man page, shell scripts):
    /// skipped from a configuration, where they would end every run.
    package static let exiting: Set<String> = ["-h", "--help", "--version", "--man", "--bash", "--zsh", "--fish", "--nushell"]

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
