import Foundation
import TUIList
import Testing

@testable import TUIListTool

/// fzf's option grammar rewritten for ArgumentParser (issue 31, item 2).
@Suite struct PickerCommandLineTests {
    @Test(arguments: [
        (["-fbash"], ["--filter=bash"]),
        (["-qhello"], ["--query=hello"]),
        (["-fh"], ["--filter=h"]),
        (["-d:", "-n2"], ["--delimiter=:", "--nth=2"]),
        (["-n2.."], ["--nth=2.."]),
        (["-f", "conf"], ["--filter=conf"]),
        (["--nth", "-1", "-q", "-x"], ["--nth=-1", "--query=-x"]),
        (["--filter=a=b"], ["--filter=a=b"]),
        (["-f", ""], ["--filter", ""]),
        (["-q"], ["-q"]),
    ])
    func shortValuesMayBeJoinedAndEveryValueIsTakenWhateverItStartsWith(arguments: [String], expected: [String]) throws {
        #expect(try PickerCommandLine.normalized(arguments) == expected)
    }

    @Test(arguments: [
        (["-m"], ["--multi"]),
        (["-m", "+m"], []),
        (["+m", "--multi"], ["--multi"]),
        (["-x"], []),
        (["+x"], ["--no-extended"]),
        (["+x", "-x"], []),
        (["-e", "+e"], []),
        (["+e", "-e"], ["--exact"]),
        (["+s"], ["--no-sort"]),
        (["+s", "--sort"], []),
        (["-i", "+i"], ["--case-sensitive"]),
        (["+i", "-i"], ["-i"]),
        (["-i", "--smart-case"], []),
        (["-1", "+1", "-0"], ["--exit-0"]),
        (["--reverse"], ["--layout=reverse"]),
        // fzf's default layout (the prompt at the bottom) is asked for by name or by
        // --no-reverse; given nothing, the picker keeps its own (the prompt on top).
        (["--layout=reverse", "--layout", "default"], ["--layout=default"]),
        (["--reverse", "--no-reverse"], ["--layout=default"]),
        (["--layout=reverse-list"], ["--layout=reverse-list"]),
        (["--track", "--no-track"], []),
        // fzf's older spellings of --info, and --no-separator against --separator.
        (["--info=right", "--inline-info"], ["--info=inline"]),
        (["--inline-info", "--no-inline-info"], ["--info=default"]),
        (["--no-info"], ["--info=hidden"]),
        (["--no-info", "--info", "right"], ["--info=right"]),
        (["--separator=ab", "--no-separator"], ["--no-separator"]),
        (["--no-separator", "--separator", "="], ["--separator=="]),
        // fzf's bash Ctrl-R passes --wrap-sign (kept for --wrap); the --wrap family.
        (["--wrap-sign", "\t↳ ", "--tac"], ["--wrap-sign=\t↳ ", "--tac"]),
        (["--wrap-sign=>", "+s"], ["--wrap-sign=>", "--no-sort"]),
        (["--wrap", "--no-wrap"], []), (["--wrap-word", "--no-wrap-word"], ["--wrap=char"]), (["--no-wrap-word"], []),
        (["--wrap", "word", "-i"], ["--wrap=word", "-i"]), (["--wrap-word", "--wrap"], ["--wrap=word"]),
    ])
    func ofTwoOptionsThatSetOneThingTheLastWins(arguments: [String], expected: [String]) throws {
        #expect(try PickerCommandLine.normalized(arguments) == expected)
    }

    @Test(arguments: [
        (["--multi=3"], ["--multi", "--multi-limit=3"]),
        (["-m", "2"], ["--multi", "--multi-limit=2"]),
        (["--multi", "2", "-e"], ["--multi", "--multi-limit=2", "--exact"]),
        (["-m", "-e"], ["--multi", "--exact"]),
        (["--multi=0"], []),
        (["--multi=2", "+m"], []),
        (["+m", "-m", "4"], ["--multi", "--multi-limit=4"]),
    ])
    func multiTakesFzfsOptionalMaximum(arguments: [String], expected: [String]) throws {
        #expect(try PickerCommandLine.normalized(arguments) == expected)
    }

    @Test func aMultiMaximumThatIsNoNumberIsOneLine() {
        #expect(throws: ToolFailure("--multi: not a number of lines: 'x' (--multi=MAX, 0 for no multi-select)")) {
            try PickerCommandLine.normalized(["--multi=x"])
        }
    }

    @Test func aValueOptionGivenTwiceKeepsTheLastButBindAddsUp() throws {
        #expect(try PickerCommandLine.normalized(["-qa", "--query", "b"]) == ["--query=b"])
        #expect(
            try PickerCommandLine.normalized(["--bind", "ctrl-a:select-all", "--bind=ctrl-b:up"])
                == ["--bind=ctrl-a:select-all", "--bind=ctrl-b:up"])
    }

    @Test(arguments: ["+z", "-me", "-mx", "+xs"])
    func anUnknownPlusOrGroupedShortOptionIsOneLineNamingIt(argument: String) {
        #expect(throws: ToolFailure("unknown option '\(argument)' (tuilist pick --help lists the options)")) {
            try PickerCommandLine.normalized(["-m", argument])
        }
    }

    @Test func unknownLongOptionsArePassedOnForArgumentParserToName() throws {
        #expect(try PickerCommandLine.normalized(["--bogus", "-m"]) == ["--bogus", "--multi"])
    }

    @Test func defaultOptionsComeFromFzfThenOurVariableThenTheCommandLine() throws {
        let environment = ["FZF_DEFAULT_OPTS": "-i --multi --prompt 'a b> '", "TUILIST_DEFAULT_OPTS": "+m -q\"x y\""]
        #expect(
            try PickerCommandLine.arguments(["+i"], environment: environment)
                == ["pick", "--prompt=a b> ", "--query=x y", "--case-sensitive"])
        #expect(try PickerCommandLine.arguments(["pick", "-m"], environment: [:]) == ["pick", "--multi"])
        #expect(try PickerCommandLine.arguments([], environment: environment).first == "pick")
        // Other subcommands, and the root's own help and version, are left alone.
        for arguments in [["watch", "-n", "1", "ls"], ["edit", "-m"], ["--help"], ["-h"], ["--version"]] {
            #expect(try PickerCommandLine.arguments(arguments, environment: environment) == arguments)
        }
        // A --with-nth template with a space, quoted in the variable, is one value.
        #expect(
            try PickerCommandLine.arguments([], environment: ["FZF_DEFAULT_OPTS": "--with-nth '{2} {1}' -d:"])
                == ["pick", "--with-nth={2} {1}", "--delimiter=:"])
        #expect(throws: ToolFailure("FZF_DEFAULT_OPTS: unclosed ' quote")) {
            try PickerCommandLine.arguments([], environment: ["FZF_DEFAULT_OPTS": "--prompt 'x"])
        }
    }

    /// A fzf user's `FZF_DEFAULT_OPTS` holds options of fzf's that the picker lacks (`--tail`,
    /// `--preview-label`): those are skipped, with their value word, one warning line each, and
    /// the rest applies (`--style`, `--highlight-line` are the picker's); an option fzf lacks
    /// too still reaches ArgumentParser, which names it; on the command line or in our own
    /// variable an unsupported option of fzf's is an error naming it.
    @Test func fzfsOwnOptionsThatThePickerLacksAreSkippedFromFzfDefaultOptsWithAWarning() throws {
        let environment = [
            "FZF_DEFAULT_OPTS": "--height 40% --tail 1 --style=minimal --highlight-line -i --preview-label x --bogus"
        ]
        var warnings: [String] = []
        #expect(
            try PickerCommandLine.arguments(["-q", "a"], environment: environment) { warnings.append($0) }
                == ["pick", "--height=40%", "--no-separator", "--no-scrollbar", "-i", "--bogus", "--query=a"])
        #expect(
            warnings == [
                "FZF_DEFAULT_OPTS: skipped --tail 1 (tuilist pick does not support it)",
                "FZF_DEFAULT_OPTS: skipped --preview-label x (tuilist pick does not support it)",
            ])
        #expect(throws: PickerFzfOptions.unsupported("--tail")) {
            try PickerCommandLine.arguments(["--tail", "1"], environment: [:])
        }
        #expect(throws: PickerFzfOptions.unsupported("--tail")) {
            try PickerCommandLine.arguments([], environment: ["TUILIST_DEFAULT_OPTS": "--tail=1"])
        }
        // A value option keeps its value word, whatever it looks like; an optional value is
        // taken unless it is an option (fzf's `--listen 8080`, `--listen --sync`).
        #expect(
            PickerFzfOptions.fromConfiguration(["--prompt", "--sync", "--sync"], source: "X") { _ in } == ["--prompt", "--sync"])
        let tmux = PickerFzfOptions.fromConfiguration(["--listen", "8080", "--listen", "-i", "--gap", "2", "-e"], source: "X") {
            _ in
        }
        #expect(tmux == ["-i", "-e"])
    }

    /// fzf's options that the picker has under another spelling, and fzf's joined `-m3`.
    @Test func fzfsOtherSpellingsAreThePickersOwn() throws {
        #expect(try PickerCommandLine.normalized(["-m3"]) == ["--multi", "--multi-limit=3"])
        #expect(try PickerCommandLine.normalized(["--no-color", "+c"]) == ["--color=bw", "--color=bw"])
        #expect(try PickerCommandLine.normalized(["--expect=a", "--no-expect", "--expect", "b"]) == ["--expect=b"])
        #expect(try PickerCommandLine.normalized(["--preview", "cat {}", "--no-preview", "--header=h", "--no-header"]) == [])
        #expect(try PickerCommandLine.normalized(["--disabled", "--enabled", "--no-bold"]) == ["--no-bold"])
        #expect(try PickerCommandLine.normalized(["--style", "full"]) == ["--border=rounded", "--info=inline-right"])
        #expect(try PickerCommandLine.normalized(["--tmux", "80%", "-i"]) == ["-i"], "outside tmux, as fzf: nothing")
        // Inside tmux a popup; of it and --height the last wins; --no-tmux takes it back.
        let tmux = ["TMUX": "/tmp/tmux-0/default,1,0"]
        #expect(try PickerCommandLine.normalized(["--tmux", "80%"], environment: tmux) == ["--tmux=80%"])
        #expect(try PickerCommandLine.normalized(["--popup", "--height=5"], environment: tmux) == ["--height=5"])
        #expect(try PickerCommandLine.normalized(["--height=5", "--tmux"], environment: tmux) == ["--tmux=center"])
        #expect(try PickerCommandLine.normalized(["--tmux", "-i", "--no-tmux"], environment: tmux) == ["-i"])
        #expect(throws: ToolFailure.self) { try PickerCommandLine.normalized(["--tmux=middle,1,2,3"]) }
        #expect(throws: ToolFailure("--style: unsupported style preset: odd (default, minimal or full[:BORDER])")) {
            try PickerCommandLine.normalized(["--style", "odd"])
        }
    }

    /// Every option of fzf 0.74's table is the picker's, rewritten, fzf's default, or
    /// unsupported — and an unsupported one is skipped from `FZF_DEFAULT_OPTS` with exactly one
    /// warning line, its value word gone with it, and named as an error on the command line.
    @Test func everyUnsupportedFzfOptionIsOneWarningFromTheConfigurationAndAnErrorOnTheCommandLine() throws {
        for (name, arity) in PickerFzfOptions.arity.sorted(by: { $0.key < $1.key })
        where PickerFzfOptions.isUnsupported(name) {
            let words = arity == .flag ? [name] : [name, "1"]
            var warnings: [String] = []
            #expect(throws: PickerFzfOptions.unsupported(name), "\(name)") {
                try PickerCommandLine.arguments(words + ["-i"], environment: [:])
            }
            let fromConfiguration = try PickerCommandLine.arguments(
                [], environment: ["FZF_DEFAULT_OPTS": words.joined(separator: " ") + " -e"]
            ) {
                warnings.append($0)
            }
            #expect(fromConfiguration == ["pick", "--exact"], "\(name): \(fromConfiguration)")
            #expect(warnings.count == 1, "\(name): \(warnings)")
        }
    }

    /// A `--color` spec of fzf's for a part the picker does not draw, and a `--bind` with a key
    /// or action it lacks, are skipped from `FZF_DEFAULT_OPTS` (one warning line per option),
    /// the rest kept.
    @Test func fzfDefaultOptsColorsAndKeysThePickerLacksAreSkipped() throws {
        var warnings: [String] = []
        let environment = [
            "FZF_DEFAULT_OPTS":
                "--color 'bg+:#313244,selected-bg:#45475a,preview-bg:0' --color base16 --bind 'ctrl-/:up,ctrl-alt-bs:down,f1:toggle-input'"
        ]
        #expect(
            try PickerCommandLine.arguments([], environment: environment) { warnings.append($0) }
                == ["pick", "--color=bg+:#313244", "--color=base16", "--bind=ctrl-/:up"])
        #expect(
            warnings == [
                "FZF_DEFAULT_OPTS: skipped --color selected-bg:#45475a,preview-bg:0 (tuilist pick does not support it)",
                "FZF_DEFAULT_OPTS: skipped --bind ctrl-alt-bs:down,f1:toggle-input (tuilist pick does not support it)",
            ])
        var colors = PickerColors()
        #expect(throws: ToolFailure("--color: unsupported color name: selected-bg (fzf's; tuilist pick does not draw it)")) {
            try colors.apply("selected-bg:1")
        }
    }

    @Test func argumentParsersRequestsForTheWholeToolAreLeftAlone() throws {
        // scripts/install's man pages and completions, and a completion script's requests,
        // are for the root command: not `pick`'s, and not read as fzf's options.
        let environment = ["FZF_DEFAULT_OPTS": "-m"]
        for arguments in [
            ["--experimental-dump-help"], ["--generate-completion-script", "bash"], ["--generate-completion-script=zsh"],
            ["---completion", "pick", "--", "--preview-window"],
        ] {
            #expect(try PickerCommandLine.arguments(arguments, environment: environment) == arguments)
        }
    }

    @Test(arguments: [
        ("", []),
        ("  -m\t--exact\n", ["-m", "--exact"]),
        ("--prompt='> '", ["--prompt=> "]),
        (#"--bind "ctrl-a:select-all" -q\ x"#, ["--bind", "ctrl-a:select-all", "-q x"]),
        (#""a\"b\\c\d" ''"#, [#"a"b\c\d"#, ""]),
        ("a\\\nb", ["ab"]),
    ])
    func variablesAreSplitIntoWordsAsShDoes(text: String, expected: [String]) throws {
        #expect(try PickerCommandLine.shellWords(text) == expected)
    }

    @Test func withNothingPipedInTheFilesBelowAreListedOrFzfsDefaultCommandRun() throws {
        #expect(try PickerCommandLine.defaultCommand(environment: ["FZF_DEFAULT_COMMAND": "fd"]) == "fd")
        let walker = try PickerCommandLine.defaultCommand(environment: ["FZF_DEFAULT_COMMAND": ""])
        #expect(walker.contains("find -L '.' ") && walker.contains("-name '.git' -o -name 'node_modules'"))
        #expect(throws: ToolFailure("--walker: invalid walker option: files (file, dir, follow, hidden)")) {
            try PickerCommandLine.defaultCommand(environment: [:], walker: "files")
        }
    }

    /// fzf's `--walker`, `--walker-root` and `--walker-skip` (what fzf's Alt-C and Ctrl-T ask
    /// for): the listed kinds below each root, hidden ones only with `hidden`, skipped names
    /// not entered.
    @Test func theWalkerListsWhatItsOptionsSay() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walker-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for directory in ["a/b", ".hid", "skip"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(directory)", withIntermediateDirectories: true)
        }
        for file in ["a/f", ".hid/g", "skip/h", "top"] {
            #expect(FileManager.default.createFile(atPath: "\(root)/\(file)", contents: nil))
        }
        func walk(_ walker: String, skip: String = "skip") throws -> [String] {
            let command = try PickerCommandLine.defaultCommand(environment: [:], walker: walker, roots: ["."], skip: skip)
            // ChildProcess, not Foundation's Process: Process.run leaks a weak reference that
            // LeakSanitizer reports under .ci/run's ASan stage.
            let run = ChildProcess.run(["/bin/sh", "-c", "cd '\(root)' && \(command)"], timeout: 30)
            #expect(run.status == .exited(0))
            return String(decoding: run.output, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
        }
        #expect(try walk("dir,follow,hidden") == [".hid", "a", "a/b"])
        #expect(try walk("file,follow,hidden") == [".hid/g", "a/f", "top"])
        #expect(try walk("file,dir") == ["a", "a/b", "a/f", "top"])
    }
}

/// `--tiebreak` lists and `--scheme` names, read as fzf reads them.
@Suite struct FilterTiebreakParsingTests {
    @Test func listsAreCommaSeparatedWithIndexOnlyLast() throws {
        #expect(try FilterTiebreak.list(parsing: "length") == [.length])
        #expect(try FilterTiebreak.list(parsing: "chunk,pathname,begin") == [.chunk, .pathname, .begin])
        #expect(try FilterTiebreak.list(parsing: "end,index") == [.end])
        #expect(try FilterTiebreak.list(parsing: "index") == [])
        #expect(throws: FilterTiebreak.ParseError(message: "index should be the last criterion")) {
            try FilterTiebreak.list(parsing: "index,end")
        }
        #expect(throws: FilterTiebreak.ParseError(message: "invalid sort criterion: size")) {
            try FilterTiebreak.list(parsing: "length,size")
        }
        #expect(throws: FilterTiebreak.ParseError(message: "duplicate sort criteria: end")) {
            try FilterTiebreak.list(parsing: "end,end")
        }
    }

    @Test func schemesHaveFzfsDefaultTiebreaks() {
        #expect(FilterScheme.default.tiebreaks == [.length])
        #expect(FilterScheme.path.tiebreaks == [.pathname, .length])
        #expect(FilterScheme.history.tiebreaks == [])
        #expect(FilterQuery.prefersLastOccurrence(for: [.pathname, .length]))
        #expect(!FilterQuery.prefersLastOccurrence(for: [.begin, .end]))
    }
}
