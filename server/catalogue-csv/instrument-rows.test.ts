import { describe, expect, it } from 'vitest'
import { MAX_IMPORT_ROWS, readInstrumentRows } from './instrument-rows'

const header = 'name,brand,price,img,description,stock,status,category'
const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => `Kazoo ${i},Acme,5,/k.webp,A kazoo,1,New,Wind`)

describe('the size of an import', () => {
  it(`takes ${MAX_IMPORT_ROWS.toLocaleString('en')} instruments and refuses one more, naming the file`, async () => {
    const most = await readInstrumentRows([header, ...rowsOf(MAX_IMPORT_ROWS)].join('\n'))
    expect(most.problems).toEqual([])
    expect(most.rows).toHaveLength(MAX_IMPORT_ROWS)
    const over = await readInstrumentRows([header, ...rowsOf(MAX_IMPORT_ROWS + 1)].join('\n'))
    expect(over.rows).toEqual([])
    expect(over.problems).toEqual([
      {
        line: 1,
        field: 'file',
        error: 'the file has 50,001 instruments: at most 50,000 an import',
      },
    ])
  })
})
