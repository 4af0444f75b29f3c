import Testing

@testable import TUIList

/// fzf's algorithms (`FilterQuery+Algorithms.swift`) on small cases whose expected order is
/// what the pinned fzf 0.74.5 prints for `fzf --filter QUERY` on the same lines (the E2E
/// `PickerRankingConformanceTests` compares with fzf itself on 27,003 paths).
@Suite struct FilterAlgorithmTests {
    static func ranked(_ query: String, _ lines: [String], algorithm: FilterAlgorithm = .v2) -> [String] {
        var index = FilterIndex<Int>()
        for (n, line) in lines.enumerated() { index.append(n, text: line) }
        var parsed = FilterQuery(query)
        parsed.algorithm = algorithm
        guard let found = index.matches(parsed) else { return [] }
        return index.ranked(found).map { lines[Int($0)] }
    }

    static let debconf = [
        "/usr/share/debconf/confmodule", "/usr/share/debconf/confmodule.sh",
        "/usr/share/perl5/Debian/DebConf/Client/ConfModule.pm",
    ]

    /// v2 scores each line's best alignment: `conf` after the `/`, `mod` at `module`'s start.
    @Test func v2FindsTheBestAlignment() {
        #expect(
            Self.ranked("dconfmod", Self.debconf) == [
                "/usr/share/debconf/confmodule", "/usr/share/debconf/confmodule.sh",
                "/usr/share/perl5/Debian/DebConf/Client/ConfModule.pm",
            ])
        let others = [
            "/usr/share/doc/dconf-module", "/usr/share/debconf/confmodule", "/usr/bin/dconf-mod-helper", "/usr/lib/dconf/modules",
        ]
        #expect(
            Self.ranked("dconfmod", others) == [
                "/usr/lib/dconf/modules", "/usr/bin/dconf-mod-helper", "/usr/share/doc/dconf-module",
                "/usr/share/debconf/confmodule",
            ])
    }

    /// v1 scores the first alignment, shortened from its end: `debconf/confmod` here.
    @Test func v1ScoresTheFirstAlignment() {
        #expect(
            Self.ranked("dconfmod", Self.debconf, algorithm: .v1) == [
                "/usr/share/perl5/Debian/DebConf/Client/ConfModule.pm", "/usr/share/debconf/confmodule",
                "/usr/share/debconf/confmodule.sh",
            ])
    }

    /// `'conf'`: `conf` with no letter or digit beside it; after a blank first, an underscore
    /// beside it last.
    @Test func exactBoundaryTermsMatchWholeWords() {
        let lines = ["/usr/lib/x/conf.d", "/usr/lib/config", "/usr/lib/conf", "/usr/lib/my_conf", "/usr/lib/myconf", "a conf b"]
        #expect(Self.ranked("'conf'", lines) == ["a conf b", "/usr/lib/conf", "/usr/lib/x/conf.d", "/usr/lib/my_conf"])
        #expect(Self.ranked("!'conf'", lines) == ["/usr/lib/config", "/usr/lib/myconf"])
        #expect(FilterQuery("'conf'").matches("myconf") == nil)
        #expect(FilterQuery("'conf'").matches("x:conf")?.positions == [2, 3, 4, 5])
    }

    /// Punctuation after a blank or a `/` starts a word too (fzf's `bonusFor`).
    @Test func punctuationAfterABoundaryScoresAsAWordStart() {
        #expect(Self.ranked(".", ["ab.cd", "x/.y", "x .y"]) == ["x .y", "x/.y", "ab.cd"])
    }

    /// A query of only `!term`s ranks nothing: the lines stay in input order, as fzf's.
    @Test func onlyInvertedTermsKeepInputOrder() {
        #expect(Self.ranked("!q", ["b/zz", "a/x", "a/yy"]) == ["b/zz", "a/x", "a/yy"])
        #expect(Self.ranked("!q x", ["b/zz", "a/x", "a/yy", "x"]) == ["x", "a/x"])
    }
}
