/// The root of a store with several tables: one row per collection.
final class CollectionsFrame: Frame {
    let title: String
    var collections: [CollectionSchema]
    var pageIndex = 0

    init(title: String, collections: [CollectionSchema]) {
        self.title = title
        self.collections = collections
    }

    var kind: FrameKind { .collections }
    var crumb: String { title }
    var unsavedFields: [String] { [] }
}
