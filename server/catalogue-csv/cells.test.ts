import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { neutraliseFormula, restoreFormula } from './cells'

describe('formula cells in a CSV export', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 555 0100', "'+1 555 0100"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ["'=already marked", "''=already marked"],
  ])('%j goes out as %j', (cell, exported) => {
    expect(neutraliseFormula(cell)).toBe(exported)
    expect(restoreFormula(exported)).toBe(cell)
  })

  it.each(['Stratocaster', "'quoted", '12.50', 'a=b', ' =spaced', ''])(
    'leaves %j as it is both ways',
    (cell) => {
      expect(neutraliseFormula(cell)).toBe(cell)
      expect(restoreFormula(cell)).toBe(cell)
    },
  )

  it('imports back any exported cell unchanged, and no exported cell starts a formula', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a', ' ') }),
        (cell) => {
          const exported = neutraliseFormula(cell)
          expect(restoreFormula(exported)).toBe(cell)
          expect(exported).not.toMatch(/^[=+\-@\t\r]/)
        },
      ),
    )
  })
})
