import Testing
@testable import TUIList

@Test func versionIsSemantic() {
    #expect(TUIListVersion.string.split(separator: ".").count == 3)
}
