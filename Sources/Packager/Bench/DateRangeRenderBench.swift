import Dispatch
import DateRangeWriter

/// Measures the live date-range path: `count` ad interstitials announced at cue-out,
/// completed at cue-in through the same-ID ledger, then one full playlist rendering.
public enum DateRangeRenderBench {
    public static func run(count: Int) -> (renderedBytes: Int, seconds: Double) {
        let policy = InterstitialPolicy.standard
        var ids = InterstitialIDMaker()
        var ledger = DateRangeLedger()
        let outSection: [UInt8] = [0xFC, 0x30, 0x2F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xF0, 0x14, 0x05]
        let inSection: [UInt8] = [0xFC, 0x30, 0x2A, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xF0, 0x0F, 0x05]
        let firstStart: Int64 = 1_790_000_000_000
        let began = DispatchTime.now().uptimeNanoseconds
        var rendered = 0
        do {
            for n in 0..<max(count, 0) {
                // Event ids repeat every 100 spans, as SCTE-35 ids are reused; the maker keeps IDs unique.
                let id = ids.next(kind: .ad, eventID: UInt32(1000 + n % 100))
                var span = SpanDescription(
                    kind: .ad, id: id, startDate: try HLSDate(millisecondsSinceEpoch: firstStart + Int64(n) * 60_000),
                    plannedDuration: HLSDecimal(seconds: 30), outSection: outSection, placement: .overlay,
                    extractedAssetURI: "https://cdn.example.com/assets/\(id)/index.m3u8")
                try ledger.announce(try policy.announcement(for: span))
                span.actualDuration = HLSDecimal(milliseconds: 29_960 + Int64(n % 40))
                span.inSection = inSection
                try ledger.update(try policy.completion(for: span))
            }
            for line in ledger.render() { rendered += line.utf8.count + 1 }
        } catch {
            // The inputs above are fixed and valid; a failure here is a bug worth seeing.
            preconditionFailure("DateRangeRenderBench: \(error)")
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1_000_000_000
        return (rendered, seconds)
    }
}
