import { useSuspenseQuery } from '@tanstack/react-query'
import { adminUpdateBody } from '../../../contract/users'
import { adminMutations, adminQueries } from '../../api/admins'
import { tableSorts } from '../../lib/admin-search'
import { AdminCreateForm } from './admin-create-form'
import { editFields } from './edit-fields'
import { EntityTab } from './entity-tab'
import { fullName } from './full-name'
import { ListTable } from './list-table'
import { useUrlTableView } from './use-admin-search'

export function AdminsTab() {
  const { data: admins } = useSuspenseQuery(adminQueries.list())
  const view = useUrlTableView(tableSorts.admins)
  return (
    <EntityTab
      kind="Admin"
      writes={adminMutations}
      rows={admins}
      rowName={(a) => a.userName}
      table={(parts) => (
        <ListTable
          {...parts}
          rows={admins}
          view={view}
          columns={[
            { header: 'FullName', value: fullName, sortKey: 'fullName' },
            { header: 'UserName', value: (a) => a.userName, sortKey: 'userName' },
            { header: 'Email', value: (a) => a.email, sortKey: 'email' },
            { header: 'Role', value: (a) => a.rol, sortKey: 'rol' },
          ]}
          search={{
            label: 'Search admins by userName',
            text: (a) => a.userName,
            noMatch: 'Admin not found',
          }}
          emptyText="There are no Admins"
        />
      )}
      createForm={(done) => <AdminCreateForm onDone={done} />}
      editFields={editFields('Admin')}
      editSchema={adminUpdateBody}
    />
  )
}
