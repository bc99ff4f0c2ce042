import { ResponsiveBar } from '@nivo/bar'
import { formatCents } from '../../../contract/money'
import type { SalesBucket, SalesPeriod, TopInstrument } from '../../../contract/sales-over-time'
import { useMediaQuery } from '../../lib/use-media-query'
import { periodLabel } from './sales-period'

const NARROW = '(max-width: 600px)'
const BRAND = '#1f2a44'

export type Measure = 'revenueCents' | 'orders' | 'averageOrderCents'

export const MEASURES: { key: Measure; label: string }[] = [
  { key: 'revenueCents', label: 'Revenue' },
  { key: 'orders', label: 'Orders' },
  { key: 'averageOrderCents', label: 'Average order' },
]

const show = (measure: Measure, value: number) =>
  measure === 'orders' ? String(value) : formatCents(value)

export function PeriodChart({
  periods,
  by,
  measure,
}: {
  periods: SalesPeriod[]
  by: SalesBucket
  measure: Measure
}) {
  const narrow = useMediaQuery(NARROW)
  const label = MEASURES.find((m) => m.key === measure)?.label ?? measure
  // Nivo wants an index signature; a label under every bar of a year of days would overlap.
  const rows = periods.map((p) => ({ start: p.start, value: p[measure] }))
  const every = Math.max(1, Math.ceil(rows.length / (narrow ? 4 : 10)))
  const ticks = rows.filter((_, i) => i % every === 0).map((r) => r.start)
  return (
    <figure className="admin-chart sales-chart-figure" aria-labelledby="sales-period-chart-title">
      <figcaption id="sales-period-chart-title">
        {label} per {by}
      </figcaption>
      <div className="admin-chart-canvas" style={{ height: narrow ? 240 : 300 }}>
        <ResponsiveBar
          data={rows}
          keys={['value']}
          indexBy="start"
          margin={{ top: 10, right: 12, bottom: 48, left: narrow ? 64 : 84 }}
          padding={rows.length > 60 ? 0.05 : 0.25}
          colors={[BRAND]}
          enableLabel={false}
          valueFormat={(value) => show(measure, value)}
          axisBottom={{
            tickValues: ticks,
            tickSize: 4,
            format: (start) => periodLabel(String(start), by).replace('Week of ', ''),
          }}
          axisLeft={{
            tickValues: 5,
            format: (value) => (measure === 'orders' ? String(value) : formatCents(Number(value))),
          }}
          role="img"
          ariaLabel={`${label} per ${by}, from ${periodLabel(rows[0]?.start ?? '', by)} to ${periodLabel(rows.at(-1)?.start ?? '', by)}`}
        />
      </div>
    </figure>
  )
}

export function TopInstrumentsChart({ rows }: { rows: TopInstrument[] }) {
  const narrow = useMediaQuery(NARROW)
  // Nivo draws the first row at the bottom; the best earner reads best on top.
  const data = [...rows].reverse().map((r) => ({ name: r.name, revenue: r.revenueCents }))
  return (
    <figure className="admin-chart sales-chart-figure" aria-labelledby="sales-top-title">
      <figcaption id="sales-top-title">Top instruments by revenue</figcaption>
      {rows.length === 0 ? (
        <p className="admin-empty">No instrument sold in this period</p>
      ) : (
        <>
          <div
            className="admin-chart-canvas"
            style={{ height: Math.max(160, data.length * 36 + 60) }}
          >
            <ResponsiveBar
              data={data}
              keys={['revenue']}
              indexBy="name"
              layout="horizontal"
              margin={{ top: 6, right: 16, bottom: 40, left: narrow ? 96 : 170 }}
              padding={0.3}
              colors={[BRAND]}
              enableLabel={false}
              valueFormat={(value) => formatCents(value)}
              axisBottom={{ tickValues: narrow ? 3 : 5, format: (v) => formatCents(Number(v)) }}
              axisLeft={{ tickSize: 0, tickPadding: 6, truncateTickAt: narrow ? 12 : 24 }}
              enableGridX
              enableGridY={false}
              role="img"
              ariaLabel="Top instruments by revenue"
            />
          </div>
          <ol className="sales-top-list">
            {rows.map((r) => (
              <li key={`${r.instrumentId ?? 'deleted'}:${r.name}`}>
                <span>{r.name}</span>
                <span>
                  {formatCents(r.revenueCents)} · {r.units} {r.units === 1 ? 'unit' : 'units'}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </figure>
  )
}
