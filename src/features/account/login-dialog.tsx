import { Dialog } from '../../components/dialog'
import { forgetReturnPath } from '../../lib/return-path'
import { usePanelsStore } from '../../stores/panels'
import { LoginForm } from './login-form'

export default function LoginDialog() {
  const closePanel = usePanelsStore((s) => s.closePanel)
  // Closed without signing in: the page they were going to is no longer the point.
  const close = () => {
    forgetReturnPath()
    closePanel()
  }
  return (
    <Dialog open title="Sign In" onClose={close} width={440}>
      <LoginForm inPanel />
    </Dialog>
  )
}
