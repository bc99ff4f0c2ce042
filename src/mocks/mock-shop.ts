import { UnsecuredJWT } from 'jose'
import type { Category, Favourite, Instrument } from '../../contract/catalog'
import {
  buyerAccount,
  seedBuyers,
  seedCategories,
  seedInstruments,
} from '../../contract/demo-catalogue'
import { fromCents, linesCents } from '../../contract/money'
import type { CheckoutCustomer, Sale } from '../../contract/sales'
import type { Account } from '../../contract/users'
import { instrumentShown } from '../../contract/visibility'
import { createMockPricing, type MockPrice } from './mock-pricing'

/** The same passwords as `npm run start:qa`, so one suite can run against either backend. */
export const MOCK_PASSWORDS = { admin: 'qa-admin-password', shopper: 'qa-demo-password' }

interface MockAccount extends Account {
  password: string
  /** The demo accounts proved their address; a mock sign-up has not (no mail is sent). */
  emailVerified: boolean
}

/**
 * The mock backend's data: the demo catalogue, the admin and the demo shoppers, and whatever a
 * session adds (accounts, favourites, sales), all in memory. A new shop per page load (browser)
 * or per test (Playwright, component tests).
 */
export function createMockShop() {
  const categories: Category[] = seedCategories.map((c, n) => ({
    id: n + 1,
    name: c.name,
    isBanned: c.isBanned ?? false,
  }))
  const instruments: Instrument[] = seedInstruments.map((s, n) => {
    const category = categories.find((c) => c.name === s.category) ?? (categories[0] as Category)
    return {
      id: n + 1,
      name: s.name,
      brand: s.brand,
      price: s.price,
      img: `/images/instruments/${s.slug}.svg`,
      description: s.description,
      stock: s.stock,
      status: s.status,
      categoryId: category.id,
      category,
      categoryName: category.name,
      isBanned: s.isBanned ?? false,
      raiting: 0,
      raitingCount: 0,
      adminId: 1,
    }
  })
  const person = { dni: null, adminId: null }
  const accounts: MockAccount[] = [
    {
      ...person,
      id: 1,
      userName: 'admin',
      email: 'admin@instrument-shop.local',
      firstName: 'Shop',
      lastName: 'Admin',
      contactNumber: null,
      buyerAddress: null,
      rol: 'admin',
      password: MOCK_PASSWORDS.admin,
      emailVerified: true,
    },
    ...seedBuyers.map((b, n) => ({
      ...person,
      id: n + 2,
      ...buyerAccount(b),
      rol: 'user' as const,
      password: MOCK_PASSWORDS.shopper,
      emailVerified: true,
    })),
  ]
  const favourites = new Map<number, Set<number>>()
  const sales: Sale[] = []

  const visible = instrumentShown
  const pricing = createMockPricing()
  return {
    pricing,
    categories,
    instruments,
    accounts,
    sales,
    visible,
    nextId: (rows: { id: number }[]) => Math.max(0, ...rows.map((r) => r.id)) + 1,
    favouritesOf(account: Account): Favourite[] {
      const ids = favourites.get(account.id) ?? new Set()
      return instruments
        .filter((i) => ids.has(i.id) && visible(i))
        .map(({ id, name, brand, description, price, img, stock, status }) => ({
          id,
          ...{ name, brand, description, price, img, stock, status },
        }))
    },
    setFavourite(account: Account, id: number, on: boolean) {
      const ids = favourites.get(account.id) ?? new Set()
      if (on) ids.add(id)
      else ids.delete(id)
      favourites.set(account.id, ids)
    },
    /** A session token shaped like the server's (the app reads its claims), but unsigned. */
    tokenFor(account: Account) {
      return new UnsecuredJWT({ userName: account.userName, user_rol: account.rol })
        .setSubject(String(account.id))
        .setIssuedAt()
        .setExpirationTime('8h')
        .encode()
    },
    /** An instrument a shopper may buy. */
    shownInstrument: (id: number) => instruments.find((i) => i.id === id && visible(i)),
    recordSale(
      account: Account,
      customer: CheckoutCustomer,
      lines: [Instrument, number][],
      price?: MockPrice,
    ) {
      const now = new Date().toISOString()
      const subtotal = fromCents(linesCents(lines.map(([i, count]) => ({ price: i.price, count }))))
      const quote = price?.quote
      const sale: Sale = {
        id: sales.length + 1,
        status: 'succeeded',
        fulfilment: 'unfulfilled',
        refundedCents: 0,
        cost: quote?.total ?? subtotal,
        subtotal,
        discount: quote?.discount ?? 0,
        shipping: quote?.shipping ?? 0,
        tax: quote?.tax ?? 0,
        taxIncluded: quote?.taxIncluded ?? true,
        discountCode: quote?.discountCode ?? null,
        shippingMethod: price?.shippingMethod ?? null,
        createdAt: now,
        updatedAt: now,
        ...customer,
        userId: account.id,
        instrument: lines.map(([i, count], n) => ({
          id: n + 1,
          instrumentId: i.id,
          ...{ name: i.name, brand: i.brand, img: i.img, price: i.price, count },
          discount: quote?.lines.find((line) => line.id === i.id)?.discount ?? 0,
          tax: quote?.lines.find((line) => line.id === i.id)?.tax ?? 0,
          rated: false,
        })),
      }
      for (const [i, count] of lines) i.stock -= count
      if (price?.code) pricing.takeUse(price.code, account.id)
      sales.push(sale)
      return sale
    },
  }
}

export type MockShop = ReturnType<typeof createMockShop>
