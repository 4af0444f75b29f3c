import TUIListTool
import Testing

@Suite struct RebaseTodoTests {
    private func commit(_ line: String) -> RebaseCommit? {
        if case .commit(let commit) = RebaseTodoLine(parsing: line) { return commit }
        return nil
    }

    @Test func readsFullAndAbbreviatedActions() throws {
        for action in RebaseAction.allCases {
            let full = try #require(commit("\(action.rawValue) 1a2b3c4 Add the parser"))
            #expect(full.action == action && !full.isAbbreviated && full.hash == "1a2b3c4" && full.subject == "Add the parser")
            let short = try #require(commit("\(action.abbreviation) 1a2b3c4 Add the parser"))
            #expect(short.action == action && short.isAbbreviated)
        }
    }

    @Test func readsFixupFlagsLeadingWhitespaceAndEmptySubjects() throws {
        let flagged = try #require(commit("fixup -C 5d6e7f8 better message"))
        #expect(flagged.flag == "-C" && flagged.hash == "5d6e7f8" && flagged.subject == "better message")
        let indented = try #require(commit("  \tpick abc"))
        #expect(indented.leadingWhitespace == "  \t" && indented.hash == "abc" && indented.subject == "")
    }

    @Test func otherLines() {
        #expect(RebaseTodoLine(parsing: "exec make test") == .command(word: "exec", argument: "make test"))
        #expect(RebaseTodoLine(parsing: "x make") == .command(word: "x", argument: "make"))
        #expect(RebaseTodoLine(parsing: "break") == .command(word: "break", argument: ""))
        #expect(RebaseTodoLine(parsing: "pick") == .command(word: "pick", argument: ""))  // no hash: not a commit
        #expect(RebaseTodoLine(parsing: "# Rebase a..b onto c") == .comment)
        #expect(RebaseTodoLine(parsing: "   # indented comment") == .comment)
        #expect(RebaseTodoLine(parsing: " \t ") == .blank)
        #expect(RebaseTodoLine(parsing: "; comment", commentString: ";") == .comment)
        #expect(RebaseTodoLine(parsing: "# not one", commentString: ";") == .command(word: "#", argument: "not one"))
    }

    @Test func changesOnlyTheCommandWord() throws {
        let line = "pick 1a2b3c4   two  spaces kept"
        let parsed = try #require(commit(line))
        #expect(parsed.text(with: .fixup, original: line) == "fixup 1a2b3c4   two  spaces kept")
        #expect(parsed.text(with: .pick, original: line) == line)
        let short = "s 1a2b3c4 x"
        #expect(try #require(commit(short)).text(with: .drop, original: short) == "d 1a2b3c4 x")
        let flagged = "fixup -c 1a2b3c4 x"
        #expect(try #require(commit(flagged)).text(with: .pick, original: flagged) == "pick 1a2b3c4 x")
        #expect(try #require(commit(flagged)).text(with: .fixup, original: flagged) == flagged)
    }

    @Test func findsTheCommentStringInGitsHelpText() {
        #expect(RebaseTodo.commentString(in: ["pick a x", "", "; Rebase 1a2b..3c4d onto 1a2b (1 command)"]) == ";")
        #expect(RebaseTodo.commentString(in: ["pick a x", "# Rebase 1a2b..3c4d onto 1a2b (1 command)"]) == "#")
        #expect(RebaseTodo.commentString(in: ["pick a Rebase things onto main"]) == "#")
        #expect(RebaseTodo.isTodoFile(path: "/repo/.git/rebase-merge/git-rebase-todo"))
        #expect(!RebaseTodo.isTodoFile(path: "todo.txt"))
    }
}
