import TUIListTool
import Testing

@Suite struct ToolFailureTests {
    @Test func keepsTheMessageOnOneLine() {
        let failure = ToolFailure("a\nb\r\nc", status: 2)
        #expect(failure.description == "a b c")  // "\r\n" is one Character
        #expect(failure.status == 2)
    }
}
