import { z } from 'zod'

// Historyshops' "Sales over time": revenue net of refunds, orders and average order
// value per day, week (from Monday) or month, in UTC, over the paid sales made in a period.

export const SALES_BUCKETS = ['day', 'week', 'month'] as const
export type SalesBucket = (typeof SALES_BUCKETS)[number]

/** The longest period a query may span, by bucket: a year of days, three years otherwise. */
export const MAX_PERIOD_DAYS: Record<SalesBucket, number> = { day: 366, week: 1096, month: 1096 }

const DAY_MS = 24 * 60 * 60 * 1000

/** Days from `from` to `to`, both YYYY-MM-DD and both counted. */
export const periodDays = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((v) => {
    const at = new Date(`${v}T00:00:00Z`)
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v)
  }, 'must be a date of the calendar')

export const salesOverTimeQuery = z
  .object({
    from: calendarDate,
    to: calendarDate,
    by: z.enum(SALES_BUCKETS).default('day'),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' })
      return
    }
    const most = MAX_PERIOD_DAYS[q.by]
    if (periodDays(q.from, q.to) > most) {
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `the period is at most ${most} days by ${q.by}`,
      })
    }
  })
export type SalesOverTimeQuery = z.output<typeof salesOverTimeQuery>

const cents = z.number().int()

const figures = {
  /** Paid sales' cost less what was refunded of them, in whole cents. */
  revenueCents: cents,
  orders: z.number().int(),
  /** revenueCents / orders, rounded to the cent; 0 without orders. */
  averageOrderCents: cents,
  /** The tax and the shipping those sales' prices held, as charged (a refund leaves them). */
  taxCents: cents,
  shippingCents: cents,
}

export const salesPeriod = z.object({
  /** The bucket's first day, YYYY-MM-DD (a week's Monday, a month's 1st). */
  start: z.string(),
  ...figures,
})

export const topInstrument = z.object({
  /** Null when the instrument was deleted since: its lines are grouped by name. */
  instrumentId: z.number().int().nullable(),
  name: z.string(),
  /** Its lines' units not refunded, at the price paid. */
  revenueCents: cents,
  units: z.number().int(),
})

export const salesOverTime = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(SALES_BUCKETS),
  periods: z.array(salesPeriod),
  totals: z.object(figures),
  topInstruments: z.array(topInstrument),
})
export type SalesOverTime = z.output<typeof salesOverTime>
export type SalesPeriod = z.output<typeof salesPeriod>
export type TopInstrument = z.output<typeof topInstrument>

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`)
const isoDate = (at: Date) => at.toISOString().slice(0, 10)

/** The first day of the period `at` falls in: its UTC day, that week's Monday, that month's 1st. */
export function periodStart(at: Date, by: SalesBucket): string {
  const day = utcDay(isoDate(at))
  if (by === 'week') day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7))
  if (by === 'month') day.setUTCDate(1)
  return isoDate(day)
}

/** Every period from `from` to `to`, empty ones too, so a chart's axis has no holes. */
export function periodStarts(from: string, to: string, by: SalesBucket): string[] {
  const at = utcDay(periodStart(utcDay(from), by))
  const starts: string[] = []
  const end = utcDay(to)
  while (at <= end) {
    starts.push(isoDate(at))
    if (by === 'day') at.setUTCDate(at.getUTCDate() + 1)
    else if (by === 'week') at.setUTCDate(at.getUTCDate() + 7)
    else at.setUTCMonth(at.getUTCMonth() + 1)
  }
  return starts
}

/** What a period's paid sales add up to. */
export interface PeriodSums {
  revenueCents: number
  orders: number
  taxCents?: number | undefined
  shippingCents?: number | undefined
}

/** A period's figures: the average order to the cent, 0 without orders. */
export function periodFigures(start: string, sums: PeriodSums): SalesPeriod {
  const { revenueCents, orders } = sums
  const averageOrderCents = orders === 0 ? 0 : Math.round(revenueCents / orders)
  return {
    start,
    revenueCents,
    orders,
    averageOrderCents,
    taxCents: sums.taxCents ?? 0,
    shippingCents: sums.shippingCents ?? 0,
  }
}

/** The periods of a query from the sums found, and the totals over them. */
export function salesOverTimeOf(
  q: SalesOverTimeQuery,
  found: Map<string, PeriodSums>,
  topInstruments: TopInstrument[],
): SalesOverTime {
  const periods = periodStarts(q.from, q.to, q.by).map((start) =>
    periodFigures(start, found.get(start) ?? { revenueCents: 0, orders: 0 }),
  )
  const total = (figure: 'revenueCents' | 'orders' | 'taxCents' | 'shippingCents') =>
    periods.reduce((sum, p) => sum + p[figure], 0)
  const { start: _, ...totals } = periodFigures('', {
    revenueCents: total('revenueCents'),
    orders: total('orders'),
    taxCents: total('taxCents'),
    shippingCents: total('shippingCents'),
  })
  return { from: q.from, to: q.to, by: q.by, periods, totals, topInstruments }
}
