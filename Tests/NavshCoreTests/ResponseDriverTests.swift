import NavshCore
import NavshTestSupport
import Testing

/// The one loop the prompt, scripts and the fuzz target share: questions
/// asked until the answer is a choice, refused field values reopened, the
/// end of input taken as the answer that changes nothing.
@Suite struct ResponseDriverTests {
    static let deleteRow2 = "Delete row 2, Rusty spork, from items? [y/N] "

    @Test(arguments: StoreKind.all)
    func aQuestionIsAskedAgainUntilTheAnswerIsAChoice(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        let driver = ResponseDriver(session: h.session)
        var prompter = ScriptedPrompter(answers: ["sure", "maybe", "Y"])
        let outcome = driver.run(Array("delete 2".utf8), with: &prompter)
        #expect(Array(prompter.events.dropLast()) == [
            .asked(Self.deleteRow2, repeated: false),
            .asked(Self.deleteRow2, repeated: true),
            .asked(Self.deleteRow2, repeated: true),
        ])
        guard case .output(let shown)? = prompter.events.last else {
            Issue.record("no output after the yes: \(prompter.events)")
            return
        }
        #expect(shown.hasPrefix("deleted Rusty spork\n"), "then the list, drawn again")
        #expect(outcome == .init(failed: false, quits: false))
        #expect(try h.value("SELECT count(*) FROM items") == "4")
    }

    @Test(arguments: StoreKind.all)
    func aRefusedFieldValueReopensTheEditorPrefilledWithIt(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1")
        let driver = ResponseDriver(session: h.session)
        var prompter = ScriptedPrompter(values: [.typed("lots"), .typed("lots more"), .typed("150")])
        let outcome = driver.run(Array("edit value".utf8), with: &prompter)
        let events = prompter.events
        #expect(events.filter { if case .edited = $0 { true } else { false } } == [
            .edited(field: "value", initial: "120"),
            .edited(field: "value", initial: "lots"),
            .edited(field: "value", initial: "lots more"),
        ])
        #expect(events.filter { if case .error = $0 { true } else { false } }.count == 2)
        #expect(outcome.failed, "the refusals were reported")
        #expect(h.session.unsavedWork.map(\.description) == ["items › Gort statue (value)"])
        #expect(h.output("changes").contains("150"), "the value that was not refused is in the buffer")
    }

    /// A script's value line is refused once: nobody is there to correct it.
    @Test(arguments: StoreKind.all)
    func aRefusedValueLineReopensNothing(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1")
        let driver = ResponseDriver(session: h.session)
        var prompter = ScriptedPrompter(values: [.line(Array("lots".utf8))])
        #expect(driver.run(Array("edit value".utf8), with: &prompter).failed)
        #expect(prompter.events.first == .edited(field: "value", initial: "120"))
        #expect(prompter.events.count == 2, "one editor, one error: \(prompter.events)")
        #expect(h.session.unsavedWork.isEmpty)
    }

    @Test(arguments: StoreKind.all)
    func theInputEndingDuringAQuestionChangesNothing(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items, mode: .interactive)
        h.run("open 1", "set value 150")
        let driver = ResponseDriver(session: h.session)
        var prompter = ScriptedPrompter()
        let unsaved = "Unsaved: items › Gort statue (value). Save, discard, or keep editing? [s/d/K] "
        #expect(driver.run(Array("quit".utf8), with: &prompter) == .init(failed: false, quits: false))
        #expect(prompter.events == [.asked(unsaved, repeated: false)])
        #expect(!h.session.isFinished)
        #expect(h.session.breadcrumb == "items › Gort statue*")

        h.run("cancel")
        prompter = ScriptedPrompter(answers: ["maybe"])
        driver.run(Array("delete 2".utf8), with: &prompter)
        #expect(prompter.events == [.asked(Self.deleteRow2, repeated: false), .asked(Self.deleteRow2, repeated: true),
                                    .output("nothing was deleted\n")])
        #expect(try h.value("SELECT count(*) FROM items") == "5")
    }

    /// The old script loop replaced an `edit` line's response with the
    /// edit's, dropping what that line printed (a notice of a change made
    /// elsewhere): every response's output is shown, in order.
    @Test(arguments: StoreKind.all)
    func whatALineOpeningAnEditorPrintsIsShownFirst(kind: StoreKind) throws {
        let h = try SessionHarness(kind, Fixtures.items)
        h.run("open 1")
        try h.elsewhere("ALTER TABLE items ADD COLUMN extra TEXT")
        let driver = ResponseDriver(session: h.session)
        var prompter = ScriptedPrompter(values: [.line(Array("150".utf8))])
        #expect(!driver.run(Array("edit value".utf8), with: &prompter).failed)
        let events = prompter.events
        #expect(events.count == 2, "\(events)")
        #expect(events.first == .output("items changed elsewhere (added extra); showing it as it is now\n"))
        #expect(events.last == .edited(field: "value", initial: "120"))
        #expect(h.output("changes").contains("150"))
    }
}
