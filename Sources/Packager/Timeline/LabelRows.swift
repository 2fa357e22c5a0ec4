/// Places labels along an axis so that none overlaps another: each label goes on the first
/// row whose last label ends (plus a gap) before it starts; labels are taken left to right.
enum LabelRows {
    struct Label {
        let start: Double
        let width: Double
    }

    /// The row of every label, in the order given.
    static func assign(_ labels: [Label], gap: Double) -> [Int] {
        var rowEnds: [Double] = []
        var rows = [Int](repeating: 0, count: labels.count)
        for index in labels.indices.sorted(by: { labels[$0].start < labels[$1].start }) {
            let label = labels[index]
            if let row = rowEnds.firstIndex(where: { $0 + gap <= label.start }) {
                rows[index] = row
                rowEnds[row] = label.start + label.width
            } else {
                rows[index] = rowEnds.count
                rowEnds.append(label.start + label.width)
            }
        }
        return rows
    }
}
