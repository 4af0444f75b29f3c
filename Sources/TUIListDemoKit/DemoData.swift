import DemoResources
import Foundation
import TUIList

/// One row's content in the demo: the identifier is `id`, everything else is content.
package struct DemoItem: Hashable, Codable, Sendable {
    package var id: Int
    package var title: String
    package var detail: String
    package var price: Double
    /// How many times the item was edited (the demo's "update" action bumps it).
    package var edits: Int = 0

    package init(id: Int, title: String, detail: String, price: Double, edits: Int = 0) {
        self.id = id
        self.title = title
        self.detail = detail
        self.price = price
        self.edits = edits
    }

    private enum CodingKeys: String, CodingKey { case id, title, detail, price }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        detail = try c.decodeIfPresent(String.self, forKey: .detail) ?? ""
        price = try c.decodeIfPresent(Double.self, forKey: .price) ?? 0
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encode(detail, forKey: .detail)
        try c.encode(price, forKey: .price)
    }
}

/// The demo's data: sections of items, from the bundled sample file or generated.
package struct DemoData: Sendable {
    package var title: String
    package var snapshot: Snapshot<String, Int>
    package var items: DemoItems

    package init(title: String, snapshot: Snapshot<String, Int>, items: [Int: DemoItem]) {
        self.title = title
        self.snapshot = snapshot
        self.items = DemoItems(items)
    }

    package init(title: String, snapshot: Snapshot<String, Int>, items: DemoItems) {
        self.title = title
        self.snapshot = snapshot
        self.items = items
    }

    /// The largest item id a data file may use (new items count up from the largest one).
    package static let maximumID = 1 << 50

    /// Why data could not be loaded; `description` is one line naming the file and the reason.
    package struct LoadError: Error, CustomStringConvertible {
        package var description: String
    }

    private struct File: Decodable {
        var title: String?
        var sections: [Section]
        struct Section: Decodable { var name: String; var items: [DemoItem] }
    }

    /// Loads a data file shaped like `Resources/sample-data.json`.
    ///
    /// - Throws: ``LoadError`` naming the file for a missing or unreadable file, malformed JSON
    ///   or a duplicate identifier.
    package static func load(from url: URL) throws(LoadError) -> DemoData {
        let bytes: Data
        do { bytes = try Data(contentsOf: url) } catch {
            throw LoadError(description: "\(url.path): cannot read the file (\(error.localizedDescription))")
        }
        return try decode(bytes, source: url.path)
    }

    /// Reads data-file bytes (shaped like `Resources/sample-data.json`); `source` names them in
    /// errors.
    ///
    /// - Throws: ``LoadError`` for malformed JSON, an identifier out of range or a duplicate.
    package static func decode(_ bytes: Data, source: String) throws(LoadError) -> DemoData {
        let file: File
        do { file = try JSONDecoder().decode(File.self, from: bytes) } catch {
            throw LoadError(description: "\(source): not a valid data file (\(error))")
        }
        var items: [Int: DemoItem] = [:]
        for section in file.sections {
            for item in section.items {
                guard (0 ... maximumID).contains(item.id) else {
                    throw LoadError(
                        description:
                            "\(source): item id \(item.id) in section \"\(section.name)\" is out of range (0...\(maximumID))")
                }
                items[item.id] = item
            }
        }
        do {
            let snapshot = try Snapshot<String, Int>(validating: file.sections.map { ($0.name, $0.items.map(\.id)) })
            return DemoData(title: file.title ?? "TUIList demo", snapshot: snapshot, items: items)
        } catch {
            throw LoadError(description: "\(source): \(error.description)")
        }
    }

    /// The sample data bundled with the demo.
    package static func sample() throws(LoadError) -> DemoData {
        guard let url = DemoResources.sampleDataURL else {
            throw LoadError(description: "sample-data.json: the demo's resource bundle is missing")
        }
        return try load(from: url)
    }

    /// A large generated list: `items` items spread evenly over `sections` sections, with
    /// titles, details and prices drawn from `seed`. The items' content is made when asked
    /// for (``DemoItems``), so a million items take the memory of their identifiers.
    package static func generated(items count: Int, sections sectionCount: Int, seed: UInt64) -> DemoData {
        let sectionCount = max(1, sectionCount)
        var snapshot = Snapshot<String, Int>()
        let names = (0 ..< sectionCount).map { "Section \($0 + 1)" }
        snapshot.appendSections(names)
        var next = 0
        for (index, name) in names.enumerated() {
            let share = count / sectionCount + (index < count % sectionCount ? 1 : 0)
            snapshot.appendItems(Array(next + 1 ..< next + share + 1), toSection: name)
            next += share
        }
        return DemoData(
            title: "TUIList demo — \(count) items", snapshot: snapshot,
            items: DemoItems.generated(count: count, seed: seed))
    }
}
