import type { ImportProblem } from '../../../contract/catalogue-csv'

// A file of 10,000 bad rows would draw 10,000 table rows: the first ones say what to fix.
const SHOWN = 100

export function ImportProblems({ problems }: { problems: ImportProblem[] }) {
  const shown = problems.slice(0, SHOWN)
  return (
    <section
      className="catalogue-import-problems"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard
      tabIndex={0}
      aria-label="Problems in the file"
    >
      <table className="catalogue-import-table">
        <caption>Problems in the file, by line</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((p) => (
            <tr key={`${p.line}-${p.field}-${p.error}`}>
              <td>{p.line}</td>
              <td>{p.field}</td>
              <td>{p.error}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {problems.length > SHOWN && (
        <p className="admin-note">…and {problems.length - SHOWN} more problems.</p>
      )}
    </section>
  )
}
