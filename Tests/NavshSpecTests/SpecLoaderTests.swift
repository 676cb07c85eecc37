import NavshCore
import NavshSpec
import Testing

@Suite struct SpecLoaderTests {
    @Test func readsCollectionsFieldsAndPolicies() throws {
        let spec = try SpecLoader.parse("""
            collections:
              cars:
                row: "{year} {make} {model}"
                detail: "{parked:date}"
                order: parked desc
                deletable: false
                back: save
                fields:
                  make: { label: Make, prompt: "Enter the Make:", placeholder: Car Make, required: true }
                  year: { type: integer, min: 1908, max: this year, default: this year }
                  fuel: { type: real, format: 0.2 }
                  kind: { type: enum, choices: [coupe, sedan] }
                  name: { default: "My Item {n}" }
                  parked: { type: datetime, default: now, read-only: true }
            """)
        let cars = try #require(spec.collection(named: "cars"))
        #expect(cars.rowTitle?.fields == ["year", "make", "model"])
        #expect(cars.order == SortOrder(field: "parked", descending: true))
        #expect(!cars.deletable)
        #expect(cars.backPolicy == .save)
        #expect(cars.fields.map(\.name) == ["make", "year", "fuel", "kind", "name", "parked"])
        #expect(cars.fields[0].prompt == "Enter the Make:" && cars.fields[0].required)
        #expect(cars.fields[1].minimum == .number(1908) && cars.fields[1].maximum == .thisYear)
        #expect(cars.fields[1].defaultValue == .thisYear)
        #expect(cars.fields[2].format == .decimals(2))
        #expect(cars.fields[3].kind == .choice && cars.fields[3].choices == ["coupe", "sedan"])
        #expect(cars.fields[4].defaultValue == .counter("My Item {n}"))
        #expect(cars.fields[5].readOnly && cars.fields[5].defaultValue == .now)
    }

    @Test func detailMayBeSeveralColumns() throws {
        let spec = try SpecLoader.parse("collections:\n  items:\n    detail: [\"{value:$}\", \"{created:date}\"]\n")
        #expect(spec.collections[0].rowDetails.map(\.fields) == [["value"], ["created"]])
    }

    @Test func errorsNameTheLineAndTheKey() {
        func error(_ yaml: String) -> String? {
            do {
                _ = try SpecLoader.parse(yaml, file: "app.yaml")
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(error("collections:\n  cars:\n    fields:\n      year: { max: next year }\n")
            == "app.yaml:4: collections.cars.fields.year.max: expected a number or 'this year'")
        #expect(error("collections:\n  cars:\n    colour: red\n")
            == "app.yaml:3: collections.cars.colour: unknown key; expected one of back, columns, create, deletable, detail, fields, group, move, new, order, row, sections, title")
        #expect(error("collections:\n  cars:\n    row: \"{year\"\n")
            == "app.yaml:3: collections.cars.row: unclosed { in template '{year'")
        #expect(error("collections:\n  cars:\n    fields:\n      k: { type: enum }\n")
            == "app.yaml:4: collections.cars.fields.k: an enum needs choices: [a, b, …]")
        #expect(error("collections:\n  cars:\n    new: middle\n") == "app.yaml:3: collections.cars.new: expected top or bottom")
        #expect(error("collections: [\n")?.hasPrefix("app.yaml:") == true)
        #expect(error("other: 1\n") == "app.yaml:1: other: unknown key; expected one of collections")
    }
}

@Suite struct RowTemplateTests {
    @Test func rendersFieldsWithFormats() throws {
        let record = Record(id: .rowid(1), values: [
            "year": .integer(2014), "make": .text("Toyota"), "model": .text("Corolla"),
            "value": .integer(1200), "fuel": .real(10.456), "parked": .text("2026-11-20 08:30:00"),
        ])
        #expect(try RowTemplate("{year} {make} {model}").render(record) == "2014 Toyota Corolla")
        #expect(try RowTemplate("{value:$} · {fuel:0.2} · {parked:date}").render(record) == "$1,200 · 10.46 · 2026-11-20")
        #expect(try RowTemplate("{year} {missing} {make}").render(record) == "2014 Toyota", "NULLs fold their spaces")
        #expect(throws: CommandError.self) { try RowTemplate("{fuel:0.x}") }
    }
}
