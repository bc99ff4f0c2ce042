import { Skeleton } from '../../components/skeleton'
import './account.css'

const DETAILS = ['user', 'first', 'last', 'email', 'phone', 'address', 'role']

/** /user/Profile while the account and its purchases load: the page's frame, greyed. */
export function ProfileSkeleton() {
  return (
    <section className="account-page account-page-wide" aria-busy="true">
      <h1>My profile</h1>
      <p className="visually-hidden" role="status">
        Loading your profile
      </p>
      <div className="account-card">
        {DETAILS.map((detail) => (
          <Skeleton key={detail} className="skeleton-line profile-skeleton-line" />
        ))}
      </div>
      <Skeleton className="skeleton-fill profile-skeleton-history" />
    </section>
  )
}
