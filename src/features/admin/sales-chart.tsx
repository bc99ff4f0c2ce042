import { ResponsiveBar } from '@nivo/bar'
import { useMediaQuery } from '../../lib/use-media-query'
import type { TopSeller } from './sales-stats'

const NARROW = '(max-width: 600px)'

export default function SalesChart({ data }: { data: TopSeller[] }) {
  // Nivo draws the first row at the bottom; the best seller reads best on top.
  const rows = [...data].reverse()
  const narrow = useMediaQuery(NARROW)
  return (
    <figure className="admin-chart" aria-labelledby="sales-chart-title">
      <figcaption id="sales-chart-title">Instruments mas vendidos</figcaption>
      <div className="admin-chart-canvas" style={{ height: Math.max(220, rows.length * 44 + 90) }}>
        <ResponsiveBar
          data={rows}
          keys={['Porcentaje de venta']}
          indexBy="name"
          layout="horizontal"
          valueScale={{ type: 'linear', min: 0, max: 100 }}
          margin={{ top: 10, right: 16, bottom: 70, left: narrow ? 96 : 170 }}
          padding={0.3}
          colors={['#1f2a44']}
          valueFormat={(value) => `${value}%`}
          labelTextColor="#ffffff"
          axisBottom={{
            tickValues: narrow ? [0, 50, 100] : [0, 20, 40, 60, 80, 100],
            format: (value) => `${value}%`,
            legend: 'Porcentaje de venta',
            legendPosition: 'middle',
            legendOffset: 44,
          }}
          axisLeft={{ tickSize: 0, tickPadding: 6, truncateTickAt: narrow ? 12 : 24 }}
          enableGridX
          enableGridY={false}
          legends={[
            {
              dataFrom: 'keys',
              anchor: 'bottom-right',
              direction: 'row',
              translateY: 68,
              itemWidth: 150,
              itemHeight: 18,
              symbolSize: 12,
            },
          ]}
          role="img"
          ariaLabel="Instruments mas vendidos: porcentaje de venta"
        />
      </div>
      <ul className="visually-hidden">
        {data.map((row) => (
          <li key={row.name}>
            {row.name}: {row['Porcentaje de venta']}%
          </li>
        ))}
      </ul>
    </figure>
  )
}
