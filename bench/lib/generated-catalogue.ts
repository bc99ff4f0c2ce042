import { sql } from 'drizzle-orm'
import postgres from 'postgres'
import { openDatabase } from '../../server/db/client'
import { categories, instruments } from '../../server/db/schema/catalog'

// bench:api's shop: 10,000 generated instruments in 6 categories, on PGlite in memory or in a
// database of its own made on a PostgreSQL server and dropped afterwards (never the shop's).

export const INSTRUMENTS = 10_000
const BATCH = 1_000

const CATEGORY_NAMES = ['Guitars', 'Basses', 'Drums', 'Keyboards', 'Wind', 'Strings']
const BRANDS = ['Fender', 'Gibson', 'Yamaha', 'Roland', 'Pearl', 'Ibanez', 'Selmer', 'Korg']
const ADJECTIVES = ['Vintage', 'Classic', 'Studio', 'Stage', 'Deluxe', 'Junior', 'Pro', 'Custom']
const MODELS = [
  'Stratos',
  'Nova',
  'Aurora',
  'Falcon',
  'Tempest',
  'Echo',
  'Atlas',
  'Orion',
  'Zephyr',
]

type Handle = Awaited<ReturnType<typeof openDatabase>>

/** `postgresUrl`: a server where the bench may create (and then drop) a database. */
export async function openBenchDatabase(postgresUrl: string | undefined) {
  if (!postgresUrl) {
    const database = await openDatabase({ dataDir: 'memory://' })
    return { database, label: 'PGlite (in memory)', drop: () => database.close() }
  }
  const name = `bench_api_${process.pid}_${Date.now()}`
  const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  const database: Handle = await openDatabase({ databaseUrl: url.href, dataDir: 'memory://' })
  return {
    database,
    label: `PostgreSQL (${url.host}, scratch database ${name})`,
    drop: async () => {
      await database.close()
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end({ timeout: 5 })
    },
  }
}

/** The generated catalogue; every 50th instrument is hidden, so visibility has rows to skip. */
export async function seedCatalogue(db: Handle['db']) {
  const cats = await db
    .insert(categories)
    .values(CATEGORY_NAMES.map((name) => ({ name })))
    .returning()
  let firstId = 0
  let lastId = 0
  for (let start = 0; start < INSTRUMENTS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, INSTRUMENTS - start) }, (_, j) => {
      const i = start + j
      const pick = <T>(list: T[], n: number) => list[n % list.length] as T
      return {
        name: `${pick(ADJECTIVES, i)} ${pick(MODELS, i * 7)} ${i}`,
        brand: pick(BRANDS, i * 3),
        price: ((i * 7919) % 500_000) / 100 + 10,
        img: `/images/instrument-${i % 40}.webp`,
        description: 'A generated instrument for the API benchmark.',
        stock: i % 13,
        status: i % 4 === 0 ? ('Used' as const) : ('New' as const),
        categoryId: pick(cats, i).id,
        isBanned: i % 50 === 0,
      }
    })
    const ids = await db.insert(instruments).values(rows).returning({ id: instruments.id })
    if (start === 0) firstId = ids[0]?.id ?? 1
    lastId = ids.at(-1)?.id ?? lastId
  }
  return {
    // The second instrument: the first is hidden.
    detailId: firstId + 1,
    category: CATEGORY_NAMES[2] ?? 'Drums',
    categoryCount: CATEGORY_NAMES.length,
    /** The ids in insertion order: the distinct-URL rows read them (distinct-request.cjs). */
    idRange: `${firstId}-${lastId}`,
  }
}

const FINISHES = [
  'Sunburst',
  'Black',
  'Natural',
  'Cherry',
  'Olympic White',
  'Sea Foam Green',
  'Candy Apple Red',
  'Tobacco',
  'Walnut',
  'Butterscotch',
  'Arctic Silver',
  'Midnight Blue',
]
const MORE_BRANDS = ['Gretsch', 'Epiphone', 'Squier', 'Martin', 'Taylor', 'Casio', 'Nord', 'Tama']
const MORE_MODELS = ['Stage', 'Comet', 'Meridian', 'Nimbus', 'Solstice', 'Vega', 'Ranger', 'Drift']
/** Rows of `db.execute`: PGlite's driver answers `{ rows }`, postgres.js the rows themselves. */
const rowsOf = <T>(result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[]
const sqlArray = (words: string[]) => sql.raw(`ARRAY[${words.map((w) => `'${w}'`).join(',')}]`)

/**
 * bench:catalogue's catalogue, written by the database itself (generate_series), so a million
 * rows take minutes, not an hour: `count` instruments named model, series, finish and year
 * (`Aurora Deluxe Sunburst 1962`) of 16 brands, in bench:api's 6 categories; every 50th is hidden.
 * The words are the ones bench:api's distinct queries type (distinct-request.cjs).
 */
export async function seedVariedCatalogue(db: Handle['db'], count: number, batch = 100_000) {
  await db
    .insert(categories)
    .values(CATEGORY_NAMES.map((name) => ({ name })))
    .onConflictDoNothing()
  const brands = sqlArray([...BRANDS, ...MORE_BRANDS])
  const models = sqlArray([...MODELS, ...MORE_MODELS])
  const series = sqlArray(ADJECTIVES)
  const finishes = sqlArray(FINISHES)
  const pick = (list: ReturnType<typeof sqlArray>, n: number, prime: number) =>
    sql`(${list})[1 + (g * ${sql.raw(String(prime))}) % ${sql.raw(String(n))}]`
  const rowsFrom = (from: number, to: number) => sql`
      WITH shelves AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories)
      INSERT INTO instruments (name, brand, price, img, description, stock, status, category_id, is_banned)
      SELECT ${pick(models, MODELS.length + MORE_MODELS.length, 7)} || ' ' || ${pick(series, ADJECTIVES.length, 13)}
          || ' ' || ${pick(finishes, FINISHES.length, 31)} || ' ' || (1955 + (g * 37) % 71),
        ${pick(brands, BRANDS.length + MORE_BRANDS.length, 3)},
        10 + (g * 7919) % 500000 / 100.0, '/images/instrument-' || g % 40 || '.webp',
        'A generated instrument for the catalogue benchmark.', g % 13,
        CASE WHEN g % 4 = 0 THEN 'Used' ELSE 'New' END,
        shelves.ids[1 + g % array_length(shelves.ids, 1)], g % 50 = 0
      FROM generate_series(${from}::bigint, ${to}::bigint) AS g, shelves`
  await db.transaction(async (tx) => {
    // A seed of a million takes longer than any shop statement may.
    await tx.execute(sql`SET LOCAL statement_timeout = 0`)
    // The GIN indexes (trigrams, the search's words) are built once at the end: row by row,
    // without GIN's pending list, they made a million rows take most of an hour.
    const gins = rowsOf<{ name: string; def: string }>(
      await tx.execute(sql`SELECT indexname AS name, indexdef AS def FROM pg_indexes
        WHERE tablename = 'instruments' AND indexdef LIKE '% USING gin %'`),
    )
    for (const index of gins) await tx.execute(sql.raw(`DROP INDEX "${index.name}"`))
    for (let from = 1; from <= count; from += batch) {
      await tx.execute(rowsFrom(from, Math.min(count, from + batch - 1)))
    }
    for (const index of gins) await tx.execute(sql.raw(index.def))
  })
  // PGlite never analyses by itself, and a fresh PostgreSQL table waits for autovacuum: the
  // planner should know the catalogue it plans for.
  await db.execute(sql`ANALYZE instruments`)
  const [ids] = rowsOf<{ first: number; last: number }>(
    await db.execute(sql`SELECT min(id)::int AS first, max(id)::int AS last FROM instruments`),
  )
  return {
    detailId: (ids?.first ?? 1) + 1,
    category: CATEGORY_NAMES[2] ?? 'Drums',
    categoryCount: CATEGORY_NAMES.length,
    idRange: `${ids?.first ?? 1}-${ids?.last ?? 1}`,
  }
}
