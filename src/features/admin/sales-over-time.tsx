// Historyshops' third view: revenue, orders and average order value over a period (issue 23).
export default function SalesOverTime() {
  return (
    <section className="sales-over-time" aria-labelledby="sales-over-time-title">
      <h2 id="sales-over-time-title">Sales over time</h2>
    </section>
  )
}
