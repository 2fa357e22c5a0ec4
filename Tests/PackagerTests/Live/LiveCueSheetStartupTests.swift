import XCTest
@testable import Packager

final class LiveCueSheetStartupTests: TemporaryDirectoriesTestCase {
    private var dir: URL!

    override func setUpWithError() throws { dir = try temporaryDirectory() }

    /// Each epoch reads the cue sheet again: one that cannot be read failed every reopen and
    /// surfaced as a lost input after the input timeout. It is refused before the channel starts.
    func testALiveChannelWithACueSheetThatCannotBeReadIsRefusedAtOnce() throws {
        let sheet = dir.appendingPathComponent("cues.txt")
        try Data("garbage line\n".utf8).write(to: sheet)
        var options = LiveOptions()
        options.input = try GeneratedMedia.ts(seconds: 4).path
        options.output = dir.appendingPathComponent("live").path
        options.sidecar = sheet
        let output = URL(fileURLWithPath: options.output)
        XCTAssertThrowsError(try LiveChannel(options: options, log: EventLog(output: { _ in }),
                                             sink: RecordingSink(root: output, spools: true), stateDirectory: output)) {
            XCTAssertEqual(String(describing: $0), "cue sheet '\(sheet.path)' line 1: expected '<pts seconds>,<cue>', found no comma")
        }
    }
}
