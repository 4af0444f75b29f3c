import Foundation

/// The watch command line as procps-ng watch 4.0 reads it (`getopt_long` with `+bced::ghq:n:pvtwx`),
/// turned into the long forms `tuilist watch`'s parser takes, and the command as procps runs it.
package enum WatchCommandLine {
    /// What is run, as procps watch runs it: the arguments joined by spaces, through `sh -c`
    /// (`watch echo '$HOME'` prints the home folder); with `exec` (`-x`) the arguments
    /// themselves, not read by a shell.
    /// - Parameters:
    ///   - arguments: the command's arguments.
    ///   - exec: run the arguments directly.
    package static func command(_ arguments: [String], exec: Bool) -> [String] {
        exec ? arguments : ["sh", "-c", arguments.joined(separator: " ")]
    }

    /// The command as its title shows it: the string `sh -c` runs, or the arguments of `-x`
    /// (one with a space, or empty, in quotes).
    /// - Parameter command: what ``command(_:exec:)`` made.
    package static func title(of command: [String]) -> String {
        if command.count == 3 && command[0] == "sh" && command[1] == "-c" { return command[2] }
        return command.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " ")
    }

    /// Options that take a value in `tuilist watch` (so their value is not the command).
    package static let valueOptions: Set<String> = [
        "-n", "--interval", "-q", "--equexit", "--key", "--key-regex", "--header-lines", "--group-by", "--timeout",
        "--record", "--on-change", "--sort", "--tabstop",
    ]

    /// `arguments` (after the subcommand's name) with watch's own options, up to `--` or the
    /// first argument that is not an option (POSIX: the command's own options are its), read
    /// as procps watch reads them:
    /// - a group of short options splits (`-tn1` is `-t -n 1`, `-gn1` is `-g -n 1`);
    /// - `-n` and `-q` take the rest of their group or the next argument, a negative number
    ///   too (`-n -1`; procps then runs at its shortest, 0.1 s), with `.` or `,` before the
    ///   fraction (`-n 0,5`), written `--interval=V` / `--equexit=V`;
    /// - `-d` takes the rest of its group as its optional value, as getopt's `d::` does, and any
    ///   value means permanent: `-d=permanent`, `-dpermanent` and `-dn1` (the interval stays
    ///   2 s, as procps reads it) are `--permanent-differences`, as is `--differences=X`;
    /// - `-h` is `--help`, `-v` is `--version`.
    ///
    /// A letter procps does not know stays an option of its own (`-z`), which the parser refuses.
    /// - Parameter arguments: the arguments after `watch`.
    /// - Complexity: O(characters of the options).
    package static func normalized(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument != "--", argument.count > 1, argument.hasPrefix("-") else {
                result.append(argument)
                break
            }
            if argument.hasPrefix("--") {
                let parts = argument.split(separator: "=", maxSplits: 1)
                let name = String(parts[0])
                if name == "--differences", parts.count == 2 {
                    result.append("--permanent-differences")
                } else if name == "--interval" || name == "--equexit" {
                    // The value as a long option's (`--interval=-1` is not taken for an option).
                    if parts.count == 2 {
                        result.append("\(name)=\(number(parts[1]))")
                    } else if index < arguments.count {
                        result.append("\(name)=\(number(arguments[index]))")
                        index += 1
                    } else {
                        result.append(argument)
                    }
                } else {
                    result.append(argument)
                    if parts.count == 1 && valueOptions.contains(name) && index < arguments.count {
                        result.append(arguments[index])
                        index += 1
                    }
                }
                continue
            }
            var letters = argument.dropFirst()
            while let letter = letters.popFirst() {
                switch letter {
                case "d":
                    result.append(letters.isEmpty ? "-d" : "--permanent-differences")
                    letters = ""
                case "n", "q":
                    let name = letter == "n" ? "--interval" : "--equexit"
                    if !letters.isEmpty {
                        result.append("\(name)=\(number(letters))")
                    } else if index < arguments.count {
                        result.append("\(name)=\(number(arguments[index]))")
                        index += 1
                    } else {
                        result.append("-\(letter)")  // the parser says its value is missing
                    }
                    letters = ""
                case "h": result.append("--help")
                case "v": result.append("--version")
                default:
                    // A flag (`-t`), or a letter the parser refuses as an option of its own.
                    result.append("-\(letter)")
                }
            }
        }
        return result + arguments[index...]
    }

    /// A number as procps reads it in any locale: `,` or `.` before the fraction.
    private static func number(_ text: some StringProtocol) -> String {
        String(text).replacingOccurrences(of: ",", with: ".")
    }

    /// `WATCH_INTERVAL`'s seconds (procps's default interval, taken before the command line's
    /// `-n`), read as `-n` reads its value; nil when it is not set.
    /// - Throws: a description of the value when it is not a number.
    package static func interval(fromEnvironment environment: [String: String]) throws(WatchUsageError) -> Double? {
        guard let text = environment["WATCH_INTERVAL"] else { return nil }
        guard let seconds = Double(number(text.trimmingCharacters(in: .whitespaces))), !seconds.isNaN else {
            throw WatchUsageError("cannot read WATCH_INTERVAL '\(text)' as seconds")
        }
        return seconds
    }

    /// procps watch's shortest interval: a shorter one (0, negative) runs at this one.
    package static let shortestInterval = 0.1

    /// Seconds between runs, as procps clamps them: at least ``shortestInterval``.
    package static func clamped(_ seconds: Double) -> Double { max(shortestInterval, seconds) }
}

/// A command line `tuilist watch` cannot take: one line saying why.
package struct WatchUsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    package var description: String
    /// An error saying `description`.
    package init(_ description: String) { self.description = description }
}
