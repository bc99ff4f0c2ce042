import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { userQueries } from '../../api/users'
import { PurchaseHistory } from '../purchase-history/purchase-history'
import { DeleteAccountButton } from './delete-account-button'
import { DownloadDataButton } from './download-data-button'
import { EmailConfirmation } from './email-confirmation'
import './account.css'

export function ProfilePage() {
  const { data: me } = useSuspenseQuery(userQueries.me())
  const rows: [string, string | null][] = [
    ['User name', me.userName],
    ['First name', me.firstName],
    ['Last name', me.lastName],
    ['Email', me.email],
    ['Contact number', me.contactNumber],
    ['Address', me.buyerAddress],
    ['Role', me.rol],
  ]
  return (
    <section className="account-page account-page-wide">
      <h1>My profile</h1>
      <div className="account-card">
        <dl className="account-details">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value || '—'}</dd>
            </div>
          ))}
        </dl>
        <EmailConfirmation verified={me.emailVerified} />
        <div className="account-actions">
          <Link to="/user/info" className="account-button">
            Edit my information
          </Link>
          <Link to="/user/profile/resetpassword" className="account-button">
            Change Password
          </Link>
          <DownloadDataButton />
          <DeleteAccountButton hasPassword={me.hasPassword} />
        </div>
      </div>
      <PurchaseHistory />
    </section>
  )
}
