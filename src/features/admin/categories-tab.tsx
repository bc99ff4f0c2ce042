import { useSuspenseQuery } from '@tanstack/react-query'
import { categoryUpdateBody } from '../../../contract/catalog'
import { categoryMutations, categoryQueries } from '../../api/categories'
import { tableSorts } from '../../lib/admin-search'
import { CategoryCreateForm } from './category-create-form'
import { editFields } from './edit-fields'
import { EntityTab } from './entity-tab'
import { ListTable } from './list-table'
import { useUrlTableView } from './use-admin-search'

export function CategoriesTab() {
  const { data: categories } = useSuspenseQuery(categoryQueries.list())
  const view = useUrlTableView(tableSorts.categories)
  return (
    <EntityTab
      kind="Category"
      writes={categoryMutations}
      rows={categories}
      rowName={(c) => c.name}
      table={(parts) => (
        <ListTable
          {...parts}
          rows={categories}
          view={view}
          columns={[
            { header: 'Category_id', value: (c) => c.id, sortKey: 'id' },
            { header: 'name', value: (c) => c.name, sortKey: 'name' },
            { header: 'isBanned', value: (c) => String(c.isBanned), sortKey: 'isBanned' },
          ]}
          search={{
            label: 'Search categories by name',
            text: (c) => c.name,
            noMatch: 'Category no encontrada',
          }}
          // docs/product.md §2 gives the categories tab this empty text, sic.
          emptyText="No hay Admins"
        />
      )}
      createForm={(done) => <CategoryCreateForm onDone={done} />}
      editFields={editFields('Category')}
      editSchema={categoryUpdateBody}
    />
  )
}
