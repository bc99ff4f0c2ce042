import { HttpResponse, http } from 'msw'
import type { Category, Instrument } from '../../../contract/catalog'
import type { Sale } from '../../../contract/sales'
import type { Account } from '../../../contract/users'
import {
  adminInstrumentRows,
  adminSaleRows,
  adminUserRows,
  salesSummaryOf,
} from '../../mocks/admin-pages'
import { useSessionStore } from '../../stores/session'
import { server } from '../../test/server'

// Test-only fixtures for the back office's component tests.

/** A token the SPA can decode (it never checks the signature; the server does). */
export function fakeToken(role: 'admin' | 'user' | 'banned', userName = 'admin') {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  const exp = Math.floor(Date.now() / 1000) + 3600
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', userName, user_rol: role, exp })}.sig`
}

export function signInAsAdmin(userName = 'admin') {
  useSessionStore.getState().signIn({ token: fakeToken('admin', userName), userName })
}

export const categories: Category[] = [
  { id: 1, name: 'Guitars', isBanned: false },
  { id: 2, name: 'Drums', isBanned: true },
]

export const instruments: Instrument[] = [
  {
    id: 11,
    name: 'Stratocaster',
    brand: 'Fender',
    price: 1299,
    img: '/images/instruments/strat.svg',
    description: 'A guitar',
    stock: 4,
    status: 'New',
    categoryId: 1,
    category: categories[0] as Category,
    categoryName: 'Guitars',
    isBanned: false,
    raiting: 0,
    raitingCount: 0,
    adminId: 1,
  },
  {
    id: 12,
    name: 'Snare',
    brand: 'Pearl',
    price: 300,
    img: 'https://cdn.example.com/snare.png',
    description: 'A drum',
    stock: 2,
    status: 'Used',
    categoryId: 2,
    category: categories[1] as Category,
    categoryName: 'Drums',
    isBanned: true,
    raiting: 4,
    raitingCount: 1,
    adminId: 1,
  },
]

export const users: Account[] = [
  {
    id: 5,
    dni: '12345678',
    firstName: 'Ana',
    lastName: 'Gómez',
    email: 'ana@example.com',
    contactNumber: '3001234567',
    userName: 'anagomez',
    buyerAddress: 'Calle 1',
    rol: 'user',
    adminId: null,
  },
]

export const admins: Account[] = [
  {
    id: 1,
    dni: null,
    firstName: 'Root',
    lastName: 'Admin',
    email: 'admin@example.com',
    contactNumber: null,
    userName: 'admin',
    buyerAddress: null,
    rol: 'admin',
    adminId: null,
  },
]

export const sales: Sale[] = [
  {
    id: 31,
    status: 'succeeded',
    fulfilment: 'unfulfilled',
    cost: 1599,
    ...{ subtotal: 1599, discount: 0, shipping: 0, tax: 0, taxIncluded: true },
    ...{ discountCode: null, shippingMethod: null },
    refundedCents: 0,
    createdAt: '2024-05-02T15:00:00.000Z',
    updatedAt: '2024-05-02T15:00:00.000Z',
    cus_name: 'Ana Gómez',
    cus_email: 'ana@example.com',
    cus_phone: '3001234567',
    cus_address: 'Calle 1',
    cus_city: 'Bogotá',
    cus_country: 'Colombia',
    cus_zip: '110111',
    userId: 5,
    instrument: [
      {
        id: 1,
        instrumentId: 11,
        name: 'Stratocaster',
        brand: 'Fender',
        img: '',
        price: 1299,
        count: 1,
        discount: 0,
        tax: 0,
      },
      {
        id: 2,
        instrumentId: 12,
        name: 'Snare',
        brand: 'Pearl',
        img: '',
        price: 300,
        count: 1,
        discount: 0,
        tax: 0,
      },
    ],
  },
  {
    id: 32,
    status: 'succeeded',
    fulfilment: 'unfulfilled',
    cost: 2598,
    ...{ subtotal: 2598, discount: 0, shipping: 0, tax: 0, taxIncluded: true },
    ...{ discountCode: null, shippingMethod: null },
    refundedCents: 0,
    createdAt: '2024-06-10T09:30:00.000Z',
    updatedAt: '2024-06-10T09:30:00.000Z',
    cus_name: 'Luis Pérez',
    cus_email: 'luis@example.com',
    cus_phone: '3009876543',
    cus_address: 'Carrera 2',
    cus_city: 'Lima',
    cus_country: 'Perú',
    cus_zip: '15001',
    userId: null,
    instrument: [
      {
        id: 3,
        instrumentId: 11,
        name: 'Stratocaster',
        brand: 'Fender',
        img: '',
        price: 1299,
        count: 2,
        discount: 0,
        tax: 0,
      },
    ],
  },
]

/** The back office's reads, answered from the fixtures above (override per test). */
export function serveBackOffice(
  data: Partial<{
    instruments: Instrument[]
    categories: Category[]
    users: Account[]
    admins: Account[]
    sales: Sale[]
  }> = {},
) {
  server.use(
    http.get('/api/instruments', () => HttpResponse.json(data.instruments ?? instruments)),
    http.get('/api/instruments/:id', ({ params }) =>
      HttpResponse.json({
        ...(data.instruments ?? instruments).find((i) => i.id === Number(params.id)),
        Raitings: [],
      }),
    ),
    http.get('/api/category/all', () => HttpResponse.json(data.categories ?? categories)),
    http.get('/api/category', () => HttpResponse.json([])),
    http.get('/api/users', () => HttpResponse.json(data.users ?? users)),
    http.get('/api/admins', () => HttpResponse.json(data.admins ?? admins)),
    http.get('/api/admins/id', () => HttpResponse.json((data.admins ?? admins)[0])),
    http.get('/api/transactions', () => HttpResponse.json(data.sales ?? sales)),
    // The paged tables, as the server pages, searches and filters them.
    http.get('/api/admin/instruments', ({ request }) =>
      HttpResponse.json(adminInstrumentRows(data.instruments ?? instruments, query(request))),
    ),
    http.get('/api/admin/users', ({ request }) =>
      HttpResponse.json(adminUserRows(data.users ?? users, query(request))),
    ),
    http.get('/api/admin/sales', ({ request }) =>
      HttpResponse.json(adminSaleRows(data.sales ?? sales, query(request))),
    ),
    http.get('/api/admin/settings/stock', () => HttpResponse.json({ lowStockThreshold: 5 })),
    http.get('/api/admin/sales/summary', () =>
      HttpResponse.json(salesSummaryOf(data.sales ?? sales)),
    ),
    http.get('/api/admin/sales/:id', ({ params }) =>
      HttpResponse.json((data.sales ?? sales).find((s) => s.id === Number(params.id))),
    ),
  )
}

const query = (request: Request) =>
  Object.fromEntries(new URL(request.url).searchParams) as Record<string, string>
