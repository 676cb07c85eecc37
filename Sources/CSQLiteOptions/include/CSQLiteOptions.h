#ifndef NAVSH_CSQLITEOPTIONS_H
#define NAVSH_CSQLITEOPTIONS_H

#include <sqlite3.h>

/// Keeps the connection from checkpointing the write-ahead log when it
/// closes, so a dry run leaves a log of commits not yet in the file as it
/// found it. sqlite3_db_config is variadic, which Swift cannot call.
/// Returns SQLite's result code.
int navsh_sqlite_no_checkpoint_on_close(sqlite3 *db);

#endif
