import Foundation

/// What the terminal on the other end of stdout/stderr can take.
enum Terminal {
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Colour only on a terminal, never with NO_COLOR set to anything non-empty (no-color.org),
    /// never on TERM=dumb.
    static func colourAllowed(onStandardError: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard onStandardError ? standardErrorIsTerminal : isatty(STDOUT_FILENO) == 1 else { return false }
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// Columns of the terminal on stderr, if it says.
    static var standardErrorColumns: Int? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
