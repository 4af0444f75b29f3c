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
    /// `--style`, `--highlight-line`): those are skipped, with their value word, and the rest
    /// applies; an option fzf lacks too, or one on the command line or in our own variable,
    /// still reaches ArgumentParser, which names it.
    @Test func fzfsOwnOptionsThatThePickerLacksAreSkippedFromFzfDefaultOpts() throws {
        let environment = [
            "FZF_DEFAULT_OPTS": "--height 40% --tail 1 --style=minimal --highlight-line -i --border-label x --bogus"
        ]
        #expect(
            try PickerCommandLine.arguments(["-q", "a"], environment: environment)
                == ["pick", "--height=40%", "-i", "--bogus", "--query=a"])
        #expect(try PickerCommandLine.arguments(["--tail", "1"], environment: [:]) == ["pick", "--tail", "1"])
        #expect(try PickerCommandLine.arguments([], environment: ["TUILIST_DEFAULT_OPTS": "--tail=1"]) == ["pick", "--tail=1"])
        // A value option keeps its value word, whatever it looks like.
        #expect(PickerCommandLine.withoutUnknownOptions(["--prompt", "--sync", "--sync"]) == ["--prompt", "--sync"])
    }

    /// A binding in `FZF_DEFAULT_OPTS` to an action the picker lacks (a newer fzf's) is
    /// skipped, the value's other bindings kept as written; on the command line it is still
    /// a usage error that names the action.
    @Test func fzfDefaultOptsBindingsToActionsThePickerLacksAreSkipped() throws {
        let environment = [
            "FZF_DEFAULT_OPTS":
                "--bind 'ctrl-a:select-all,ctrl-t:transform(echo x)+up,ctrl-y:execute-silent(echo {} | xclip)' --bind=alt-j:jump"
        ]
        #expect(
            try PickerCommandLine.arguments([], environment: environment)
                == ["pick", "--bind=ctrl-a:select-all,ctrl-y:execute-silent(echo {} | xclip)"])
        #expect(PickerBinding.withoutUnsupportedActions("a:jump,b:up") == "b:up")
        #expect(PickerBinding.withoutUnsupportedActions("a:jump") == nil)
        #expect(PickerBinding.withoutUnsupportedActions("nokey") == "nokey", "not fzf's syntax: left for the error")
        #expect(throws: ToolFailure("--bind: unsupported action: transform(echo x)")) {
            try PickerBinding.parse("ctrl-a:select-all,ctrl-t:transform(echo x)+up")
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

    @Test func withNothingPipedInTheFilesBelowAreListedOrFzfsDefaultCommandRun() {
        #expect(PickerCommandLine.defaultCommand(environment: ["FZF_DEFAULT_COMMAND": "fd"]) == "fd")
        let walker = PickerCommandLine.defaultCommand(environment: ["FZF_DEFAULT_COMMAND": ""])
        #expect(walker.hasPrefix("find -L . ") && walker.contains("-name .git -o -name node_modules"))
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
