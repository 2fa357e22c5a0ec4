import Foundation
import Packager

enum ValidateCommand {
    static func run(_ args: [String]) -> Int32 {
        FileHandle.standardError.write(Data("pkgctl validate: not yet wired\n".utf8))
        return ExitCode.usage
    }
}
