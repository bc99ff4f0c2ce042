import { Suspense, useRef } from 'react'
import { Drawer } from '../../components/drawer'
import { LineIcon } from '../../components/line-icon'
import { usePanelsStore } from '../../stores/panels'
import { Banner } from './banner'
import { CategoryFilter, CategoryFilterSkeleton } from './category-filter'
import { InstrumentResults, InstrumentResultsSkeleton } from './instrument-results'
import { SortSelect } from './sort-select'
import { useHomeSearch } from './use-home-search'

export function HomePage() {
  const topRef = useRef<HTMLHeadingElement>(null)
  const filtersOpen = usePanelsStore((s) => s.open === 'filters')
  const openPanel = usePanelsStore((s) => s.openPanel)
  const closePanel = usePanelsStore((s) => s.closePanel)
  const { category } = useHomeSearch().controls

  return (
    <>
      <Banner />
      <section className="catalogue" aria-labelledby="catalogue-title">
        <div className="catalogue-head">
          <h1 id="catalogue-title" ref={topRef}>
            Our Instruments
          </h1>
          <div className="catalogue-tools">
            <button
              type="button"
              className="button filters-toggle"
              aria-haspopup="dialog"
              onClick={() => openPanel('filters')}
            >
              <LineIcon d="M4 6h16M7 12h10M10 18h4" size={18} />
              Filters
              {category && <span className="filters-active">: {category}</span>}
            </button>
            <SortSelect />
          </div>
        </div>
        <div className="catalogue-body">
          <aside className="catalogue-sidebar" aria-label="Filters">
            <Suspense fallback={<CategoryFilterSkeleton />}>
              <CategoryFilter />
            </Suspense>
          </aside>
          <div className="catalogue-results">
            <Suspense fallback={<InstrumentResultsSkeleton />}>
              <InstrumentResults topRef={topRef} />
            </Suspense>
          </div>
        </div>
      </section>
      <Drawer
        open={filtersOpen}
        onClose={closePanel}
        title="Filters"
        side="left"
        width={320}
        footer={
          <button type="button" className="button button-primary button-block" onClick={closePanel}>
            Show results
          </button>
        }
      >
        <Suspense fallback={<CategoryFilterSkeleton />}>
          <CategoryFilter />
        </Suspense>
      </Drawer>
    </>
  )
}
