import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'

// pg_trgm's score of a name that shares no trigram with the typed words is 0. A regular
// expression tells that for ~0.5 µs a name in PGlite where the score costs ~3.5 µs: a category
// named with a typo (`keyboadrs`) brings its 1,667 instruments, whose names mostly share nothing
// with it (docs/decisions/2026-11-26-unlike-names.md).

const notWordChar = '[^[:alnum:]]'
const wordStart = `(^|${notWordChar})`
const wordEnd = `(${notWordChar}|$)`
const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|-]/g, (ch) => `\\${ch}`)

// A long text's trigrams make a long expression, tried on every name: its score is cheaper then.
const MOST_TRIGRAMS = 24

/**
 * Where a trigram lies in a text, as pg_trgm pads each word (two spaces before, one after) and
 * splits words (at anything not a letter or digit). Null for one pg_trgm prints as a hash (a
 * multibyte letter), which no expression can look for.
 */
function trigramPattern(trigram: string): string | null {
  if (trigram.length !== 3) return null
  const letters = escapeRegex(trigram.trim())
  if (trigram.startsWith(' ') && trigram.endsWith(' ')) return `${wordStart}${letters}${wordEnd}`
  if (trigram.startsWith(' ')) return `${wordStart}${letters}`
  if (trigram.endsWith(' ')) return `${letters}${wordEnd}`
  return letters
}

/**
 * `text` (lower case) holds none of `trigrams` (pg_trgm's `show_trgm` of the typed words), or
 * undefined where an expression cannot tell it or would cost more than the score.
 */
export function sharesNoTrigram(text: SQLWrapper, trigrams: string[]): SQL | undefined {
  if (trigrams.length === 0 || trigrams.length > MOST_TRIGRAMS) return undefined
  const patterns = trigrams.map(trigramPattern)
  if (patterns.some((p) => p === null)) return undefined
  return sql`NOT (${text} ~ ${patterns.join('|')})`
}
