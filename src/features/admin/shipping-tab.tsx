import { useSuspenseQuery } from '@tanstack/react-query'
import { formatPrice } from '../../../contract/money'
import type { ShippingZone } from '../../../contract/pricing'
import { shippingZoneMutations, shippingZoneQueries } from '../../api/pricing'
import { tableSorts } from '../../lib/admin-search'
import { EntityTab } from './entity-tab'
import { ListTable } from './list-table'
import { PricingCreateForm } from './pricing-create-form'
import { useUrlTableView } from './use-admin-search'
import { EMPTY_ZONE, ZoneFields, zoneEditForm, zoneForm, zoneValues } from './zone-fields'

const countriesText = (zone: ShippingZone) =>
  [...zone.countries, ...(zone.coversRest ? ['every other country'] : [])].join(', ')

const methodsText = (zone: ShippingZone) =>
  zone.methods.map((method) => `${method.name} ${formatPrice(method.price)}`).join('; ')

export function ShippingTab() {
  const { data: zones } = useSuspenseQuery(shippingZoneQueries.list())
  const view = useUrlTableView(tableSorts.shipping)
  return (
    <EntityTab
      kind="Shipping zone"
      writes={shippingZoneMutations}
      rows={zones}
      rowName={(zone) => zone.name}
      table={(parts) => (
        <ListTable
          {...parts}
          rows={zones}
          view={view}
          columns={[
            { header: 'Id', value: (zone) => zone.id, sortKey: 'id' },
            { header: 'Name', value: (zone) => zone.name, sortKey: 'name' },
            { header: 'Countries', value: countriesText },
            { header: 'Methods', value: methodsText },
            { header: 'Active', value: (zone) => String(zone.active), sortKey: 'active' },
          ]}
          search={{
            label: 'Search zones by name or country',
            text: (zone) => [zone.name, ...zone.countries],
            noMatch: 'No zone matches',
          }}
          emptyText="No shipping zones yet: the shop charges no shipping"
        />
      )}
      createForm={(done) => (
        <PricingCreateForm
          title="New shipping zone"
          schema={zoneForm}
          defaults={EMPTY_ZONE}
          create={shippingZoneMutations.create()}
          fields={(form) => <ZoneFields form={form} />}
          onDone={done}
        />
      )}
      editSchema={zoneEditForm}
      editForm={{ values: zoneValues, body: (form) => <ZoneFields form={form} /> }}
    />
  )
}
