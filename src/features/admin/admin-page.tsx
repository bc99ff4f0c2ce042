import { getRouteApi, Link, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { type AdminTab, adminTabs } from '../../lib/admin-tabs'
import { useSession } from '../../stores/session'
import { useLogOut } from '../account/use-log-out'
import { AdminsTab } from './admins-tab'
import { CategoriesTab } from './categories-tab'
import { HistoryshopsTab } from './historyshops-tab'
import { InstrumentsTab } from './instruments-tab'
import { ProfileTab } from './profile-tab'
import { UsersTab } from './users-tab'
import './admin.css'
import './admin-frame.css'

const route = getRouteApi('/admin/')

const tabLabels: Record<AdminTab, string> = {
  instruments: 'Instruments',
  users: 'Users',
  categories: 'Categories',
  admins: 'Admins',
  historyshops: 'Historyshops',
  profile: 'Profile',
  audit: 'Audit',
  shipping: 'Shipping',
  taxes: 'Taxes',
  discounts: 'Discounts',
}

// Its own chunk: opening the back office costs nothing of the audit trail until the tab is opened.
const AuditTab = lazy(() => import('./audit-tab').then((m) => ({ default: m.AuditTab })))
// The pricing tabs likewise, one chunk for the three (tab-queries.ts loads it with their data).
const pricingTab = (name: 'ShippingTab' | 'TaxesTab' | 'DiscountsTab') =>
  lazy(() => import('./pricing-tabs').then((m) => ({ default: m[name] })))
const ShippingTab = pricingTab('ShippingTab')
const TaxesTab = pricingTab('TaxesTab')
const DiscountsTab = pricingTab('DiscountsTab')

const loading = (Tab: React.ComponentType) => () => (
  <Suspense fallback={<p className="admin-loading">Loading…</p>}>
    <Tab />
  </Suspense>
)

const panels: Record<AdminTab, () => React.JSX.Element> = {
  instruments: InstrumentsTab,
  users: UsersTab,
  categories: CategoriesTab,
  admins: AdminsTab,
  historyshops: HistoryshopsTab,
  profile: ProfileTab,
  audit: () => (
    <Suspense fallback={<p className="admin-loading">Loading the audit trail…</p>}>
      <AuditTab />
    </Suspense>
  ),
  shipping: loading(ShippingTab),
  taxes: loading(TaxesTab),
  discounts: loading(DiscountsTab),
}

export function AdminPage() {
  const { tab } = route.useSearch()
  const session = useSession()
  const logOut = useLogOut()
  const Panel = panels[tab]
  // The router marks the clicked tab current at once (aria-current from its Link), while the
  // panel below still shows the previous tab until the new one's data has loaded: busy meanwhile.
  const switching = useRouterState({ select: (state) => state.status === 'pending' })

  return (
    <section className="admin" aria-label="Admin back office">
      <header className="admin-bar" data-top-bar>
        <Link to="/" className="admin-logo">
          Instrument Shop
        </Link>
        <nav className="admin-tabs" aria-label="Back office">
          {adminTabs.map((name) => (
            <Link key={name} to="/admin" search={{ tab: name }} className="admin-tab">
              {tabLabels[name]}
            </Link>
          ))}
        </nav>
        <p className="admin-greeting">Welcome {session?.userName}</p>
        <button type="button" className="button admin-logout" onClick={() => void logOut()}>
          Log out
        </button>
      </header>
      <h1 className="admin-title">{tabLabels[tab]}</h1>
      {/* Keyed by tab: switching tabs closes any open create form or dialog (docs/product.md §4). */}
      <div className="admin-panel" key={tab} aria-busy={switching}>
        <Panel />
      </div>
    </section>
  )
}
