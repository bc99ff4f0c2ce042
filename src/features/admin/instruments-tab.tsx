import { useSuspenseQuery } from '@tanstack/react-query'
import { instrumentUpdateBody } from '../../../contract/catalog'
import { categoryQueries } from '../../api/categories'
import { instrumentMutations, instrumentQueries } from '../../api/instruments'
import { CatalogueCsv } from './catalogue-csv'
import { editFields } from './edit-fields'
import { EntityTab } from './entity-tab'
import { InstrumentCreateForm } from './instrument-create-form'

export function InstrumentsTab() {
  const { data: instruments } = useSuspenseQuery(instrumentQueries.list())
  const { data: categories } = useSuspenseQuery(categoryQueries.list())
  return (
    <>
      <CatalogueCsv />
      <EntityTab
        kind="Instrument"
        writes={instrumentMutations}
        rows={instruments}
        columns={[
          { header: 'idInstrument', value: (i) => i.id },
          { header: 'Image', value: (i) => i.img },
          { header: 'Name', value: (i) => i.name },
          { header: 'Stock', value: (i) => i.stock },
          { header: 'isBanned', value: (i) => String(i.isBanned) },
        ]}
        search={{
          label: 'Search instruments by name',
          text: (i) => i.name,
          noMatch: 'Instrumento no encontrado',
        }}
        emptyText="No hay Instrumentos"
        rowName={(i) => i.name}
        createForm={(done) => <InstrumentCreateForm onDone={done} />}
        editFields={editFields('Instrument', categories)}
        editSchema={instrumentUpdateBody}
      />
    </>
  )
}
