import { adminRegisterBody } from '../../../contract/users'
import { adminMutations } from '../../api/admins'
import { AccountCreateForm } from './account-create-form'

export function AdminCreateForm({ onDone }: { onDone: () => void }) {
  return (
    <AccountCreateForm
      schema={adminRegisterBody}
      create={adminMutations.create()}
      textFields={[
        { name: 'firstName' },
        { name: 'lastName' },
        { name: 'email', type: 'email' },
        { name: 'userName' },
        { name: 'password', type: 'password' },
      ]}
      role={{ label: 'rol', options: ['admin', 'banned'] }}
      title="Registrar una nueva"
      submitLabel="Aceptar"
      cancelLabel="Cancelar"
      onDone={onDone}
    />
  )
}
