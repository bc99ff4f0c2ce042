import { useSuspenseQuery } from '@tanstack/react-query'
import { backOfficeQueries } from '../../api/back-office'
import SalesChart from './sales-chart'

/** Estadistica: the server's top 10 instruments, drawn with the chart's own (lazy) chunk. */
export default function TopSellersChart() {
  const { data: summary } = useSuspenseQuery(backOfficeQueries.salesSummary())
  return <SalesChart data={summary.topSellers} />
}
