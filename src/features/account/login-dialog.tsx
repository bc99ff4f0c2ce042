import { Dialog } from '../../components/dialog'
import { usePanelsStore } from '../../stores/panels'
import { LoginForm } from './login-form'

export default function LoginDialog() {
  const closePanel = usePanelsStore((s) => s.closePanel)
  return (
    <Dialog open title="Sign In" onClose={closePanel} width={440}>
      <LoginForm inPanel />
    </Dialog>
  )
}
