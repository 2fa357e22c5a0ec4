/// DateRangeWriter: the interstitial model, its canonical serialisation, the same-ID
/// ledger and asset lists. Pure Swift: no FFmpeg, no files, no clocks.
public enum DateRangeWriterModule {
    public static let interstitialClass = "com.apple.hls.interstitial"
}
