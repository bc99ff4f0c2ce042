import { z } from 'zod'
import {
  adminInstrumentPage,
  adminInstrumentQuery,
  adminSalePage,
  adminSaleQuery,
  adminUserPage,
  adminUserQuery,
  salesSummary,
  stockSettings,
} from '../../contract/back-office'
import { messageResponse } from '../../contract/rules'
import { sale } from '../../contract/sales'
import type { Operation } from './operations'

const badQuery = 'A bad page, q, sort, dir or filter (named)'

// The back office's paged tables (server/routes/back-office.ts). The spec's whole lists keep
// their answers; these are what the tabs read at any size of shop.
export const backOfficeOperations: Record<string, Operation> = {
  'GET /admin/instruments': {
    summary:
      'One page (25) of every instrument, bans included, for the Instruments tab: q is a case-insensitive substring of the name; sort by id, img, name, stock or isBanned; stock filters low, out or low-or-out. Each row says its stock level against its threshold (its own or the shop default)',
    auth: 'admin',
    query: adminInstrumentQuery,
    responses: { 200: adminInstrumentPage, 400: badQuery },
  },
  'GET /admin/users': {
    summary:
      'One page (25) of the shopper accounts for the Users tab: q is a case-insensitive substring of the userName; sort by id, fullName, userName, email or rol',
    auth: 'admin',
    query: adminUserQuery,
    responses: { 200: adminUserPage, 400: badQuery },
  },
  'GET /admin/sales': {
    summary:
      "One page (25) of the sales for Historyshops, newest first: q is a case-insensitive substring of an item's instrument name; status filters by the headline status; sort by createdAt, id, status, cost, cus_name or cus_country. Rows leave the lines out (GET /admin/sales/{id} has them)",
    auth: 'admin',
    query: adminSaleQuery,
    responses: { 200: adminSalePage, 400: badQuery },
  },
  'GET /admin/sales/summary': {
    summary:
      "Historyshops' summary over the paid sales, net of refunds (Cash_Balance, Total_Shops, Sold_Products, Last_Shop), the sales per headline status, and the chart's top 10 instruments by share of units sold",
    auth: 'admin',
    responses: { 200: salesSummary },
  },
  'GET /admin/sales/:id': {
    summary: 'One sale with its lines, for Detalles',
    auth: 'admin',
    responses: {
      200: sale,
      400: 'id: must be a positive whole number',
      404: 'Historyshop no encontrado',
    },
  },
  'GET /admin/settings/stock': {
    summary: "The shop's default low-stock threshold (instruments without their own use it)",
    auth: 'admin',
    responses: { 200: stockSettings },
  },
  'PUT /admin/settings/stock': {
    summary: "Change the shop's default low-stock threshold; every process reads the new value",
    auth: 'admin',
    responses: {
      200: messageResponse.extend({ lowStockThreshold: z.number() }),
      400: 'lowStockThreshold: must be a whole number from 0',
    },
  },
}
