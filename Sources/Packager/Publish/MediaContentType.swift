/// The Content-Type an origin should serve for a published name.
enum MediaContentType {
    static func forName(_ name: PublishName) -> String {
        switch name.fileExtension {
        case "m3u8": return "application/vnd.apple.mpegurl"
        case "ts": return "video/mp2t"
        case "mp4", "m4s": return "video/mp4"
        case "json": return "application/json"
        case "aac": return "audio/aac"
        case "vtt": return "text/vtt"
        default: return "application/octet-stream"
        }
    }
}
