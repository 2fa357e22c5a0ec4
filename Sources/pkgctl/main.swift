import Foundation
import Packager

FFmpegLibraries.quietLogs()
exit(CommandLine.run(Array(CommandLine.arguments.dropFirst())))
