import Foundation
import Packager

FFmpegLibraries.quietLogs()
// A file-size limit must surface as EFBIG from write(2) (a typed sink error naming the file),
// not kill the process half-way through publishing.
signal(SIGXFSZ, SIG_IGN)
exit(CommandLine.run(Array(CommandLine.arguments.dropFirst())))
