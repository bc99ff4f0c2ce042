import { Link } from '@tanstack/react-router'
import { usePanelsStore } from '../../stores/panels'
import { useSession } from '../../stores/session'
import { useLogOut } from './use-log-out'
import './account-nav.css'

// The navigation bar's account items (spec 2); `layout="stacked"` is the small-screen menu,
// which the frame closes on navigation.
export function AccountNav({ layout = 'inline' }: { layout?: 'inline' | 'stacked' }) {
  const session = useSession()
  const openPanel = usePanelsStore((s) => s.openPanel)
  const logOut = useLogOut()
  const className = `account-nav account-nav-${layout}`

  if (!session) {
    return (
      <div className={className}>
        <button type="button" className="account-nav-item" onClick={() => openPanel('login')}>
          Sign In
        </button>
        <Link to="/signup" className="account-nav-item">
          Sign Up
        </Link>
      </div>
    )
  }
  return (
    <div className={className}>
      <Link to="/user/Profile" className="account-nav-item">
        Profile
      </Link>
      <button type="button" className="account-nav-item" onClick={() => void logOut()}>
        Log out
      </button>
      <span className="account-nav-welcome">
        Welcome <strong>{session.userName}</strong>
      </span>
    </div>
  )
}
