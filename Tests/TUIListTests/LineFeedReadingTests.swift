import Foundation
import Testing

@testable import TUIList

/// ``LineFeed/read(descriptor:separator:)`` over a real pipe: how a producer's writes become
/// batches, and lines longer than a batch.
@Suite struct LineFeedReadingTests {
    /// A feed whose batches are their lines as strings, reading the pipe's read end.
    final class Reading: @unchecked Sendable {
        let feed = LineFeed<[String]>()
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        let ends: (read: Int32, write: Int32)

        /// - Parameter patience: How long a batch waits for more bytes, in milliseconds.
        init(patience: Int = LineFeed<[String]>.batchPatience) {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            self.ends = (ends[0], ends[1])
            feed.prepare { _, bytes, lineEnds in
                var start = 0
                return lineEnds.map { end in
                    defer { start = end + 1 }
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< end]), as: UTF8.self)
                }
            }
            feed.connect(mailbox)
            feed.read(descriptor: self.ends.read, separator: 0x0A, patience: patience)
        }

        func write(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                var done = 0
                while done < bytes.count {
                    let wrote = Glibc.write(ends.write, bytes.baseAddress! + done, bytes.count - done)
                    precondition(wrote > 0)
                    done += wrote
                }
            }
        }

        /// Every batch up to the input's end (the write end closed), in order.
        func batches() -> [[String]] {
            close(ends.write)
            var batches: [[String]] = []
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                for message in mailbox.takeAll() {
                    switch feed.accept(message) {
                    case .lines(let lines)?: batches.append(lines)
                    case .end?:
                        close(ends.read)
                        return batches
                    case nil: break
                    }
                }
                usleep(2_000)
            }
            Issue.record("the input's end never came")
            return batches
        }
    }

    @Test func aProducerWritingALineAtATimeWithoutPausingFillsBatches() {
        // 200 lines of 100 bytes, one write each, 0.2 ms apart: the reader, faster than the
        // writer, waits for more before sending. Sending what was there at each read (the
        // patience at 0) makes a batch of about every line and fails this. (The patience is
        // 5 s here, not 3 ms: under a sanitizer, beside other tests, a writer's 0.2 ms sleep
        // took longer than 3 ms; CI 2026-11-27 saw 91 batches.)
        let reading = Reading(patience: 5_000)
        let line = String(repeating: "x", count: 99)
        for number in 0 ..< 200 {
            reading.write("\(line)\n")
            if number % 2 == 1 { usleep(200) }
        }
        let batches = reading.batches()
        #expect(batches.joined().count == 200)
        #expect(batches.count <= 20, "\(batches.count) batches of \(batches.map(\.count))")
    }

    @Test func aSlowProducersLineComesBeforeItsNextOne() {
        // A line, then nothing for a while: it is sent within the patience, not held for more.
        let reading = Reading()
        reading.write("first\n")
        var got: [String] = []
        let deadline = Date().addingTimeInterval(5)
        while got.isEmpty && Date() < deadline {
            for message in reading.mailbox.takeAll() {
                if case .lines(let lines)? = reading.feed.accept(message) { got += lines }
            }
            usleep(1_000)
        }
        #expect(got == ["first"])
        reading.write("second\n")
        #expect(reading.batches().joined().elementsEqual(["second"]))
    }

    @Test func linesLongerThanABatchArriveWhole() {
        // 1.5 MB and 3 MB lines (the read buffer holds a batch and a read: it grows for them),
        // a short one between, a last one without its newline.
        let reading = Reading()
        let long = String(repeating: "a", count: 1_500_000), longer = String(repeating: "b", count: 3_000_000)
        let writer = Thread {
            reading.write(long + "\nshort\n" + longer + "\nend")
        }
        writer.start()
        let lines = Array(reading.batchesAfterWriting(writer).joined())
        #expect(lines.map(\.count) == [1_500_000, 5, 3_000_000, 3])
        #expect(lines == [long, "short", longer, "end"])
    }
}

extension LineFeedReadingTests.Reading {
    /// ``batches()`` once `writer` is done writing (a write larger than the pipe blocks until
    /// the reader takes it).
    func batchesAfterWriting(_ writer: Thread) -> [[String]] {
        var collected: [[String]] = []
        while !writer.isFinished {
            for message in mailbox.takeAll() {
                if case .lines(let lines)? = feed.accept(message) { collected.append(lines) }
            }
            usleep(2_000)
        }
        return collected + batches()
    }
}
