// swift-tools-version:5.9
import PackageDescription

// Layout and dependency direction follow the design card:
//   pkgctl → Packager → {CueDetect, DateRangeWriter} → Primitives; only Packager imports CFFmpeg.
// CueDetect, DateRangeWriter and Primitives stay pure Swift (no FFmpeg, no files, no clocks);
// Primitives holds what all of them share (bit reader/writer, JSON writer, ISO 8601, hex).
// The runtime's dynamic exclusivity checks (swift_beginAccess) were 3 % of a `pkgctl vod` run's
// samples (perf, bench input); the release binary leaves them out, debug builds and the tests
// keep them, so an overlapping access still fails there.
let releaseOnlyUncheckedExclusivity: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
]

// libcurl only from the first HTTP request on (Sources/CCurlLoader/CurlLoader.c): CCurlLoader
// defines every libcurl function pkgctl calls and opens libcurl at the first one. Anything that
// still asks the linker for `-lcurl` finds Sources/CCurlLoader/link/libcurl.so first, a linker
// script (as glibc's libc.so is) that takes libcurl only AS_NEEDED, and nothing needs it. So the
// executable does not name libcurl, and no process loads it, with the thirty libraries it needs,
// before an HTTP request.
let packageDirectory = String(#filePath.dropLast("Package.swift".count))

let package = Package(
    name: "pkgctl",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "pkgctl", targets: ["pkgctl"]),
    ],
    targets: [
        // FFmpeg's headers. Nothing links the libraries: CFFmpegLoader defines the functions
        // pkgctl calls and opens libavformat/libavcodec/libavutil at the first one, so commands
        // that never use FFmpeg (validate, timeline, the TS byte path) skip loading them.
        .systemLibrary(
            name: "CFFmpeg",
            path: "Sources/CFFmpeg",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev"])]
        ),
        .target(name: "CFFmpegLoader", path: "Sources/CFFmpegLoader", linkerSettings: [.linkedLibrary("dl")]),
        // The same for libcurl, which Foundation's URLSession calls (see CurlLoader.c).
        .target(name: "CCurlLoader", path: "Sources/CCurlLoader", exclude: ["link"],
                linkerSettings: [.linkedLibrary("dl"), .unsafeFlags(["-L", packageDirectory + "Sources/CCurlLoader/link"])]),
        // The Annex B start-code scan every video byte of fMP4 output goes through (AVX2 where the CPU has it).
        .target(name: "CStartCode", path: "Sources/CStartCode"),
        .target(name: "Primitives", path: "Sources/Primitives", swiftSettings: releaseOnlyUncheckedExclusivity),
        .target(name: "CueDetect", dependencies: ["Primitives"], path: "Sources/CueDetect",
                swiftSettings: releaseOnlyUncheckedExclusivity),
        .target(name: "DateRangeWriter", dependencies: ["Primitives"], path: "Sources/DateRangeWriter"),
        .target(
            name: "Packager",
            dependencies: ["CFFmpeg", "CFFmpegLoader", "CCurlLoader", "CStartCode", "Primitives", "CueDetect", "DateRangeWriter"],
            path: "Sources/Packager",
            exclude: ["Splice/Bench"],
            swiftSettings: releaseOnlyUncheckedExclusivity
        ),
        // scripts/bench-splice.sh: CPU per frame-accurate splice (not a product).
        .executableTarget(name: "pkgctl-splice-bench", dependencies: ["Packager"], path: "Sources/Packager/Splice/Bench"),
        .executableTarget(name: "pkgctl", dependencies: ["Packager"], path: "Sources/pkgctl"),
        // Test support: libcurl requests through CCurlLoader's forwarders.
        .target(name: "CCurlProbe", dependencies: ["CCurlLoader"], path: "Tests/CCurlProbe",
                linkerSettings: [.linkedLibrary("curl")]),
        .testTarget(
            name: "PackagerTests",
            dependencies: ["Packager", "Primitives", "CueDetect", "DateRangeWriter", "CCurlLoader", "CCurlProbe", "CStartCode"],
            path: "Tests/PackagerTests",
            exclude: ["Fixtures"]
        ),
    ]
)
