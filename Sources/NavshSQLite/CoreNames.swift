import NavshCore

/// GRDB has a `Record` class too; in this module the name means navsh's row.
typealias Record = NavshCore.Record
