import Testing

@testable import TUIList

/// ``LatestJob``: only the newest job's result is accepted; a stale one is dropped.
@Suite struct LatestJobTests {
    private func job() -> (LatestJob, ProgramMailbox) {
        let mailbox = ProgramMailbox(waker: ProgramWaker())
        mailbox.scheduling = .onDemand
        return (LatestJob(mailbox: mailbox), mailbox)
    }

    @Test func onlyTheNewestJobsResultIsAcceptedAndTheStaleOneIsCancelled() {
        let (search, mailbox) = job()
        let cancelled = LockedValue([String]())
        search.start(cancel: { cancelled.withLock { $0.append("first") } }, work: { "first result" })
        #expect(search.isRunning)
        search.start(cancel: { cancelled.withLock { $0.append("second") } }, work: { "second result" })
        #expect(cancelled.withLock { $0 } == ["first"], "starting a job cancels the one before")
        mailbox.runPendingWork()
        let accepted = mailbox.takeAll().compactMap { search.accept($0) as? String }
        #expect(accepted == ["second result"], "the first job's result is dropped")
        #expect(!search.isRunning)
        #expect(cancelled.withLock { $0 } == ["first"], "a job that delivered is not cancelled")
    }

    @Test func cancelDropsTheResultInFlightAndOtherMessagesAreNotAccepted() {
        let (search, mailbox) = job()
        let other = LatestJob(mailbox: mailbox)
        search.start { "late" }
        other.start { "the other's" }
        search.cancel()
        #expect(!search.isRunning)
        mailbox.runPendingWork()
        let messages = mailbox.takeAll()
        #expect(messages.compactMap { search.accept($0) }.isEmpty, "cancelled: nothing comes")
        #expect(messages.compactMap { other.accept($0) as? String } == ["the other's"])
        #expect(search.accept("a string") == nil)
    }

    /// A helper (and a line feed) that leaves a message in the mailbox, never taken, is freed
    /// with the mailbox: the message does not hold it (the helper holds the mailbox, so a
    /// strong reference back was a cycle LeakSanitizer reported in CI).
    @Test func aResultLeftInTheMailboxDoesNotKeepItsHelperAlive() {
        weak var helper: LatestJob?
        weak var feed: LineFeed<Int>?
        do {
            let (search, mailbox) = job()
            search.start { "never taken" }
            mailbox.runPendingWork()
            let lines = LineFeed<Int>()
            lines.prepare { first, _, _ in first }
            lines.connect(mailbox)
            lines.finish()
            #expect(mailbox.count == 2)
            (helper, feed) = (search, lines)
        }
        #expect(helper == nil && feed == nil)
    }

    @Test func aJobThatReturnsNilEndsWithNothingDelivered() {
        let (search, mailbox) = job()
        search.start { nil }
        mailbox.runPendingWork()
        #expect(mailbox.takeAll().compactMap { search.accept($0) }.isEmpty)
        #expect(!search.isRunning, "the newest job ended, though it had nothing")
    }
}
