import Testing

@testable import TUIList

/// The order a feed's messages reach the mailbox, whatever comes first: lines read before the
/// preparation is set, the end of input, the mailbox connected late. Lines always come in input
/// order, numbered over the whole input, and the end after every line.
@Suite("LineFeed: order")
struct LineFeedOrderTests {
    /// What the app would see: each message accepted in turn, as text.
    private func deliveries(_ feed: LineFeed<String>, _ mailbox: ProgramMailbox) -> [String] {
        mailbox.takeAll().compactMap { message -> String? in
            switch feed.accept(message) {
            case .lines(let batch): batch
            case .end(let error): "end" + (error.map { ":" + $0 } ?? "")
            case nil: nil
            }
        }
    }

    /// Lines as `first:text|text`.
    private func prepare(_ feed: LineFeed<String>) {
        feed.prepare { first, bytes, ends in
            var start = 0
            let lines = ends.map { end in
                defer { start = end + 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< end]), as: UTF8.self)
            }
            return "\(first):" + lines.joined(separator: "|")
        }
    }

    private func send(_ feed: LineFeed<String>, _ text: String) {
        let bytes = Array(text.utf8)
        let ends = bytes.indices.filter { bytes[$0] == 0x0A }
        bytes.withUnsafeBufferPointer { feed.send(utf8: $0, ends: ends, waitsForRoom: false) }
    }

    /// The end of input sent while lines wait for the preparation comes after them. (Fails if
    /// `deliver` posts at once when a mailbox is there without looking at what is held: the
    /// end would overtake the lines.)
    @Test func theEndWaitsBehindLinesHeldForThePreparation() {
        let feed = LineFeed<String>()
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        feed.connect(mailbox)
        send(feed, "a\nb\n")
        send(feed, "c\n")
        feed.finish()
        #expect(deliveries(feed, mailbox).isEmpty, "nothing before the preparation")
        prepare(feed)
        #expect(deliveries(feed, mailbox) == ["0:a|b", "2:c", "end"])
        send(feed, "d\n")
        feed.finish(error: "read failed")
        #expect(deliveries(feed, mailbox) == ["3:d", "end:read failed"])
    }

    /// Messages made before the mailbox is connected are posted, in order, when it is.
    /// (Fails if `connect` posts only what comes after it.)
    @Test func whatComesBeforeTheMailboxIsPostedWhenItConnects() {
        let feed = LineFeed<String>()
        prepare(feed)
        send(feed, "a\n")
        feed.finish()
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        feed.connect(mailbox)
        #expect(deliveries(feed, mailbox) == ["0:a", "end"])
    }

    /// A closed feed drops what it holds and what is sent after. (Fails if `close` keeps the
    /// held lines.)
    @Test func closingDropsWhatIsHeldAndWhatComesAfter() {
        let feed = LineFeed<String>()
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        feed.connect(mailbox)
        send(feed, "a\n")
        feed.close()
        prepare(feed)
        send(feed, "b\n")
        feed.finish()
        #expect(deliveries(feed, mailbox).isEmpty)
    }
}
