import ArgumentParser
import TUIList
import TUIListDemoKit

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Play a recorded session back.")

    @Argument(help: "The recording (a JSON-lines file made with --record).")
    var file: String

    func run() throws {
        fail("replay is not built yet")
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Export a recorded session as an asciicast v2 file.")

    @Argument(help: "The recording (a JSON-lines file made with --record).")
    var file: String

    func run() throws {
        fail("export is not built yet")
    }
}
