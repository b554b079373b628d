import ArgumentParser
import Foundation

/// Reading a password without echoing it, or from standard input for scripts.
public enum PasswordInput {
    /// The first line of standard input.
    public static func fromStandardInput() throws -> String {
        guard let line = readLine(strippingNewline: true) else {
            throw CommandFailure("Expected a password on standard input.")
        }
        return line
    }

    /// Asks on the terminal without echo; asks twice when `confirm` is set.
    public static func prompt(confirm: Bool) throws -> String {
        guard let first = readHidden("Password: ") else { throw CommandFailure("No password given.") }
        if confirm {
            guard readHidden("Again: ") == first else { throw CommandFailure("The passwords differ.") }
        }
        return first
    }

    private static func readHidden(_ prompt: String) -> String? {
        FileHandle.standardError.write(Data(prompt.utf8))
        var original = termios()
        let isTerminal = tcgetattr(STDIN_FILENO, &original) == 0
        if isTerminal {
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if isTerminal {
                tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
                FileHandle.standardError.write(Data("\n".utf8))
            }
        }
        return readLine(strippingNewline: true)
    }
}
