import { useSuspenseQuery } from '@tanstack/react-query'
import { adminUpdateBody } from '../../../contract/users'
import { adminMutations, adminQueries } from '../../api/admins'
import { AdminCreateForm } from './admin-create-form'
import { editFields } from './edit-fields'
import { EntityTab } from './entity-tab'
import { fullName } from './full-name'

export function AdminsTab() {
  const { data: admins } = useSuspenseQuery(adminQueries.list())
  return (
    <EntityTab
      kind="Admin"
      writes={adminMutations}
      rows={admins}
      columns={[
        { header: 'FullName', value: fullName },
        { header: 'UserName', value: (a) => a.userName },
        { header: 'Email', value: (a) => a.email },
        { header: 'Role', value: (a) => a.rol },
      ]}
      search={{
        label: 'Search admins by userName',
        text: (a) => a.userName,
        noMatch: 'Admin not found',
      }}
      emptyText="There are no Admins"
      rowName={(a) => a.userName}
      createForm={(done) => <AdminCreateForm onDone={done} />}
      editFields={editFields('Admin')}
      editSchema={adminUpdateBody}
    />
  )
}
