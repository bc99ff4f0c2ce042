import { Link } from '@tanstack/react-router'
import { usePanelsStore } from '../../stores/panels'
import { useSession } from '../../stores/session'
import { useLogOut } from './use-log-out'
import './account-nav.css'

/**
 * The navigation bar's account items (spec 2). Anonymous: Sign In (opens the login panel) and
 * Sign Up. Signed in: Profile, Log out and 'Welcome' with the user name.
 * `layout="stacked"` is for the small-screen menu; the bar itself lays them out inline. The
 * frame closes that menu on navigation, and opening the login panel replaces it.
 */
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
