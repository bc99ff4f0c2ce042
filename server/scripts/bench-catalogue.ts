import postgres from 'postgres'
import { openDatabase } from '../db/client'
import { categories, instruments } from '../db/schema/catalog'

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
    /** The ids in insertion order: the distinct-URL rows read them (bench-distinct-request.cjs). */
    idRange: `${firstId}-${lastId}`,
  }
}
