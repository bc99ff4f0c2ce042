import { useSuspenseQuery } from '@tanstack/react-query'
import { instrumentUpdateBody } from '../../../contract/catalog'
import { backOfficeQueries } from '../../api/back-office'
import { categoryQueries } from '../../api/categories'
import { instrumentMutations, instrumentQueries } from '../../api/instruments'
import { CatalogueCsv } from './catalogue-csv'
import { editFields } from './edit-fields'
import { EntityTab } from './entity-tab'
import { InstrumentCreateForm } from './instrument-create-form'
import { ServerTable } from './server-table'
import { StockCell } from './stock-badge'
import { StockDefaultForm } from './stock-default-form'
import { type StockChoice, StockFilterSelect, stockChoices } from './stock-filter'
import { tableQueries } from './tab-queries'
import { useAdminList } from './use-admin-list'

export function InstrumentsTab() {
  const { data: categories } = useSuspenseQuery(categoryQueries.list())
  const list = useAdminList(
    backOfficeQueries.instruments,
    tableQueries.instruments,
    'Instrumento no encontrado',
  )
  const stock: StockChoice = list.search.stock ?? 'all'
  return (
    <>
      <CatalogueCsv />
      <EntityTab
        kind="Instrument"
        writes={instrumentMutations}
        rows={list.rows}
        rowName={(i) => i.name}
        table={(parts) => (
          <ServerTable
            {...parts}
            rows={list.rows}
            paging={list.server}
            columns={[
              { header: 'idInstrument', value: (i) => i.id, sortKey: 'id' },
              { header: 'Image', value: (i) => i.img, sortKey: 'img' },
              { header: 'Name', value: (i) => i.name, sortKey: 'name' },
              {
                header: 'Stock',
                value: (i) => i.stock,
                sortKey: 'stock',
                render: (i) => (
                  <StockCell stock={i.stock} level={i.stockLevel} threshold={i.threshold} />
                ),
              },
              { header: 'isBanned', value: (i) => String(i.isBanned), sortKey: 'isBanned' },
            ]}
            search={{
              label: 'Search instruments by name',
              noMatch: 'Instrumento no encontrado',
            }}
            emptyText={
              !list.data
                ? 'Loading…'
                : list.data.all === 0
                  ? 'No hay Instrumentos'
                  : `No instruments: ${stockChoices[stock]}`
            }
          />
        )}
        toolbar={
          <>
            <StockFilterSelect
              value={stock}
              onChange={(next) => list.refine({ stock: next === 'all' ? undefined : next })}
            />
            <StockDefaultForm />
          </>
        }
        createForm={(done) => <InstrumentCreateForm onDone={done} />}
        editFields={editFields('Instrument', categories)}
        editSchema={instrumentUpdateBody}
        fullRecord={instrumentQueries.detail}
      />
    </>
  )
}
