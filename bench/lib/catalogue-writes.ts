import { stringify } from 'csv-stringify/sync'

// bench:catalogue's writers beside the shoppers' load: an admin renaming instruments through the
// API, a few a second, while a CSV import of 10,000 new instruments runs (as bench:import's).

export const IMPORTED_ROWS = 10_000
const RENAMES_A_SECOND = 5

function importedCsv() {
  const header = ['name', 'brand', 'price', 'img', 'description', 'stock', 'status', 'category']
  const rows = Array.from({ length: IMPORTED_ROWS }, (_, n) => [
    `Imported Stratos Deluxe ${n + 1}`,
    ['Fender', 'Gibson', 'Yamaha', 'Ibanez'][n % 4],
    String(100 + (n % 3000) + 0.99),
    '/images/guitar.webp',
    `A solid-body electric guitar, imported row ${n + 1}.`,
    String(n % 13),
    n % 3 === 0 ? 'Used' : 'New',
    'Guitars',
  ])
  return stringify([header, ...rows])
}

type Fetch = (request: Request) => Response | Promise<Response>

/** Runs both for `seconds`; answers the renames made and refused, and the import's seconds. */
export async function catalogueWrites(fetch: Fetch, token: string, seconds: number) {
  const auth = { Authorization: `Bearer ${token}` }
  const send = async (method: string, path: string, body: string, type: string) => {
    const res = await fetch(
      new Request(`http://bench/api${path}`, {
        method,
        headers: { ...auth, 'Content-Type': type },
        body,
      }),
    )
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`)
    return JSON.parse(text) as unknown
  }
  const started = performance.now()
  const importing = send('POST', '/instruments/import', importedCsv(), 'text/csv').then(
    () => (performance.now() - started) / 1000,
  )
  let renames = 0
  let refused = 0
  while (performance.now() - started < seconds * 1000) {
    const id = 2 + ((renames * 7919) % 50_000)
    const name = `Renamed Aurora Classic ${renames}`
    await send('PUT', '/instruments', JSON.stringify({ id, name }), 'application/json').catch(
      () => {
        refused += 1
      },
    )
    renames += 1
    await new Promise((resolve) => setTimeout(resolve, 1000 / RENAMES_A_SECOND))
  }
  return { renames, refused, importSeconds: await importing }
}
