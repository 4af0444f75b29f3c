import Foundation

/// fzf's option grammar, rewritten into what `tuilist pick`'s ArgumentParser definition reads.
///
/// fzf's parser is not getopt's: a short option's value may be joined (`-fQUERY`, `-qQ`, `-d:`,
/// `-n2..`), short flags are never grouped (`-me` is an unknown option), `+x`, `+e`, `+s`,
/// `+m`, `+i`, `+1`, `+0` turn options off, a value is taken whatever it starts with
/// (`--nth -1`, `-q -x`), and of two options that set the same thing the later one wins
/// (`-i … +i`), which is what makes `FZF_DEFAULT_OPTS` overridable from the command line.
/// ``normalized(_:)`` rewrites such arguments exactly: every value option as `--long=VALUE`,
/// every on/off group as its last word (the default emitting nothing), anything else as it
/// was, so ArgumentParser reports an unknown long option in its own words.
///
/// ```swift
/// try PickerCommandLine.normalized(["-m", "-fQ", "+m", "-i", "+i", "-d:", "--nth", "-1"])
/// // ["--filter=Q", "--case-sensitive", "--delimiter=:", "--nth=-1"]
/// ```
package enum PickerCommandLine {
    /// Options that take a value: each spelling and the long name it is written as. The short
    /// ones (`-q`, `-f`, `-d`, `-n`) may have the value joined.
    package static let valueOptions: [String: String] = {
        var options: [String: String] = ["-q": "--query", "-f": "--filter", "-d": "--delimiter", "-n": "--nth"]
        for name in [
            "query", "filter", "delimiter", "nth", "with-nth", "key", "key-regex", "header-lines", "header", "prompt",
            "preview", "preview-window", "tiebreak", "scheme", "algo", "layout", "info", "bind", "expect", "height", "color",
            "min-height", "tabstop", "marker", "pointer", "accept-nth", "group-by", "separator", "scroll-off", "margin",
            "padding", "walker", "walker-root", "walker-skip", "history", "history-size", "jump-labels", "wrap-sign",
            "border-label", "border-label-pos",
        ] {
            options["--" + name] = "--" + name
        }
        return options
    }()

    /// Value options that add up (fzf's `--bind` and `--expect`, given several times, all count);
    /// of the others, the last one given wins.
    package static let accumulatingOptions: Set<String> = ["--bind", "--expect", "--color", "--walker-root"]

    /// On/off groups: each spelling, its group, and what it is written as (`nil`: the default,
    /// nothing written). The last spelling of a group given wins.
    package static let switches: [String: (group: String, written: String?)] = {
        var switches: [String: (group: String, written: String?)] = [:]
        func add(_ group: String, on: [String], _ onWritten: String?, off: [String], _ offWritten: String?) {
            for name in on { switches[name] = (group, onWritten) }
            for name in off { switches[name] = (group, offWritten) }
        }
        add("multi", on: ["-m", "--multi"], "--multi", off: ["+m", "--no-multi"], nil)
        add("exact", on: ["-e", "--exact", "--extended-exact"], "--exact", off: ["+e", "--no-exact"], nil)
        add("extended", on: ["-x", "--extended"], nil, off: ["+x", "--no-extended"], "--no-extended")
        add("sort", on: ["-s", "--sort"], nil, off: ["+s", "--no-sort"], "--no-sort")
        add("case", on: ["-i", "--ignore-case"], "-i", off: ["+i", "--no-ignore-case", "--case-sensitive"], "--case-sensitive")
        switches["--smart-case"] = ("case", nil)
        add("tac", on: ["--tac"], "--tac", off: ["--no-tac"], nil)
        add("track", on: ["--track"], "--track", off: ["--no-track"], nil)
        add("raw", on: ["--raw"], "--raw", off: ["--no-raw"], nil)
        add("select-1", on: ["-1", "--select-1"], "--select-1", off: ["+1", "--no-select-1"], nil)
        add("exit-0", on: ["-0", "--exit-0"], "--exit-0", off: ["+0", "--no-exit-0"], nil)
        add("ansi", on: ["--ansi"], "--ansi", off: ["--no-ansi"], nil)
        add("read0", on: ["--read0"], "--read0", off: ["--no-read0"], nil)
        add("print0", on: ["--print0"], "--print0", off: ["--no-print0"], nil)
        // (fzf's `--no-reverse` is its default layout: the prompt at the bottom. Without any,
        // the prompt is on top, this picker's own default.)
        add("layout", on: ["--reverse"], "--layout=reverse", off: ["--no-reverse"], "--layout=default")
        add("cycle", on: ["--cycle"], "--cycle", off: ["--no-cycle"], nil)
        add("print-query", on: ["--print-query"], "--print-query", off: ["--no-print-query"], nil)
        add("mouse", on: ["--mouse"], nil, off: ["--no-mouse"], "--no-mouse")
        add("disabled", on: ["--disabled", "--phony"], "--disabled", off: ["--no-disabled", "--no-phony", "--enabled"], nil)
        add("bold", on: ["--bold"], nil, off: ["--no-bold"], "--no-bold")
        // fzf's `--no-X` of a value option: the option not given (its group, nothing written).
        for name in ["preview", "header", "header-lines", "height", "margin", "padding", "history", "border-label"] {
            switches["--no-" + name] = ("--" + name, nil)
        }
        add("literal", on: ["--literal"], "--literal", off: ["--no-literal"], nil)
        // (fzf's older spellings of `--info`, and `--no-separator`, in the value option's group.)
        add("--info", on: ["--inline-info"], "--info=inline", off: ["--no-inline-info"], "--info=default")
        switches["--no-info"] = ("--info", "--info=hidden")
        switches["--no-separator"] = ("--separator", "--no-separator")
        return switches
    }()

    /// `arguments` (the picker's, without `pick`) in the form ArgumentParser reads, as fzf
    /// reads them.
    ///
    /// fzf's options the picker has under other spellings are rewritten into its own:
    /// `--no-color` (`+c`) is `--color=bw`, `--black` `--color=bg:0`, `--no-expect` drops the
    /// `--expect`s before it, `--no-preview` (`--no-header`, `--no-height`, …) the option,
    /// `--style` its looks (``styleWords(_:)``), `--toggle-sort=KEY` a binding, `-m3` is
    /// `--multi=3`; `--tmux` and `--popup` are `--tmux=SPEC` inside tmux (of it and `--height`,
    /// the last given wins), nothing outside, as in fzf.
    ///
    /// - Parameters:
    ///   - arguments: fzf-style arguments, e.g. `FZF_DEFAULT_OPTS`'s words then the
    ///     command line's.
    ///   - environment: the process's (`TMUX`).
    /// - Returns: the same options: value options as `--long=VALUE` (`--layout` given by
    ///   `--reverse` too), the last word of each on/off group, other arguments unchanged.
    /// - Throws: ``ToolFailure`` (status 2) naming a `+` or single-dash word that is no
    ///   option of fzf's (`+z`, `-me`), as fzf's `unknown option` does, or an option of fzf's
    ///   the picker does not support (``PickerFzfOptions/isUnsupported(_:)``).
    /// - Complexity: O(*n*) for *n* arguments.
    package static func normalized(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws(ToolFailure) -> [String] {
        // Each output word, with its group (on/off or value option) to drop all but the last.
        var words: [(group: String?, words: [String])] = []
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            index += 1
            if argument.hasPrefix("-m"), argument.count > 2, Int(argument.dropFirst(2)) != nil {
                argument = "--multi=" + argument.dropFirst(2)  // fzf's joined `-m3`
            }
            if let rewritten = try rewrite(argument, in: arguments, at: &index, words: &words, environment: environment) {
                words += rewritten
                continue
            }
            if argument == "-m" || argument == "--multi" || argument.hasPrefix("--multi=") {
                // fzf's `--multi[=MAX]`, also `-m MAX` (a number as the next word): at most
                // MAX marks; `--multi=0` is no multi-select.
                var limit = argument.hasPrefix("--multi=") ? String(argument.dropFirst("--multi=".count)) : nil
                if limit == nil, index < arguments.count, let next = Int(arguments[index]), next >= 0 {
                    limit = String(next)
                    index += 1
                }
                if let limit, Int(limit).map({ $0 < 0 }) ?? true {
                    throw ToolFailure("--multi: not a number of lines: '\(limit)' (--multi=MAX, 0 for no multi-select)")
                }
                let written = limit.map { $0 == "0" ? [] : ["--multi", "--multi-limit=\($0)"] } ?? ["--multi"]
                words.append(("multi", written))
                continue
            }
            if argument == "-s" || argument == "--sort", index < arguments.count, arguments[index].first?.isNumber == true {
                index += 1  // (fzf's `--sort[=N]`: N is not used)
            }
            if PickerFzfOptions.accepted.contains(argument) && switches[argument] == nil { continue }  // fzf's default: ours
            if let (group, written) = switches[argument] {
                words.append((group, written.map { [$0] } ?? []))
                continue
            }
            var name = argument, value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else if !argument.hasPrefix("--"), argument.hasPrefix("-"), argument.count > 2,
                valueOptions[String(argument.prefix(2))] != nil
            {
                name = String(argument.prefix(2))
                value = String(argument.dropFirst(2))
            }
            if let long = valueOptions[name] {
                if value == nil {
                    guard index < arguments.count else {
                        words.append((nil, [argument]))  // ArgumentParser says the value is missing
                        continue
                    }
                    value = arguments[index]
                    index += 1
                }
                // (ArgumentParser reads `--query=` as a missing value: an empty one is the next word.)
                let written = value!.isEmpty ? [long, ""] : ["\(long)=\(value!)"]
                if long == "--layout" {
                    words.append(("layout", written))
                } else {
                    words.append((accumulatingOptions.contains(long) ? nil : long, written))
                }
                continue
            }
            if PickerFzfOptions.isUnsupported(name) { throw PickerFzfOptions.unsupported(name) }
            let singleDash = argument.hasPrefix("-") && !argument.hasPrefix("--") && argument.count > 2
            if argument.hasPrefix("+") || singleDash {
                throw ToolFailure("unknown option '\(argument)' (tuilist pick --help lists the options)")
            }
            if argument == "--scrollbar" || name == "--scrollbar" || argument == "--no-scrollbar" {
                // fzf's optional value, as --border's; --no-scrollbar is `--scrollbar=''`.
                var value = argument == "--no-scrollbar" ? "" : value
                if argument == "--scrollbar", index < arguments.count, let next = arguments[index].first, next != "-",
                    next != "+"
                {
                    value = arguments[index]
                    index += 1
                }
                words.append(("scrollbar", value.map { $0.isEmpty ? ["--no-scrollbar"] : ["--scrollbar=\($0)"] } ?? []))
                continue
            }
            if argument == "--border" {
                // fzf's optional value: the next word unless it is an option.
                if index < arguments.count, let next = arguments[index].first, next != "-", next != "+" {
                    words.append(("border", ["--border=\(arguments[index])"]))
                    index += 1
                } else {
                    words.append(("border", ["--border=rounded"]))
                }
                continue
            }
            if name == "--border" || argument == "--no-border" {
                words.append(("border", argument == "--no-border" ? [] : [argument]))
                continue
            }
            words.append((nil, [argument]))
        }
        var seen: Set<String> = []
        var kept: [[String]] = []
        for (group, written) in words.reversed() {
            if let group {
                guard seen.insert(group).inserted else { continue }
                // (As fzf: of `--tmux` and `--height`, the one given last wins.)
                if !written.isEmpty, group == "--tmux" || group == "--height" {
                    guard seen.insert("--tmux or --height").inserted else { continue }
                }
            }
            kept.append(written)
        }
        return kept.reversed().flatMap { $0 }
    }

    /// fzf's options the picker has under another spelling (``PickerFzfOptions/rewritten``):
    /// the words (with their groups) `argument` stands for, its value words taken from
    /// `arguments` at `index`; `nil` for any other argument.
    private static func rewrite(
        _ argument: String, in arguments: [String], at index: inout Int, words: inout [(group: String?, words: [String])],
        environment: [String: String]
    ) throws(ToolFailure) -> [(group: String?, words: [String])]? {
        let equals = argument.hasPrefix("--") ? argument.firstIndex(of: "=") : nil
        let name = equals.map { String(argument[..<$0]) } ?? argument
        var value = equals.map { String(argument[argument.index(after: $0)...]) }
        guard PickerFzfOptions.rewritten.contains(name) else { return nil }
        // Its value word, as fzf's parser takes it.
        switch PickerFzfOptions.arity[name] {
        case .value?, .directories?:
            if value == nil {
                guard index < arguments.count else { throw ToolFailure("\(name): a value is required") }
                value = arguments[index]
                index += 1
            }
        case .optionalValue?:
            if value == nil, index < arguments.count, !arguments[index].hasPrefix("-"), !arguments[index].hasPrefix("+") {
                value = arguments[index]
                index += 1
            }
        default: break
        }
        switch name {
        case "--no-color", "+c": return [(nil, ["--color=bw"])]
        case "--black": return [(nil, ["--color=bg:0"])]
        case "--no-expect":
            words.removeAll { $0.words.first?.hasPrefix("--expect") == true }
            return []
        case "--style": return try styleWords(value!)
        case "--tmux", "--popup":
            // (A bad value is an error in or out of tmux, as fzf's; outside, it is nothing.)
            _ = try PickerPopup.Spec(parsing: value ?? "")
            let inTmux = !(environment["TMUX"] ?? "").isEmpty
            return [("--tmux", inTmux ? ["--tmux=\(value.map { $0.isEmpty ? "center" : $0 } ?? "center")"] : [])]
        case "--no-tmux", "--no-popup": return [("--tmux", [])]
        case "--wrap":
            // (fzf's `--wrap[=char|word]`; `--wrap-word`, `--no-wrap`, `--no-wrap-word`.)
            guard value == nil || value == "char" || value == "word" else {
                throw ToolFailure("--wrap: invalid wrap mode: \(value!) (expected: char or word)")
            }
            // (A bare `--wrap` keeps a `--wrap-word` before it, as fzf's.)
            let atWords = words.last { $0.group == "--wrap" }?.words == ["--wrap=word"]
            return [("--wrap", ["--wrap=\(value ?? (atWords ? "word" : "char"))"])]
        case "--wrap-word": return [("--wrap", ["--wrap=word"])]
        case "--no-wrap": return [("--wrap", [])]
        case "--no-wrap-word":
            // (Word wrapping off: a `--wrap` before it wraps at any character, as fzf's.)
            let wraps = words.last { $0.group == "--wrap" }.map { !$0.words.isEmpty } ?? false
            return [("--wrap", wraps ? ["--wrap=char"] : [])]
        case "--toggle-sort": return [(nil, ["--bind=\(value!):toggle-sort"])]
        case "--walker-root":
            var roots = [value!]
            while index < arguments.count, PickerFzfOptions.isDirectory(arguments[index]) {
                roots.append(arguments[index])
                index += 1
            }
            return [("--walker-root", roots.map { "--walker-root=\($0)" })]
        default:
            // (`--walker`, `--walker-skip`: the picker's own options, under fzf's names.)
            return [(name, ["\(name)=\(value ?? "")"])]
        }
    }

    /// fzf's `--style` presets as the picker's looks: `default` is nothing; `minimal` drops the
    /// separator line and the scrollbar; `full[:BORDER]` draws a border (rounded, or BORDER)
    /// and the counts at the prompt line's right end (fzf's borders around each part are one
    /// border around the picker here).
    /// - Throws: ``ToolFailure`` naming another preset, as fzf's `unsupported style preset`.
    static func styleWords(_ preset: String) throws(ToolFailure) -> [(group: String?, words: [String])] {
        switch preset.lowercased() {
        case "default": return []
        case "minimal": return [("--separator", ["--no-separator"]), ("scrollbar", ["--no-scrollbar"])]
        case let full where full == "full" || full.hasPrefix("full:"):
            let border = full.dropFirst(5)
            return [("border", ["--border=\(border.isEmpty ? "rounded" : border)"]), ("--info", ["--info=inline-right"])]
        default: throw ToolFailure("--style: unsupported style preset: \(preset) (default, minimal or full[:BORDER])")
        }
    }

    /// The command line `tuilist` parses: a picker's options (explicit `pick`, or none of the
    /// other subcommands) come after `pick` and the words of `FZF_DEFAULT_OPTS`, then of
    /// `TUILIST_DEFAULT_OPTS`, all ``normalized(_:)``; other subcommands' arguments,
    /// `--help`/`-h`/`--version` alone at the root, and ArgumentParser's own requests for the
    /// whole tool (``forArgumentParser``: completion scripts, the help dump man pages are made
    /// from) are left as they are.
    ///
    /// - Parameters:
    ///   - arguments: the command line without the program's name.
    ///   - environment: the process's environment.
    /// - Returns: the arguments to parse.
    /// - Throws: ``ToolFailure`` for an unknown `+`/single-dash option or an unclosed quote
    ///   in a variable (naming it).
    package static func arguments(
        _ arguments: [String], environment: [String: String], warn: (String) -> Void = { _ in }
    ) throws(ToolFailure) -> [String] {
        var picker = arguments
        if picker.first == "pick" {
            picker.removeFirst()
        } else if let first = picker.first,
            Self.notThePicker.contains(first) || Self.forArgumentParser.contains(where: first.hasPrefix)
        {
            return arguments
        }
        var words: [String] = []
        // fzf's configuration: the file's words, then the variable's. What the picker does not
        // support is skipped, one warning line each, so no configuration breaks a run (ours, and
        // the command line, name it as an error).
        if let path = environment["FZF_DEFAULT_OPTS_FILE"], !path.isEmpty {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ToolFailure("FZF_DEFAULT_OPTS_FILE: cannot read \(path)")
            }
            do {
                let given = try shellWords(String(decoding: data, as: UTF8.self))
                words += PickerFzfOptions.fromConfiguration(
                    given, source: "FZF_DEFAULT_OPTS_FILE", warn: warn)
            } catch {
                throw ToolFailure("FZF_DEFAULT_OPTS_FILE: \(error.message)")
            }
        }
        for variable in ["FZF_DEFAULT_OPTS", "TUILIST_DEFAULT_OPTS"] {
            guard let text = environment[variable] else { continue }
            do {
                let given = try shellWords(text)
                words +=
                    variable == "FZF_DEFAULT_OPTS"
                    ? PickerFzfOptions.fromConfiguration(given, source: variable, warn: warn)
                    : given
            } catch {
                throw ToolFailure("\(variable): \(error.message)")
            }
        }
        return ["pick"] + (try normalized(words + picker, environment: environment))
    }

    /// The long options the picker has (``valueOptions``, ``switches`` and its other flags);
    /// a test checks the list against `tuilist pick`'s own definition.
    package static let knownLongOptions: Set<String> = {
        var known = Set(valueOptions.keys.filter { $0.hasPrefix("--") })
        known.formUnion(switches.keys.filter { $0.hasPrefix("--") })
        known.formUnion([
            "--border", "--scrollbar", "--no-scrollbar", "--columns", "--case-sensitive", "--no-extended", "--multi-limit",
            "--help", "--version", "--no-bold", "--tmux", "--wrap",
        ])
        return known
    }()

    /// Splits `text` into words as `sh` would, without expanding anything: blanks (space, tab,
    /// newline) separate words; `'…'` keeps everything; `"…"` keeps everything but `\"`,
    /// `\\`, `\$` and `` \` ``, which lose their backslash; a backslash outside quotes keeps
    /// the next character (a backslash-newline is nothing).
    ///
    /// - Parameter text: e.g. `FZF_DEFAULT_OPTS`'s value.
    /// - Returns: the words.
    /// - Throws: ``ToolFailure`` for an unclosed quote.
    /// - Complexity: O(length of `text`).
    package static func shellWords(_ text: String) throws(ToolFailure) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                while true {
                    guard let next = characters.next() else { throw ToolFailure("unclosed ' quote") }
                    if next == "'" { break }
                    word.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard let next = characters.next() else { throw ToolFailure("unclosed \" quote") }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = characters.next() else { throw ToolFailure("unclosed \" quote") }
                        if !"\"\\$`".contains(escaped) { word.append("\\") }
                        if escaped != "\n" { word.append(escaped) }
                    } else {
                        word.append(next)
                    }
                }
            case "\\":
                guard let next = characters.next() else {
                    word.append("\\")
                    inWord = true
                    continue
                }
                if next != "\n" {
                    word.append(next)
                    inWord = true
                }
            default:
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// First arguments that are not the picker's: the other subcommands, the root's help and version.
    private static let notThePicker: Set<String> = ["edit", "watch", "replay", "export", "help", "--help", "-h", "--version"]

    /// First arguments (or their prefixes, for `--generate-completion-script=bash`) that
    /// ArgumentParser answers for the whole tool: a completion script, a completion request
    /// from one (`---completion`), the JSON dump scripts/install makes the man pages from.
    package static let forArgumentParser = ["--generate-completion-script", "---completion", "--experimental-dump-help"]

    /// What lists the input when nothing is piped in (standard input a terminal), as fzf:
    /// `FZF_DEFAULT_COMMAND` when set and not empty, else fzf 0.74's walker: the files below
    /// the current directory, hidden ones too, following links, skipping `.git` and
    /// `node_modules`, as paths without `./` — or as `--walker`, `--walker-root` and
    /// `--walker-skip` say.
    ///
    /// - Parameters:
    ///   - environment: the process's environment.
    ///   - walker: fzf's `--walker`: `file`, `dir`, `follow`, `hidden`, comma-separated.
    ///   - roots: fzf's `--walker-root`: the directories listed (their paths are the lines'
    ///     start, but for `.`).
    ///   - skip: fzf's `--walker-skip`: names of directories not entered, comma-separated.
    /// - Returns: a command for `sh -c`.
    /// - Throws: ``ToolFailure`` for a `--walker` word that is not fzf's.
    package static func defaultCommand(
        environment: [String: String], walker: String = "file,follow,hidden", roots: [String] = ["."],
        skip: String = ".git,node_modules"
    ) throws(ToolFailure) -> String {
        if let command = environment["FZF_DEFAULT_COMMAND"], !command.isEmpty { return command }
        let kinds = Set(walker.split(separator: ",").map(String.init))
        if let bad = kinds.subtracting(["file", "dir", "follow", "hidden"]).first {
            throw ToolFailure("--walker: invalid walker option: \(bad) (file, dir, follow, hidden)")
        }
        var pruned = skip.split(separator: ",").map { "-name \(shellQuoted(String($0)))" }
        if !kinds.contains("hidden") { pruned.append("-name '.*'") }
        let types = [kinds.contains("file") ? "-type f" : nil, kinds.contains("dir") ? "-type d" : nil].compactMap { $0 }
        let shown = types.isEmpty ? "-type f" : types.joined(separator: " -o ")
        let prune = pruned.isEmpty ? "" : "\\( \(pruned.joined(separator: " -o ")) \\) -prune -o "
        let follow = kinds.contains("follow") ? "-L " : ""
        let finds = roots.map { root in
            "find \(follow)\(shellQuoted(root)) -mindepth 1 \(prune)\\( \(shown) \\) -print 2>/dev/null"
        }
        return "{ \(finds.joined(separator: "; ")); } | sed 's|^\\./||'"
    }
}
