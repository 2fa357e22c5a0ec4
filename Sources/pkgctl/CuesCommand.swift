import Foundation
import Packager

enum CuesCommand {
    static func run(_ args: [String]) -> Int32 {
        FileHandle.standardError.write(Data("pkgctl cues: not yet wired\n".utf8))
        return ExitCode.failure
    }
}
