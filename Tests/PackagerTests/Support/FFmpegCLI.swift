import Foundation
import XCTest

/// Runs the ffmpeg command-line tool to make test media (tests may; the product never does).
enum FFmpegCLI {
    static func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-nostdin", "-y"] + arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            XCTFail("ffmpeg \(arguments.joined(separator: " ")) failed: \(text)", file: file, line: line)
            throw CocoaError(.executableLoad)
        }
    }
}
