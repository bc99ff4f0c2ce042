import { HttpResponse, http } from 'msw'
import type { Category, Instrument, InstrumentDetail } from '../../contract/catalog'

// Test-only builders and MSW handlers for the storefront's component tests.

/** What GET /api/category answers a shopper: banned categories never reach the storefront. */
export const categories: Category[] = [
  { id: 1, name: 'Guitars', isBanned: false },
  { id: 2, name: 'Drums', isBanned: false },
]

export function makeInstrument(id: number, overrides: Partial<Instrument> = {}): Instrument {
  const category = overrides.category ??
    categories[0] ?? { id: 1, name: 'Guitars', isBanned: false }
  return {
    id,
    name: `Instrument ${id}`,
    brand: 'Yamaha',
    price: 100 * id,
    img: `/images/instruments/${id}.webp`,
    description: `Description of instrument ${id}`,
    stock: 5,
    status: 'New',
    categoryId: category.id,
    category,
    categoryName: category.name,
    isBanned: false,
    raiting: 0,
    raitingCount: 0,
    adminId: 1,
    ...overrides,
  }
}

export function makeDetail(
  id: number,
  overrides: Partial<InstrumentDetail> = {},
): InstrumentDetail {
  return { ...makeInstrument(id, overrides), Raitings: [], ...overrides }
}

export interface PageRequest {
  page: string | null
  limit: string | null
  sort: string | null
  category: string | null
  name: string | null
}

/**
 * GET /api/instruments (paged) answered by `answer`, and GET /api/category. Returns the
 * requests seen, so a test can check what the page asked for.
 */
export function catalogueHandlers(
  answer: (request: PageRequest) => { items: Instrument[]; total: number },
) {
  const requests: PageRequest[] = []
  const handlers = [
    http.get('/api/instruments', ({ request }) => {
      const params = new URL(request.url).searchParams
      const seen: PageRequest = {
        page: params.get('page'),
        limit: params.get('limit'),
        sort: params.get('sort'),
        category: params.get('category'),
        name: params.get('name'),
      }
      requests.push(seen)
      const { items, total } = answer(seen)
      const page = Number(seen.page ?? 1)
      return HttpResponse.json({ items, total, page, pages: Math.ceil(total / 10) })
    }),
    http.get('/api/category', () => HttpResponse.json(categories)),
    // The search box's suggestions while a test types a search: none.
    http.get('/api/instruments/suggestions', () => HttpResponse.json([])),
  ]
  return { requests, handlers }
}
