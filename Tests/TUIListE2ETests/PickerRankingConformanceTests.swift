import Foundation
import Testing

/// `tuilist pick --filter Q`'s best ten lines against the reference fzf's on real paths: 27,003
/// paths of a Debian `/usr` (`Tests/Fixtures/usr-paths.txt`: every fifth of `find /usr -xdev`
/// sorted, and every `debconf`/`dconf` one), with over a hundred queries of every shape: words,
/// abbreviations, path pieces, single characters, numbers, capitals, several terms and every
/// operator, `'term'` included; under `--algo=v2` (the default) and `--algo=v1`. The order
/// must be the same, line for line, and the number of lines found too.
///
/// Needs the reference fzf (`scripts/peers`); skipped without it, except under `CI=true`.
@Suite("tuilist pick ranks as fzf --filter", .needsReferenceFzf)
struct PickerRankingConformanceTests {
    static let queries: [String] = [
        // Words.
        "conf", "python", "share", "lib", "bin", "include", "locale", "doc", "man", "zsh", "bash", "perl", "ssl",
        "systemd", "gcc", "x86", "usr", "copyright", "changelog", "terminfo", "json", "html", "png", "svg", "tmpl",
        "cfg", "l10n", "i18n", "utf8", "xkb",
        // Abbreviations.
        "dconfmod", "usbin", "shdoc", "libpy", "pyutil", "lcmsg", "incsys", "manpg", "gzchg", "sysdunit", "pycache",
        "initd", "iconvm", "tzdata", "lnxhdr", "dbgsym", "fontcfg", "usrlibx", "ushrdcpr", "ulbpy", "ssldoc", "ebconf",
        "pyc",
        // Path pieces.
        "share/doc", "lib/x86_64", "/bin/", ".so.1", "__init__.py", "site-packages", ".gz", "include/linux",
        "lib/python3", "share/locale/de", "usr/share/man/man1", "/usr/share/zoneinfo",
        // Single characters, numbers.
        "a", "b", "z", "x", "q", "k", "/", ".", "_", "1", "12", "123", "2", "64", "3.1", "0", "8",
        // Capitals (smart case).
        "README", "Makefile", "LICENSE", "Python", "CHANGELOG", "cMake", "Init", "XML",
        // Several terms, every operator.
        "lib so", "share man gz", "py !test", "doc copyright", "zone info", "^/usr/bin", ".h$", ".py$ !test", "'python",
        "'share/doc", "!lib", "^/usr/lib .so$", "ls$ | sh$", "^/usr/include | .py$", "perl5 'pm", "gconv .so", "'__",
        ".conf$",
        // Exact-boundary terms (fzf 0.74).
        "'conf'", "'bin'", "'x86_64'", "'doc'", "'py'", "'man' gz", "'share' 'doc'", "!'lib' doc", "'de' locale",
        "'so' | 'gz'",
    ]

    /// The queries a run checks: all of them, or under a sanitizer every sixth. The whole
    /// corpus is the plain run's; a sanitizer's run checks the engine's memory and threads on
    /// real lines (all 354 runs of an ASan-built tuilist took 14 minutes, the end-to-end
    /// target's longest pole), and UBSan's checks only the C targets, which a filter never
    /// reaches.
    static var checked: [String] {
        let sampled = underSanitizer || ProcessInfo.processInfo.environment["UBSAN_OPTIONS"] != nil
        return sampled ? queries.enumerated().filter { $0.offset % 6 == 0 }.map(\.element) : queries
    }

    static let corpus = TestPaths.packageRoot.appendingPathComponent("Tests/Fixtures/usr-paths.txt").path

    /// The queries whose best ten lines (or number of lines) differ from fzf's, with `extra`
    /// arguments given to both.
    static func differences(_ extra: [String]) throws -> [String] {
        let fzf = try ReferenceTools.requireFzf()
        let tuilist = try #require(TestPaths.executable("tuilist"), "tuilist is not built (swift test builds it)")
        var differing: [String] = []
        for query in checked {
            let (_, theirs) = try PickerFilterConformanceTests.run(fzf, [query] + extra, corpus: corpus)
            let (_, ours) = try PickerFilterConformanceTests.run(tuilist, [query] + extra, corpus: corpus)
            if ours.count != theirs.count || ours.prefix(10) != theirs.prefix(10) {
                let first = zip(ours.prefix(10), theirs.prefix(10)).enumerated().first { $0.element.0 != $0.element.1 }
                differing.append(
                    "\(query): \(ours.count) lines, fzf \(theirs.count)"
                        + (first.map { "; #\($0.offset + 1) \($0.element.0), fzf \($0.element.1)" } ?? ""))
            }
        }
        return differing
    }

    @Test func theQueriesAreMany() {
        #expect(Self.queries.count >= 100 && Set(Self.queries).count == Self.queries.count)
    }

    @Test(arguments: [[String](), ["--algo=v1"], ["--algo", "v2", "--scheme=path"]])
    func theBestTenAreFzfs(extra: [String]) throws {
        let differing = try Self.differences(extra)
        #expect(differing.isEmpty, "\(differing.count) of \(Self.checked.count) differ:\n\(differing.joined(separator: "\n"))")
    }
}
