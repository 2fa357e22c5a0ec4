import Foundation

/// Output for the command line: results on stdout, messages on stderr.
enum Console {
    static func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    static func error(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
}
