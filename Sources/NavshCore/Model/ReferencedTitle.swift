/// Where the title of the row a reference names is kept: `sort artist`
/// orders albums by the artist's name and `where artist ~ sig` finds them by
/// it, not by the number the column holds (people never see that number:
/// lists show the title). A store reads it in the same statement as the
/// rows, so sorted and filtered lists still page by key.
public struct ReferencedTitle: Sendable, Equatable {
    /// The referenced collection.
    public var collection: String
    /// Its field the reference holds (its key, or the field the reference names).
    public var key: String
    /// Its field that titles a row (the part `open TITLE` searches).
    public var title: String
    /// Its title's parts when made of several fields (`titleParts`): what
    /// a `where` on the reference matches, as the list shows it.
    public var parts: [TitlePart]?

    public init(collection: String, key: String, title: String, parts: [TitlePart]? = nil) {
        self.collection = collection
        self.key = key
        self.title = title
        self.parts = parts
    }

    /// For a reference field whose target has a title field and a one-part
    /// key; nil otherwise (such a field sorts and compares by what it holds).
    public static func of(_ field: Field, in store: any StoreReader) -> ReferencedTitle? {
        guard let reference = field.references,
              let target = store.collection(referencedBy: reference),
              let title = target.titleField
        else { return nil }
        let keyFields = target.keyFields
        guard let key = reference.field ?? (keyFields.count == 1 ? keyFields.first?.name : nil) else { return nil }
        return ReferencedTitle(collection: target.name, key: key, title: title, parts: target.titleParts)
    }
}
