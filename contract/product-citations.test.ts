import { describe, expect, it } from 'vitest'

type Citation = { file: string; line: number; section: string }
type Checker = {
  citedSections: (text: string) => string[]
  productSections: (markdown: string) => Set<string>
  findCitations: () => Citation[]
  missingSections: () => Citation[]
}

// The one implementation is the script; a computed specifier keeps the untyped .mjs out of tsc.
const script = new URL('../scripts/check-product-citations.mjs', import.meta.url).href
const checker = (await import(script)) as Checker

describe('citations of the product rules', () => {
  it('reads both styles and lists of sections', () => {
    expect(checker.citedSections('// Spec 9: 10 per page')).toEqual(['9'])
    expect(checker.citedSections("describe('/checkout (spec 2, 4, 5)'")).toEqual(['2', '4', '5'])
    expect(checker.citedSections("Spec 2 and 4, /success. spec 3's `quanTities`")).toEqual([
      '2',
      '4',
      '3',
    ])
    expect(checker.citedSections('see docs/product.md §5, §8 and §9.')).toEqual(['5', '8', '9'])
    expect(checker.citedSections("the spec's 400 ms; smoke.spec.ts; inspect 3")).toEqual([])
  })

  it('reads the numbered headings of docs/product.md', () => {
    const headings = checker.productSections('# Title\n## 2. Screens\n### 2.1 Home\n## Notes 3\n')
    expect([...headings]).toEqual(['2', '2.1'])
  })

  it('finds a heading in docs/product.md for every section the code cites', () => {
    expect(checker.findCitations().length).toBeGreaterThan(0)
    expect(checker.missingSections()).toEqual([])
  })
})
