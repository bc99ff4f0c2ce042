/** The rows of a raw `db.execute`: PGlite answers `{ rows }`, postgres.js the rows themselves. */
export const resultRows = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows
