import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatCents } from '../../../contract/money'
import { SALES_BUCKETS, type SalesBucket } from '../../../contract/sales-over-time'
import { salesOverTimeQueries } from '../../api/sales-over-time'
import { MEASURES, type Measure, PeriodChart, TopInstrumentsChart } from './sales-over-time-charts'
import { LAST_30_DAYS, PRESETS, periodLabel, presetPeriod } from './sales-period'
import './sales-over-time.css'

const BY_LABEL: Record<SalesBucket, string> = { day: 'Day', week: 'Week', month: 'Month' }

// Historyshops' third view: revenue net of refunds, orders and average order value per
// day, week or month over a chosen period, and the instruments that earned most in it. The
// server sums (GET /api/sales/over-time); the view only draws.
export default function SalesOverTime() {
  const [period, setPeriod] = useState(() => presetPeriod(LAST_30_DAYS))
  const [measure, setMeasure] = useState<Measure>('revenueCents')
  const { data, error, isFetching } = useQuery(salesOverTimeQueries.period(period))
  const change = (field: 'from' | 'to') => (event: React.ChangeEvent<HTMLInputElement>) => {
    // A date input answers '' while a date is half typed: keep the last whole one.
    if (event.target.value) setPeriod({ ...period, [field]: event.target.value })
  }

  return (
    <section
      className="sales-over-time"
      aria-labelledby="sales-over-time-title"
      aria-busy={isFetching}
    >
      <h2 id="sales-over-time-title">Sales over time</h2>
      <form className="sales-period" onSubmit={(e) => e.preventDefault()}>
        <fieldset className="admin-toggle">
          <legend className="visually-hidden">The last</legend>
          {PRESETS.map((preset) => {
            const chosen = presetPeriod(preset)
            const pressed =
              chosen.from === period.from && chosen.to === period.to && chosen.by === period.by
            return (
              <button
                key={preset.label}
                type="button"
                aria-pressed={pressed}
                onClick={() => setPeriod(chosen)}
              >
                {preset.label}
              </button>
            )
          })}
        </fieldset>
        <div className="sales-period-fields">
          <label>
            From
            <input type="date" value={period.from} onChange={change('from')} required />
          </label>
          <label>
            To
            <input type="date" value={period.to} onChange={change('to')} required />
          </label>
          <label>
            By
            <select
              value={period.by}
              onChange={(e) => setPeriod({ ...period, by: e.target.value as SalesBucket })}
            >
              {SALES_BUCKETS.map((by) => (
                <option key={by} value={by}>
                  {BY_LABEL[by]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="sales-period-note">Days in UTC. Refunds count against the day of the sale.</p>
      </form>
      {error && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
      {!data && !error && <p className="admin-loading">Loading the sales…</p>}
      {data && (
        <>
          <dl className="sales-totals">
            <div>
              <dt>Revenue</dt>
              <dd>{formatCents(data.totals.revenueCents)}</dd>
            </div>
            <div>
              <dt>Orders</dt>
              <dd>{data.totals.orders}</dd>
            </div>
            <div>
              <dt>Average order</dt>
              <dd>{formatCents(data.totals.averageOrderCents)}</dd>
            </div>
          </dl>
          <fieldset className="admin-toggle">
            <legend className="visually-hidden">Chart</legend>
            {MEASURES.map((m) => (
              <button
                key={m.key}
                type="button"
                aria-pressed={measure === m.key}
                onClick={() => setMeasure(m.key)}
              >
                {m.label}
              </button>
            ))}
          </fieldset>
          <PeriodChart periods={data.periods} by={data.by} measure={measure} />
          <details className="sales-periods">
            <summary>Figures per {data.by}</summary>
            <table className="sales-periods-table">
              <caption className="visually-hidden">Figures per {data.by}</caption>
              <thead>
                <tr>
                  <th scope="col">{BY_LABEL[data.by]}</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Average order</th>
                </tr>
              </thead>
              <tbody>
                {data.periods.map((p) => (
                  <tr key={p.start}>
                    <th scope="row">{periodLabel(p.start, data.by)}</th>
                    <td>{formatCents(p.revenueCents)}</td>
                    <td>{p.orders}</td>
                    <td>{formatCents(p.averageOrderCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <TopInstrumentsChart rows={data.topInstruments} />
        </>
      )}
    </section>
  )
}
