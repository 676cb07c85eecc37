/// Every command, in the order `help` lists them. Adding a command is a new
/// file under `Commands/` and one line here.
enum CommandRegistry {
    static let all: [any Command.Type] = [
        // Lists and the list of collections
        OpenCollectionCommand.self,
        OpenRowCommand.self,
        OpenReferenceCommand.self,
        NewCommand.self,
        DeleteRowCommand.self,
        MoveCommand.self,
        SortCommand.self,
        FindCommand.self,
        WhereFilterCommand.self,
        ColumnsCommand.self,
        TitleCommand.self,
        ExportCommand.self,
        ImportCommand.self,
        NextPageCommand.self,
        PreviousPageCommand.self,
        PageCommand.self,
        CountCommand.self,
        // Records
        SetCommand.self,
        EditCommand.self,
        UnsetCommand.self,
        ReplaceCommand.self,
        RevertCommand.self,
        SaveCommand.self,
        ReloadCommand.self,
        CancelCommand.self,
        DeleteRecordCommand.self,
        // Anywhere
        ShowCommand.self,
        ShowFieldCommand.self,
        DescribeCommand.self,
        ChangesCommand.self,
        WhereCommand.self,
        BackCommand.self,
        TopCommand.self,
        QuitCommand.self,
        UndoCommand.self,
        HistoryCommand.self,
        HelpCommand.self,
    ]

    /// Every form with the type that runs it, in registry order.
    static let forms: [(form: CommandForm, type: any Command.Type)] =
        all.flatMap { type in type.forms.map { (form: $0, type: type) } }

    static func accepted(in frame: FrameKind) -> [(form: CommandForm, type: any Command.Type)] {
        forms.filter { $0.form.frames.contains(frame) }
    }

    static func named(_ name: String, in frame: FrameKind) -> (form: CommandForm, type: any Command.Type)? {
        // Each form read in place by its index: `first` copied every form
        // it passed, a thousand instructions a command line.
        let forms = forms
        for i in forms.indices where forms[i].form.name == name && forms[i].form.frames.contains(frame) { return forms[i] }
        return nil
    }

    /// The forms `help` lists and Tab offers in this frame.
    static func offered(in frame: any Frame) -> [CommandForm] {
        accepted(in: frame.kind).compactMap { entry in
            guard entry.type.isOffered(in: frame), let summary = entry.type.summary(of: entry.form, in: frame) else { return nil }
            return entry.form.summarized(summary)
        }
    }

    /// The names accepted in a frame, each once, sorted: for completion.
    static func names(in frame: FrameKind) -> [String] {
        var names: [String] = []
        for entry in accepted(in: frame) where !names.contains(entry.form.name) { names.append(entry.form.name) }
        return names.sorted()
    }
}
