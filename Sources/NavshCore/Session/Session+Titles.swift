extension Session {
    /// Titles `collection`'s rows as `choice` says for the rest of the
    /// session (nil: as the store presents them). The store presents every
    /// collection through it, so references to these rows elsewhere read
    /// the same title, and it holds after the schema is read again.
    func titleCollection(_ collection: String, _ choice: TitleChoice?) {
        let store = writer.store
        let base = basePresentation ?? store.presentation
        basePresentation = base
        titles[collection] = choice
        let titles = self.titles
        store.presentation = { presented in
            let original = base(presented)
            return titles[original.name].map { $0.apply(to: original) } ?? original
        }
    }
}
