import Foundation

/// How a classifier's recap pattern reflects: its pattern and options, as a compiled
/// NSRegularExpression did, whether or not it has been compiled yet.
public struct RecapPatternReflection: Sendable {
    public let pattern: String
    public let options: NSRegularExpression.Options
}

/// The classifier reflects with the fields it had when the pattern was compiled in `init`, in
/// their order: batch's configuration digest is taken over this reflection, and a title converted
/// by an earlier build must still count as converted with the same settings. (The lazy
/// `RecapMatcher` would otherwise show whether it had compiled yet, and the digest would change
/// with it.)
extension SpanClassifier: CustomReflectable {
    public var customMirror: Mirror {
        Mirror(self, children: [
            "recapPattern": recapPattern,
            "spliceInsertKind": spliceInsertKind as Any,
            "adStartTypes": adStartTypes,
            "containerTypes": containerTypes,
            "extraTypes": extraTypes,
            "unmatchedChapters": unmatchedChapters,
            "segmentationAutoReturn": segmentationAutoReturn,
            "recapRegex": RecapPatternReflection(pattern: recapPattern, options: RecapMatcher.options),
        ], displayStyle: .struct)
    }
}
