// A spreadsheet runs a cell that starts with =, +, -, @ (or a tab or carriage return before one)
// as a formula: an instrument named `=HYPERLINK(…)` must reach the admin's spreadsheet as text.
// The export puts a ' before such a cell, as OWASP's CSV-injection advice says, and the import
// takes exactly one ' off again, so an exported file imported back changes nothing. A cell that
// already starts with quotes before a formula sign gets one more, so the two are inverse: the
// name `'=x` goes out as `''=x` and comes back as `'=x`.
const FORMULA_START = /^'*[=+\-@\t\r]/
const MARKED_FORMULA = /^'+[=+\-@\t\r]/

export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

export function restoreFormula(cell: string): string {
  return MARKED_FORMULA.test(cell) ? cell.slice(1) : cell
}
