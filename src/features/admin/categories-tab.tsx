import { useSuspenseQuery } from '@tanstack/react-query'
import { categoryUpdateBody } from '../../../contract/catalog'
import { categoryMutations, categoryQueries } from '../../api/categories'
import { CategoryCreateForm } from './category-create-form'
import { editFields } from './edit-fields'
import { EntityTab } from './entity-tab'

export function CategoriesTab() {
  const { data: categories } = useSuspenseQuery(categoryQueries.list())
  return (
    <EntityTab
      kind="Category"
      writes={categoryMutations}
      rows={categories}
      columns={[
        { header: 'Category_id', value: (c) => c.id },
        { header: 'name', value: (c) => c.name },
        { header: 'isBanned', value: (c) => String(c.isBanned) },
      ]}
      search={{
        label: 'Search categories by name',
        text: (c) => c.name,
        noMatch: 'Category no encontrada',
      }}
      // docs/product.md §2 gives the categories tab this empty text, sic.
      emptyText="No hay Admins"
      rowName={(c) => c.name}
      createForm={(done) => <CategoryCreateForm onDone={done} />}
      editFields={editFields('Category')}
      editSchema={categoryUpdateBody}
    />
  )
}
