import { userAdminUpdateBody } from '../../../contract/users'
import { backOfficeQueries } from '../../api/back-office'
import { userMutations } from '../../api/users'
import { editFields } from './edit-fields'
import { EntityTab } from './entity-tab'
import { fullName } from './full-name'
import { ServerTable } from './server-table'
import { tableQueries } from './tab-queries'
import { useAdminList } from './use-admin-list'
import { UserCreateForm } from './user-create-form'

export function UsersTab() {
  const list = useAdminList(backOfficeQueries.users, tableQueries.users, 'User no encontrado')
  return (
    <EntityTab
      kind="User"
      writes={userMutations}
      rows={list.rows}
      rowName={(u) => u.userName}
      table={(parts) => (
        <ServerTable
          {...parts}
          rows={list.rows}
          paging={list.server}
          columns={[
            { header: 'FullName', value: fullName, sortKey: 'fullName' },
            { header: 'UserName', value: (u) => u.userName, sortKey: 'userName' },
            { header: 'Email', value: (u) => u.email, sortKey: 'email' },
            { header: 'Role', value: (u) => u.rol, sortKey: 'rol' },
          ]}
          search={{
            label: 'Search users by userName',
            noMatch: 'User no encontrado',
          }}
          emptyText={list.data ? 'There are no users' : 'Loading…'}
        />
      )}
      createForm={(done) => <UserCreateForm onDone={done} />}
      editFields={editFields('User')}
      editSchema={userAdminUpdateBody}
    />
  )
}
