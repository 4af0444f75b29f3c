import Foundation
import Testing

@testable import TUIListTool

/// The picker's command input (no pipe, and `reload`): its lines arrive, and it leaves no
/// child behind.
@Suite struct DefaultInputTests {
    /// This process's children that have ended and wait to be reaped (zombies), by command name.
    static func zombieChildren(named name: String) -> [Int32] {
        let me = getpid()
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
            else { return nil }
            let comm = stat[stat.index(after: open) ..< close]
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 2, fields[0] == "Z", Int32(fields[1]) == me, comm == name else { return nil }
            return pid
        }
    }

    /// The lines come through the pipe, and once they have, no `sh` of ours is left a zombie (a
    /// zombie child of a test process spins swift-testing's exit-test monitor, which waits for
    /// any child, and hangs every exit test after it).
    @Test func theCommandsLinesArriveAndNoChildIsLeftUnreaped() throws {
        let descriptor = try DefaultInput.start("printf 'one\\ntwo\\n'; sleep 0.2")
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0 ..< count]
        }
        close(descriptor)
        #expect(String(decoding: bytes, as: UTF8.self) == "one\ntwo\n")
        // Other tests' children may be between their end and their reaping for a moment.
        let deadline = Date().addingTimeInterval(3)
        while !Self.zombieChildren(named: "sh").isEmpty && Date() < deadline { usleep(20_000) }
        #expect(Self.zombieChildren(named: "sh").isEmpty, "an sh of ours is left a zombie")
    }
}
