/// Bytes the ncurses backend writes to a pseudo-terminal. (Filled in by the terminal work.)
enum TerminalBenchmarks {
    static func run(_ report: inout BenchReport) {}
}
