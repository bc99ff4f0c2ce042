import { userCreateBody } from '../../../contract/users'
import { userMutations } from '../../api/users'
import { AccountCreateForm } from './account-create-form'

export function UserCreateForm({ onDone }: { onDone: () => void }) {
  return (
    <AccountCreateForm
      schema={userCreateBody}
      create={userMutations.create()}
      textFields={[
        { name: 'dni', type: 'number' },
        { name: 'firstName' },
        { name: 'lastName' },
        { name: 'contactNumber', type: 'tel' },
        { name: 'email', type: 'email' },
        { name: 'userName' },
        { name: 'password', type: 'password' },
        { name: 'buyerAddress' },
      ]}
      role={{ label: 'role', options: ['user', 'banned'] }}
      title="Create a user"
      submitLabel="Accept"
      cancelLabel="Cancel"
      onDone={onDone}
    />
  )
}
