import { useSuspenseQuery } from '@tanstack/react-query'
import { userAdminUpdateBody } from '../../../contract/users'
import { userMutations, userQueries } from '../../api/users'
import { editFields } from './edit-fields'
import { EntityTab } from './entity-tab'
import { fullName } from './full-name'
import { UserCreateForm } from './user-create-form'

export function UsersTab() {
  const { data: users } = useSuspenseQuery(userQueries.list())
  return (
    <EntityTab
      kind="User"
      writes={userMutations}
      rows={users}
      columns={[
        { header: 'FullName', value: fullName },
        { header: 'UserName', value: (u) => u.userName },
        { header: 'Email', value: (u) => u.email },
        { header: 'Role', value: (u) => u.rol },
      ]}
      search={{
        label: 'Search users by userName',
        text: (u) => u.userName,
        noMatch: 'User no encontrado',
      }}
      emptyText="There are no users"
      rowName={(u) => u.userName}
      createForm={(done) => <UserCreateForm onDone={done} />}
      editFields={editFields('User')}
      editSchema={userAdminUpdateBody}
    />
  )
}
