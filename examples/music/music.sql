-- A music store shaped like Chinook: artists → albums → tracks, genres and
-- media types, customers → invoices → invoice_lines, playlists and their
-- tracks (a WITHOUT ROWID join table with a two-column key), and a view.
-- Every row comes from this file alone (recursive CTEs and arithmetic, no
-- random()), so a fresh copy is the same byte for byte each time.
-- The same file seeds PostgreSQL (the examples' transcripts are checked on
-- both): CamelCase names are quoted, since PostgreSQL folds bare ones to
-- lower case; the view groups by both keys it reads names from and gives
-- its minutes as REAL (PostgreSQL's round keeps a scale: 57.0); dates and
-- the stray tab are written out, not computed by SQLite's own functions.

PRAGMA foreign_keys = ON;

CREATE TABLE artists (
    "ArtistId" INTEGER PRIMARY KEY,
    "Name" TEXT NOT NULL
);

CREATE TABLE genres (
    "GenreId" INTEGER PRIMARY KEY,
    "Name" TEXT NOT NULL
);

CREATE TABLE media_types (
    "MediaTypeId" INTEGER PRIMARY KEY,
    "Name" TEXT NOT NULL
);

CREATE TABLE albums (
    "AlbumId" INTEGER PRIMARY KEY,
    "Title" TEXT NOT NULL,
    "ArtistId" INTEGER NOT NULL REFERENCES artists ("ArtistId"),
    "Year" INTEGER,
    "Notes" TEXT
);

CREATE TABLE tracks (
    "TrackId" INTEGER PRIMARY KEY,
    "Name" TEXT NOT NULL,
    "AlbumId" INTEGER REFERENCES albums ("AlbumId"),
    "MediaTypeId" INTEGER NOT NULL REFERENCES media_types ("MediaTypeId"),
    "GenreId" INTEGER REFERENCES genres ("GenreId"),
    "Composer" TEXT,
    "Milliseconds" INTEGER NOT NULL CHECK ("Milliseconds" > 0),
    "Bytes" INTEGER,
    "UnitPrice" NUMERIC(10, 2) NOT NULL CHECK ("UnitPrice" >= 0)
);

CREATE TABLE customers (
    "CustomerId" INTEGER PRIMARY KEY,
    "FirstName" TEXT NOT NULL,
    "LastName" TEXT NOT NULL,
    "Company" TEXT,
    "City" TEXT,
    "Country" TEXT,
    "Email" TEXT NOT NULL UNIQUE
);

CREATE TABLE invoices (
    "InvoiceId" INTEGER PRIMARY KEY,
    "CustomerId" INTEGER NOT NULL REFERENCES customers ("CustomerId"),
    "InvoiceDate" DATE NOT NULL,
    "BillingCity" TEXT,
    "BillingCountry" TEXT,
    "Total" NUMERIC(10, 2) NOT NULL DEFAULT 0
);

CREATE TABLE invoice_lines (
    "InvoiceLineId" INTEGER PRIMARY KEY,
    "InvoiceId" INTEGER NOT NULL REFERENCES invoices ("InvoiceId") ON DELETE CASCADE,
    "TrackId" INTEGER NOT NULL REFERENCES tracks ("TrackId"),
    "UnitPrice" NUMERIC(10, 2) NOT NULL,
    "Quantity" INTEGER NOT NULL DEFAULT 1 CHECK ("Quantity" > 0)
);

CREATE TABLE playlists (
    "PlaylistId" INTEGER PRIMARY KEY,
    "Name" TEXT NOT NULL
);

CREATE TABLE playlist_track (
    "PlaylistId" INTEGER NOT NULL REFERENCES playlists ("PlaylistId") ON DELETE CASCADE,
    "TrackId" INTEGER NOT NULL REFERENCES tracks ("TrackId") ON DELETE CASCADE,
    PRIMARY KEY ("PlaylistId", "TrackId")
) WITHOUT ROWID;

CREATE INDEX tracks_album ON tracks ("AlbumId");
CREATE INDEX tracks_name ON tracks ("Name");
CREATE INDEX invoice_lines_invoice ON invoice_lines ("InvoiceId");
CREATE INDEX invoice_lines_track ON invoice_lines ("TrackId");

-- Read-only by nature: one row per album with its artist, track count and length.
CREATE VIEW album_summary AS
    SELECT al."Title" AS "Album", ar."Name" AS "Artist", al."Year" AS "Year",
           count(t."TrackId") AS "Tracks", CAST(round(sum(t."Milliseconds") / 60000.0, 1) AS REAL) AS "Minutes"
    FROM albums al
    JOIN artists ar ON ar."ArtistId" = al."ArtistId"
    LEFT JOIN tracks t ON t."AlbumId" = al."AlbumId"
    GROUP BY al."AlbumId", ar."ArtistId";

INSERT INTO artists ("ArtistId", "Name") VALUES
    (1, 'AC/DC'),
    (2, 'Accept'),
    (3, 'Aerosmith'),
    (4, 'Antônio Carlos Jobim'),
    (5, 'Björk'),
    (6, 'Sigur Rós'),
    (7, 'Motörhead'),
    (8, '坂本龍一'),
    (9, 'Miles Davis'),
    (10, 'Nina Simone'),
    (11, 'Caetano Veloso'),
    (12, 'Kraftwerk'),
    (13, 'Sinéad O''Connor'),
    (14, 'Ella Fitzgerald'),
    (15, 'Ólafur Arnalds'),
    (16, 'Various Artists');

INSERT INTO genres ("GenreId", "Name") VALUES
    (1, 'Rock'), (2, 'Jazz'), (3, 'Metal'), (4, 'Bossa Nova'), (5, 'Electronica'),
    (6, 'Alternative'), (7, 'Soundtrack'), (8, 'Classical'), (9, 'Latin'), (10, 'Easy Listening');

INSERT INTO media_types ("MediaTypeId", "Name") VALUES
    (1, 'MPEG audio file'), (2, 'Protected AAC audio file'), (3, 'Protected MPEG-4 video file'),
    (4, 'Purchased AAC audio file'), (5, 'AAC audio file');

-- Notes: NULL for most albums, one short line for some, and liner notes of
-- several hundred characters for two (a record shows their start and length;
-- `show Notes` prints them whole).
INSERT INTO albums ("AlbumId", "Title", "ArtistId", "Year", "Notes") VALUES
    (1, 'For Those About To Rock We Salute You', 1, 1981, 'Recorded in Paris; the cannons are real.'),
    (2, 'Back in Black', 1, 1980, NULL),
    (3, 'Balls to the Wall', 2, 1983, NULL),
    (4, 'Restless and Wild', 2, 1982, NULL),
    (5, 'Big Ones', 3, 1994, 'A compilation of the Geffen years.'),
    (6, 'Wave', 4, 1967, NULL),
    (7, 'Elis & Tom', 4, 1974,
        'Recorded in Los Angeles over seventeen days in February and March 1974, Elis & Tom brought '
        || 'together Elis Regina, the most celebrated voice of Brazilian popular music, and Antônio Carlos '
        || 'Jobim, who had written half the songs the world knew as bossa nova. The sessions were tense at '
        || 'first: Jobim wanted acoustic piano and guitar, the arranger César Camargo Mariano wanted electric '
        || 'keyboards. The compromise is the record: Águas de Março sung as a duet, laughing, with every '
        || 'word of the list of things that the rains of March bring; Corcovado slowed to a whisper; '
        || 'Triste and Só Tinha de Ser com Você taken at a walk. Engineered by Humberto Gatica.'),
    (8, 'Debut', 5, 1993, NULL),
    (9, 'Homogenic', 5, 1997, 'Strings by the Icelandic String Octet.'),
    (10, 'Ágætis byrjun', 6, 1999,
        'The title means "a good beginning". Sung largely in Icelandic and partly in Vonlenska, the '
        || 'band''s invented language of sounds without meaning, the album was recorded at Sundlaugin, a '
        || 'former swimming pool in Mosfellsbær that the band turned into a studio. Jónsi plays his guitar '
        || 'with a cello bow. Nobody outside Iceland had heard of the band when it came out; two years '
        || 'later it was on the soundtrack of half the films of the decade.'),
    (11, 'Ace of Spades', 7, 1980, NULL),
    (12, 'Overkill', 7, 1979, NULL),
    (13, '戦場のメリークリスマス', 8, 1983, 'Merry Christmas, Mr. Lawrence: the film score.'),
    (14, 'async', 8, 2017, NULL),
    (15, 'Kind of Blue', 9, 1959, 'Two sessions, March and April 1959; almost every take a first take.'),
    (16, 'Sketches of Spain', 9, 1960, NULL),
    (17, 'Wild Is the Wind', 10, 1966, NULL),
    (18, 'Caetano Veloso', 11, 1968, NULL),
    (19, 'Trans-Europe Express', 12, 1977, NULL),
    (20, 'Computer World', 12, 1981, NULL),
    (21, 'I Do Not Want What I Haven''t Got', 13, 1990, NULL),
    (22, 'Ella and Louis', 14, 1956, NULL),
    (23, 'Living Room Songs', 15, 2011, NULL),
    (24, 'Re:member', 15, 2018, NULL);

-- Tracks: each album's first titles are real ones; the rest of an album is
-- made of two word lists, picked by the album and the track's position.
-- The count per album, the composer, the length and the format follow from
-- the same numbers.
WITH RECURSIVE
    album("AlbumId", "ArtistId", count) AS (
        SELECT "AlbumId", "ArtistId", 10 + ("AlbumId" * 7) % 8 FROM albums
    ),
    position("AlbumId", n) AS (
        SELECT "AlbumId", 1 FROM album
        UNION ALL
        SELECT p."AlbumId", p.n + 1 FROM position p JOIN album a USING ("AlbumId") WHERE p.n < a.count
    ),
    known("AlbumId", n, "Name") AS (VALUES
        (1, 1, 'For Those About To Rock (We Salute You)'), (1, 2, 'Put The Finger On You'),
        (1, 3, 'Let''s Get It Up'), (1, 4, 'Inject The Venom'), (1, 5, 'Snowballed'),
        (2, 1, 'Hells Bells'), (2, 2, 'Shoot to Thrill'), (2, 3, 'Back in Black'),
        (2, 4, 'You Shook Me All Night Long'),
        (3, 1, 'Balls to the Wall'), (4, 1, 'Fast As a Shark'), (4, 2, 'Restless and Wild'),
        (5, 1, 'Walk On Water'), (5, 2, 'Love In An Elevator'), (5, 3, 'Rag Doll'),
        (6, 1, 'Wave'), (6, 2, 'The Red Blouse'), (6, 3, 'Look to the Sky'),
        (7, 1, 'Águas de Março'), (7, 2, 'Pois É'), (7, 3, 'Só Tinha de Ser com Você'),
        (7, 4, 'Corcovado'), (7, 5, 'Triste'),
        (8, 1, 'Human Behaviour'), (8, 2, 'Crying'), (8, 3, 'Venus as a Boy'),
        (9, 1, 'Hunter'), (9, 2, 'Jóga'), (9, 3, 'Bachelorette'),
        (10, 1, 'Intro'), (10, 2, 'Svefn-g-englar'), (10, 3, 'Starálfur'), (10, 4, 'Flugufrelsarinn'),
        (10, 5, 'Ný batterí'), (10, 6, 'Hjartað hamast (bamm bamm bamm)'), (10, 7, 'Viðrar vel til loftárása'),
        (11, 1, 'Ace of Spades'), (11, 2, 'Love Me Like a Reptile'), (12, 1, 'Overkill'),
        (13, 1, 'Merry Christmas Mr. Lawrence'), (13, 2, 'The Seed and the Sower'),
        (14, 1, 'andata'), (14, 2, 'disintegration'), (14, 3, 'solari'),
        (15, 1, 'So What'), (15, 2, 'Freddie Freeloader'), (15, 3, 'Blue in Green'),
        (15, 4, 'All Blues'), (15, 5, 'Flamenco Sketches'),
        (16, 1, 'Concierto de Aranjuez (Adagio)'), (16, 2, 'Will o'' the Wisp'),
        (17, 1, 'I Love Your Lovin'' Ways'), (17, 2, 'Four Women'), (17, 3, 'Wild Is the Wind'),
        (18, 1, 'Tropicália'), (18, 2, 'Alegria, Alegria'), (18, 3, 'Superbacana'),
        (19, 1, 'Europe Endless'), (19, 2, 'The Hall of Mirrors'), (19, 3, 'Trans-Europe Express'),
        (20, 1, 'Computer World'), (20, 2, 'Pocket Calculator'), (20, 3, 'Computer Love'),
        (21, 1, 'Feel So Different'), (21, 2, 'Nothing Compares 2 U'), (21, 3, 'The Emperor''s New Clothes'),
        (22, 1, 'Can''t We Be Friends?'), (22, 2, 'Isn''t This a Lovely Day?'), (22, 3, 'Moonlight in Vermont'),
        (23, 1, 'Fyrsta'), (23, 2, 'Near Light'), (24, 1, 're:member'), (24, 2, 'saman')
    ),
    adjective(i, word) AS (VALUES
        (0, 'Blue'), (1, 'Electric'), (2, 'Quiet'), (3, 'Midnight'), (4, 'Golden'), (5, 'Broken'),
        (6, 'Endless'), (7, 'Northern'), (8, 'Velvet'), (9, 'Silver'), (10, 'Lonely'), (11, 'Wild'),
        (12, 'Burning'), (13, 'Summer'), (14, 'Paper'), (15, 'Hidden'), (16, 'Falling')
    ),
    noun(i, word) AS (VALUES
        (0, 'Rain'), (1, 'Horizon'), (2, 'Heart'), (3, 'River'), (4, 'Train'), (5, 'Garden'),
        (6, 'Morning'), (7, 'Machine'), (8, 'Lights'), (9, 'Road'), (10, 'Waltz'), (11, 'Harbour'),
        (12, 'Love'), (13, 'Shadows'), (14, 'Fire'), (15, 'Dreams'), (16, 'Sky'), (17, 'Blues'), (18, 'Song')
    ),
    -- The genre and the composer each album's tracks share.
    style("AlbumId", "GenreId", "Composer") AS (VALUES
        (1, 1, 'Angus Young, Malcolm Young, Brian Johnson'), (2, 1, 'Angus Young, Malcolm Young, Brian Johnson'),
        (3, 3, 'U. Dirkschneider, W. Hoffmann, H. Frank, P. Baltes, S. Kaufmann, G. Hoffmann'),
        (4, 3, 'F. Baltes, S. Kaufman, U. Dirkscneider & W. Hoffman'),
        (5, 1, 'Steven Tyler, Joe Perry'), (6, 4, 'Antônio Carlos Jobim'),
        (7, 4, 'Antônio Carlos Jobim, Vinícius de Moraes'), (8, 6, 'Björk'), (9, 5, 'Björk'),
        (10, 6, 'Jón Þór Birgisson, Georg Hólm, Kjartan Sveinsson'), (11, 3, 'Kilmister, Clarke, Taylor'),
        -- Overkill's credits came from a spreadsheet with a stray tab in them:
        -- navsh shows it escaped (\t), never as a jump of the cursor.
        (12, 3, 'Kilmister,	Clarke, Taylor'), (13, 7, '坂本龍一'), (14, 5, '坂本龍一'),
        (15, 2, 'Miles Davis'), (16, 2, 'Gil Evans, Joaquín Rodrigo'), (17, 2, NULL),
        (18, 9, 'Caetano Veloso'), (19, 5, NULL), (20, 5, 'Ralf Hütter, Florian Schneider, Karl Bartos'),
        (21, 6, 'Sinéad O''Connor'), (22, 2, NULL), (23, 8, 'Ólafur Arnalds'), (24, 8, 'Ólafur Arnalds')
    )
INSERT INTO tracks ("Name", "AlbumId", "MediaTypeId", "GenreId", "Composer", "Milliseconds", "Bytes", "UnitPrice")
SELECT
    coalesce(k."Name", (SELECT word FROM adjective WHERE i = (p."AlbumId" * 5 + p.n * 3) % 17)
                     || ' ' || (SELECT word FROM noun WHERE i = (p."AlbumId" * 2 + p.n * 7) % 19)),
    p."AlbumId",
    CASE WHEN p."AlbumId" = 14 AND p.n > 10 THEN 3 WHEN p."AlbumId" % 5 = 0 THEN 5 ELSE 1 END,
    s."GenreId",
    -- every ninth track has no composer on file
    CASE WHEN (p."AlbumId" + p.n) % 9 = 0 THEN NULL ELSE s."Composer" END,
    120000 + (p."AlbumId" * 7919 + p.n * 104729) % 360000,
    (120000 + (p."AlbumId" * 7919 + p.n * 104729) % 360000) * 32,
    CASE WHEN p."AlbumId" = 14 AND p.n > 10 THEN 1.99 ELSE 0.99 END
FROM position p
JOIN style s USING ("AlbumId")
LEFT JOIN known k ON k."AlbumId" = p."AlbumId" AND k.n = p.n
ORDER BY p."AlbumId", p.n;

INSERT INTO customers ("CustomerId", "FirstName", "LastName", "Company", "City", "Country", "Email") VALUES
    (1, 'Luís', 'Gonçalves', 'Embraer - Empresa Brasileira de Aeronáutica S.A.', 'São José dos Campos', 'Brazil', 'luisg@embraer.com.br'),
    (2, 'Leonie', 'Köhler', NULL, 'Stuttgart', 'Germany', 'leonekohler@surfeu.de'),
    (3, 'François', 'Tremblay', NULL, 'Montréal', 'Canada', 'ftremblay@gmail.com'),
    (4, 'Bjørn', 'Hansen', NULL, 'Oslo', 'Norway', 'bjorn.hansen@yahoo.no'),
    (5, 'František', 'Wichterlová', 'JetBrains s.r.o.', 'Prague', 'Czech Republic', 'frantisekw@jetbrains.com'),
    (6, 'Helena', 'Holý', NULL, 'Prague', 'Czech Republic', 'hholy@gmail.com'),
    (7, 'Astrid', 'Gruber', NULL, 'Vienne', 'Austria', 'astrid.gruber@apple.at'),
    (8, 'Daan', 'Peeters', NULL, 'Brussels', 'Belgium', 'daan_peeters@apple.be'),
    (9, 'Kara', 'Nielsen', NULL, 'Copenhagen', 'Denmark', 'kara.nielsen@jubii.dk'),
    (10, 'Eduardo', 'Martins', 'Woodstock Discos', 'São Paulo', 'Brazil', 'eduardo@woodstock.com.br'),
    (11, 'Frank', 'Harris', 'Google Inc.', 'Mountain View', 'USA', 'fharris@google.com'),
    (12, 'Jack', 'Smith', 'Microsoft Corporation', 'Redmond', 'USA', 'jacksmith@microsoft.com'),
    (13, 'Puja', 'Srivastava', NULL, 'Bangalore', 'India', 'puja_srivastava@yahoo.in'),
    (14, '花子', '佐藤', NULL, 'Tokyo', 'Japan', 'hanako.sato@example.jp'),
    (15, 'Guðrún', 'Jónsdóttir', NULL, 'Reykjavík', 'Iceland', 'gudrun@example.is');

-- Invoices: three per customer, a month apart, billed to the customer's city.
INSERT INTO invoices ("InvoiceId", "CustomerId", "InvoiceDate") VALUES
    (1, 5, '2025-01-03'), (2, 9, '2025-01-11'), (3, 13, '2025-01-19'), (4, 2, '2025-01-27'), (5, 6, '2025-02-04'),
    (6, 10, '2025-02-12'), (7, 14, '2025-02-20'), (8, 3, '2025-02-28'), (9, 7, '2025-03-08'), (10, 11, '2025-03-16'),
    (11, 15, '2025-03-24'), (12, 4, '2025-04-01'), (13, 8, '2025-04-09'), (14, 12, '2025-04-17'), (15, 1, '2025-04-25'),
    (16, 5, '2025-05-03'), (17, 9, '2025-05-11'), (18, 13, '2025-05-19'), (19, 2, '2025-05-27'), (20, 6, '2025-06-04'),
    (21, 10, '2025-06-12'), (22, 14, '2025-06-20'), (23, 3, '2025-06-28'), (24, 7, '2025-07-06'), (25, 11, '2025-07-14'),
    (26, 15, '2025-07-22'), (27, 4, '2025-07-30'), (28, 8, '2025-08-07'), (29, 12, '2025-08-15'), (30, 1, '2025-08-23'),
    (31, 5, '2025-08-31'), (32, 9, '2025-09-08'), (33, 13, '2025-09-16'), (34, 2, '2025-09-24'), (35, 6, '2025-10-02'),
    (36, 10, '2025-10-10'), (37, 14, '2025-10-18'), (38, 3, '2025-10-26'), (39, 7, '2025-11-03'), (40, 11, '2025-11-11'),
    (41, 15, '2025-11-19'), (42, 4, '2025-11-27'), (43, 8, '2025-12-05'), (44, 12, '2025-12-13'), (45, 1, '2025-12-21');
UPDATE invoices SET
    "BillingCity" = (SELECT c."City" FROM customers c WHERE c."CustomerId" = invoices."CustomerId"),
    "BillingCountry" = (SELECT c."Country" FROM customers c WHERE c."CustomerId" = invoices."CustomerId");

-- Lines: one to four tracks per invoice, spread over the whole catalogue.
WITH RECURSIVE line("InvoiceId", n) AS (
    SELECT "InvoiceId", 1 FROM invoices
    UNION ALL
    SELECT "InvoiceId", n + 1 FROM line WHERE n < 1 + "InvoiceId" % 4
)
INSERT INTO invoice_lines ("InvoiceId", "TrackId", "UnitPrice", "Quantity")
SELECT l."InvoiceId", t."TrackId", t."UnitPrice", 1
FROM line l
JOIN tracks t ON t."TrackId" = 1 + (l."InvoiceId" * 37 + l.n * 101) % (SELECT count(*) FROM tracks)
ORDER BY l."InvoiceId", l.n;

UPDATE invoices SET "Total" = (
    SELECT round(sum("UnitPrice" * "Quantity"), 2) FROM invoice_lines WHERE invoice_lines."InvoiceId" = invoices."InvoiceId"
);

INSERT INTO playlists ("PlaylistId", "Name") VALUES
    (1, 'Music'), (2, 'Brasil'), (3, 'Late Night Jazz'), (4, 'Heavy'), (5, 'Iceland'), (6, 'On-The-Go 1');

-- Playlist 1 holds every track; the others gather by genre or country.
INSERT INTO playlist_track ("PlaylistId", "TrackId") SELECT 1, "TrackId" FROM tracks;
INSERT INTO playlist_track ("PlaylistId", "TrackId") SELECT 2, "TrackId" FROM tracks WHERE "GenreId" IN (4, 9);
INSERT INTO playlist_track ("PlaylistId", "TrackId") SELECT 3, "TrackId" FROM tracks WHERE "GenreId" = 2 AND "Milliseconds" > 240000;
INSERT INTO playlist_track ("PlaylistId", "TrackId") SELECT 4, "TrackId" FROM tracks WHERE "GenreId" = 3;
INSERT INTO playlist_track ("PlaylistId", "TrackId")
    SELECT 5, "TrackId" FROM tracks WHERE "AlbumId" IN (SELECT "AlbumId" FROM albums WHERE "ArtistId" IN (5, 6, 15));
