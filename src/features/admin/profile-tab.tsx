import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { adminQueries } from '../../api/admins'

export function ProfileTab() {
  const { data: me } = useSuspenseQuery(adminQueries.me())
  const rows: [string, string][] = [
    ['User name', me.userName],
    ['First name', me.firstName ?? ''],
    ['Last name', me.lastName ?? ''],
    ['Email', me.email],
    ['Role', me.rol || 'unknown'],
  ]
  return (
    <section className="admin-profile" aria-label="Profile">
      <dl className="admin-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {/* The accounts request page: signed in, it mails the link back to the admin reset page. */}
      <Link className="button button-primary" to="/user/profile/resetpassword">
        Change Password
      </Link>
    </section>
  )
}
