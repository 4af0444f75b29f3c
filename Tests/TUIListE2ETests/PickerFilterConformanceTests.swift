import Foundation
import Testing

/// `tuilist pick --filter Q` against the real `fzf --filter Q` on a generated corpus of
/// paths: the same lines for every kind of term, smart case, `-i`/`+i` and `--exact`; the same
/// order with `--no-sort` (input order) and `--tac`; the same exit status.
///
/// Needs the reference fzf (`scripts/peers`, which `.ci/run` runs). Skipped with a line when it
/// is missing, except under `CI=true`, where a missing fzf fails.
@Suite(
    "tuilist pick --filter against fzf --filter",
    .needsReferenceFzf)
struct PickerFilterConformanceTests {

    /// ~5,000 path-like lines from a fixed seed: mixed case, accents, `/ _ - .` and spaces.
    static let corpus: [String] = {
        let parts = [
            "src", "Sources", "lib", "docs", "Tests", "app", "main", "Main", "util", "README", "readme", "config",
            "école", "Über", "niño", "façade", "naïve", "Ärger", "FilterIndex", "filterIndex", "picker", "my file",
            "test", "TestCase", "abc", "a_b", "x-y", "CamelCase", "data", "Data", "build", "fzf", "tui", "list",
        ]
        let extensions = [".swift", ".md", ".txt", ".Txt", ".json", ".c", "", ".tar.gz", ".MD"]
        var seed: UInt64 = 20
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        return (0 ..< 5_000).map { n in
            var line = (0 ... next(4)).map { _ in parts[next(parts.count)] }.joined(separator: "/")
            line += extensions[next(extensions.count)]
            switch next(12) {
            case 0: line = " " + line
            case 1: line += "  "
            case 2: line = line.uppercased()
            case 3: line += " \(n)"
            default: break
            }
            return line
        }
    }()

    /// Each case: the arguments both programs get (after the query, fzf's own spelling).
    static let cases: [[String]] = [
        // Fuzzy terms.
        ["src"], ["srcmain"], ["ctl"], ["abc"], ["rdme"], ["tst/ut"], ["x"], ["fo ba"], ["flix"], ["sw"],
        // Exact, prefix, suffix, exact-line.
        ["'src"], ["'main."], ["'test"], ["^src"], ["^docs/"], ["^ "], [".swift$"], ["md$"], ["^README.md$"],
        ["^fzf$"],
        // Inverse terms.
        ["!test"], ["!^src"], ["!.md$"], ["!'smt"], ["src !test"], ["!^lib$"],
        // OR groups.
        [".swift$ | .md$"], ["^src | ^lib main"], ["a | | b"], ["| src"], ["util |"],
        // Smart case, and -i / +i.
        ["Main"], ["SRC"], ["Readme"], ["eCole"], ["mAIN", "-i"], ["main", "+i"], ["TestCase !Data"],
        // Accented lines, unaccented queries; escaped spaces.
        ["ecole"], ["uber"], ["nino"], ["facade naive"], ["my\\ file"], ["\\ 1"],
        // Accented queries: only the same accents (case folded), plain letters in them only plain.
        ["école"], ["é"], ["ü"], ["Ü"], ["ñ"], ["'ç"], ["^école"], ["niño | uber"], ["ï"], ["!é"], ["!'ä src"], ["Ärger"],
        // Accents where the searched text is not the line: fields, templates, escapes stripped;
        // and --literal (a plain letter matches only itself).
        ["école", "--nth", "1", "-d", "/"], ["é", "--nth", "2..", "-d", "/"], ["ü", "--with-nth", "2..", "-d", "/"],
        ["é", "--ansi"], ["ñ !é", "--ansi", "--nth", "-1"], ["ecole", "--literal"], ["uber | nino", "--literal"],
        ["é", "--literal", "--nth", "1", "-d", "/"],
        // Lone operators and the empty query.
        ["!"], ["'"], ["^"], ["$"], ["|"], [""],
        // --exact.
        ["src main", "--exact"], ["'smn", "-e"], ["^src", "-e"], ["Main", "-e"], ["!'tst", "-e"],
        // Fields: AWK-style (leading blanks in no field), a literal delimiter, regular expressions.
        ["^src", "--nth", "1"], ["^src$", "--nth", "1"], ["'1", "--nth", "-1"],
        ["^lib", "--nth", "2", "-d", "/"], ["^data", "--nth", "2..", "-d", "/"], ["md$", "--nth", "..2", "-d", "/"],
        ["^main", "--nth", "2", "-d", "[/.]"], ["^swift$", "--nth", "-1", "-d", "[/.]+"], ["^tar", "--nth", "3", "-d", "/|\\."],
        // Several ranges of --nth: each searched apart (^ at each start, no term across two).
        ["^src", "--nth", "1,2", "-d", "/"], ["main$", "--nth", "3,1", "-d", "/"], ["'c/m", "--nth", "1,2", "-d", "/"],
        ["^doc 'md", "--nth", "2,-1", "-d", "/"], ["^readme", "--nth", "2,1"],
        ["src", "--with-nth", "2..", "-d", "/"], ["^ma", "--with-nth", "2", "--nth", "1", "-d", "/"],
        // A field list shows (and searches) the delimiter after its last field too.
        ["'s/", "--with-nth", "2", "-d", "/"], ["b/$", "--with-nth", "1..2", "-d", "/"],
        // --with-nth templates (fzf 0.60+): the shown text is searched, the template's own text
        // too; --nth splits the shown text; its whitespace at the end is trimmed (`md\ `);
        // `{n}` counts the header lines; `{0}` stands for nothing.
        ["'s>m", "--with-nth", "{1}>{2}", "-d", "/"], ["^main", "--with-nth", "{2}/{1}", "--nth", "1", "-d", "/"],
        ["md\\ ", "--with-nth", "{-1}", "-d", "/"], ["^12:", "--with-nth", "{n}:{1}", "-d", "/", "--header-lines", "2"],
        ["'1", "--with-nth", "{-1}{1}"], ["^xysrc", "--with-nth", "x{0}y{1}", "-d", "/"],
        ["^swift.", "--with-nth", "{-1}.{1}", "-d", "[/.]"], ["lib", "--with-nth", "{2..} {1}", "-d", "/", "--nth", "-1"],
    ]

    /// Runs `program --filter query extra` on the corpus.
    static func run(_ program: String, _ arguments: [String], corpus: String) throws -> (Int32, [String]) {
        let command =
            ([program] + (program.hasSuffix("tuilist") ? ["pick"] : []) + ["--filter", arguments[0]]
            + arguments.dropFirst()).map(\.shellQuoted).joined(separator: " ") + " < " + corpus.shellQuoted
        var environment = ProcessInfo.processInfo.environment
        environment["FZF_DEFAULT_OPTS"] = nil
        environment["FZF_DEFAULT_OPTS_FILE"] = nil
        environment["FZF_DEFAULT_COMMAND"] = nil
        let result = try Subprocess.run(["/bin/sh", "-c", command], environment: environment)
        var lines = result.output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return (result.status, lines)
    }

    @Test func theSameLinesAsFzf() throws {
        let fzf = try ReferenceTools.requireFzf()
        let tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        let corpus = NSTemporaryDirectory() + "/tuilist-conformance-\(UUID().uuidString.prefix(8)).txt"
        try (Self.corpus.joined(separator: "\n") + "\n").write(toFile: corpus, atomically: true, encoding: .utf8)
        defer { unlink(corpus) }
        var nonEmpty = 0
        for arguments in Self.cases {
            let (fzfStatus, fzfLines) = try Self.run(fzf, arguments, corpus: corpus)
            let (ourStatus, ourLines) = try Self.run(tuilist, arguments, corpus: corpus)
            let (theirs, ours) = (Set(fzfLines), Set(ourLines))
            #expect(
                ours == theirs && ourStatus == fzfStatus,
                """
                \(arguments): fzf \(fzfLines.count) lines (exit \(fzfStatus)), tuilist \(ourLines.count) (exit \(ourStatus)); \
                only fzf: \(theirs.subtracting(ours).sorted().prefix(5)), only tuilist: \(ours.subtracting(theirs).sorted().prefix(5))
                """)
            if !fzfLines.isEmpty && fzfLines.count < Self.corpus.count { nonEmpty += 1 }
        }
        // The cases discriminate: most select some lines but not all.
        #expect(nonEmpty >= Self.cases.count * 2 / 3, "only \(nonEmpty) cases select a proper subset")
    }

    @Test(arguments: [
        ["fo", "--no-sort"], ["'src !md$", "--no-sort"], ["", "--no-sort", "--tac"], ["", "--header-lines", "3"],
        ["src", "--no-sort", "--header-lines", "2"],
    ])
    func noSortKeepsFzfsOrder(arguments: [String]) throws {
        let fzf = try ReferenceTools.requireFzf()
        let tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        let corpus = NSTemporaryDirectory() + "/tuilist-conformance-\(UUID().uuidString.prefix(8)).txt"
        try (Self.corpus.joined(separator: "\n") + "\n").write(toFile: corpus, atomically: true, encoding: .utf8)
        defer { unlink(corpus) }
        let (_, theirs) = try Self.run(fzf, arguments, corpus: corpus)
        let (_, ours) = try Self.run(tuilist, arguments, corpus: corpus)
        #expect(!theirs.isEmpty)
        #expect(ours == theirs, "\(arguments): first differences \(zip(ours, theirs).filter { $0 != $1 }.prefix(3))")
    }

    /// fzf scores a term's best occurrence in a line, not its first: `conf` in
    /// `debconf/confmodule` is the one after the `/`.
    @Test(arguments: ["conf", "'conf", "fig", "deb"])
    func theBestOccurrenceRanksAsInFzf(query: String) throws {
        let fzf = try ReferenceTools.requireFzf()
        let tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        let corpus = NSTemporaryDirectory() + "/tuilist-best-\(UUID().uuidString.prefix(8)).txt"
        try [
            "/usr/share/debconf/confmodule", "/usr/share/doc/debconf-doc/changelog.gz", "/usr/lib/debconfig/x.txt",
            "/usr/share/debconf/debconf.conf", "/var/cache/debconf/config.dat", "/usr/bin/dconf",
            "/etc/fonts/conf.d/10-hinting.conf", "/usr/share/debconf/frontend/conflicts.pm",
        ].joined(separator: "\n").write(toFile: corpus, atomically: true, encoding: .utf8)
        defer { unlink(corpus) }
        let (_, theirs) = try Self.run(fzf, [query], corpus: corpus)
        let (_, ours) = try Self.run(tuilist, [query], corpus: corpus)
        #expect(theirs.count > 2)
        #expect(ours == theirs)
    }

    /// The whole ranking, line for line, for exact terms (scored as fzf scores them: the first
    /// occurrence at a word boundary, the last one when `end` or `pathname` leads) under every
    /// `--tiebreak` and `--scheme`, over the corpus and real-looking paths.
    @Test(arguments: [
        ["--tiebreak", "length"], ["--tiebreak", "begin"], ["--tiebreak", "end"], ["--tiebreak", "chunk"],
        ["--tiebreak", "pathname"], ["--tiebreak", "index"], ["--tiebreak", "begin,length"], ["--tiebreak", "end,index"],
        ["--tiebreak", "chunk,pathname,begin"], ["--scheme", "path"], ["--scheme", "history"], ["--scheme", "default"],
        ["--scheme", "path", "--tiebreak", "begin"], ["--tac", "--tiebreak", "end"],
        // --nth (one range of fields): the fields are searched, the whole line measured (its
        // length, where in it the match begins and ends). Measuring the fields instead differs
        // from fzf on 6 or 7 of the 8 queries of each.
        ["-d", "/", "--nth", "2.."], ["-d", "/", "--nth", "-1", "--tiebreak", "begin"], ["--nth", "2", "--tiebreak", "end"],
        ["-d", "/", "--nth", "1..2", "--tiebreak", "chunk,pathname"], ["-d", "/", "--nth", "-2..", "--tiebreak", "end,length"],
        ["-d", "/", "--nth", "2", "--with-nth", "2..", "--tiebreak", "begin,length"],
        // Several ranges: each searched apart, the whole line measured.
        ["-d", "/", "--nth", "1,3"], ["-d", "/", "--nth", "3,1", "--tiebreak", "begin"],
        ["-d", "/", "--nth", "1,3..", "--tiebreak", "chunk,pathname"], ["--nth", "2,1", "--tiebreak", "end"],
    ])
    func theRankingIsFzfsForEveryTiebreakAndScheme(options: [String]) throws {
        let fzf = try ReferenceTools.requireFzf()
        let tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        let corpus = NSTemporaryDirectory() + "/tuilist-tiebreak-\(UUID().uuidString.prefix(8)).txt"
        let paths = Self.corpus.map { "/usr/share/" + $0.replacingOccurrences(of: " ", with: "/") + "/" + $0 }
        try ((Self.corpus + paths).joined(separator: "\n") + "\n").write(toFile: corpus, atomically: true, encoding: .utf8)
        defer { unlink(corpus) }
        var compared = 0
        defer { #expect(compared > 1_000, "\(options): \(compared) lines compared") }
        for query in ["'src", "'main", "'a", "'share", "^src", ".md$", "'a 's", "'ma 'src"] {
            let (_, theirs) = try Self.run(fzf, [query] + options, corpus: corpus)
            let (_, ours) = try Self.run(tuilist, [query] + options, corpus: corpus)
            // (Some fields hold no match of an anchored term: then another query has many.)
            #expect(theirs.count > 10 || options.contains("--nth"), "\(query) \(options)")
            compared += theirs.count
            let firstDifference = zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }
            let differing = String(describing: firstDifference)
            #expect(ours == theirs, "\(query) \(options): \(ours.count) vs \(theirs.count) lines, first difference \(differing)")
        }
    }

    /// `--accept-nth` (fzf 0.60+): the fields printed, as fzf prints them, line for line: index
    /// expressions joined with the delimiters between them, templates, `{n}` counting the
    /// header lines, AWK-style blanks, a literal delimiter and a regular expression.
    @Test(arguments: [
        // (Fuzzy terms with --no-sort: their ranking is not always fzf's; exact terms rank as fzf's.)
        ["", "--accept-nth", "2"], ["src", "--accept-nth", "1,3", "-d", "/", "--no-sort"], ["", "--accept-nth", "-1", "-d", "/"],
        ["'main", "--accept-nth", "{2}:{1}", "-d", "/"], ["", "--accept-nth", "{n} {-1}", "-d", "/", "--header-lines", "2"],
        ["'a", "--accept-nth", "3,1", "-d", "[/.]"], ["", "--accept-nth", "2..", "--no-sort"],
        ["doc", "--accept-nth", "1..2", "-d", "/", "--with-nth", "2..", "--no-sort"],
        ["test", "--accept-nth", "{n}", "--no-sort"], ["'src", "--accept-nth", "{n}|{1}", "-d", "/"],
        // A template's result loses the delimiter that ends it; one character is a literal delimiter.
        ["'src", "--accept-nth", "{2}/{1}/", "-d", "/"], ["", "--accept-nth", "{1}.", "-d", ".", "--no-sort"],
        // With a --with-nth template: printed of the line as read, not of what is shown.
        ["'main", "--with-nth", "{2}:{1}", "--accept-nth", "{1}", "-d", "/"],
        ["", "--with-nth", "{n} {-1}", "--accept-nth", "{n}|{2}", "-d", "/", "--header-lines", "2"],
        // (--no-sort: with --nth, equal scores are not ordered by length as fzf orders them.)
        ["^doc", "--with-nth", "{2}/{1}", "--nth", "1", "--accept-nth", "-1", "-d", "/", "--no-sort"],
    ])
    func acceptNthPrintsWhatFzfPrints(arguments: [String]) throws {
        let fzf = try ReferenceTools.requireFzf()
        let tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        let corpus = NSTemporaryDirectory() + "/tuilist-accept-\(UUID().uuidString.prefix(8)).txt"
        try (Self.corpus.joined(separator: "\n") + "\n").write(toFile: corpus, atomically: true, encoding: .utf8)
        defer { unlink(corpus) }
        let (theirStatus, theirs) = try Self.run(fzf, arguments, corpus: corpus)
        let (ourStatus, ours) = try Self.run(tuilist, arguments, corpus: corpus)
        #expect(theirs.count > 10 && theirStatus == 0)
        #expect(ourStatus == theirStatus)
        let same = ours == theirs
        let firstDifference = String(describing: zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 })
        #expect(same, "\(arguments): \(ours.count) vs \(theirs.count) lines, first difference \(firstDifference)")
    }

    @Test func rankingPutsTheTightestMatchFirst() throws {
        let tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        let corpus = NSTemporaryDirectory() + "/tuilist-rank-\(UUID().uuidString.prefix(8)).txt"
        try "x/filter/index/thing.txt\nlib/fi/footer.txt\nSources/FilterIndex.swift\nfi\n".write(
            toFile: corpus, atomically: true, encoding: .utf8)
        defer { unlink(corpus) }
        let (status, lines) = try Self.run(tuilist, ["fi"], corpus: corpus)
        #expect(status == 0)
        #expect(lines.first == "fi" && lines.count == 4, "\(lines)")
    }
}
