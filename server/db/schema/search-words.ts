import { sql } from 'drizzle-orm'
import { index, pgTable, text } from 'drizzle-orm/pg-core'

// The shoppers' search forgives a typo by matching the typed word against the catalogue's
// distinct words, not against every instrument: brands x models x finishes x years make a few
// thousand words at a million instruments. Triggers on `instruments` and `categories` (migration
// 0029) add each new word in the transaction of the write, whichever code path or process makes
// it. A word stays after its last instrument goes: it then finds nothing, and removing it would
// make every write wait on the rows of the words it shares with a running CSV import.
export const searchWords = pgTable(
  'search_words',
  {
    /** A lexeme of an instrument's name and brand or of a category's name ('simple' config). */
    word: text('word').primaryKey(),
  },
  (t) => [
    // `typed <% word`: pg_trgm's word similarity finds the close words. No pending list: PGlite
    // never vacuums (migration 0021).
    index('search_words_trgm_idx')
      .using('gin', sql`${t.word} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
)
