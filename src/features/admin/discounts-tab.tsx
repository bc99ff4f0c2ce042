import { useSuspenseQuery } from '@tanstack/react-query'
import { formatPrice } from '../../../contract/money'
import { type DiscountCode, discountCodeBody } from '../../../contract/pricing'
import { discountCodeMutations, discountCodeQueries } from '../../api/pricing'
import { tableSorts } from '../../lib/admin-search'
import { codeValues, DiscountFields, discountEditForm, EMPTY_CODE } from './discount-fields'
import { EntityTab } from './entity-tab'
import { ListTable } from './list-table'
import { PricingCreateForm } from './pricing-create-form'
import { useUrlTableView } from './use-admin-search'

const valueText = (code: DiscountCode) =>
  code.kind === 'percent' ? `${code.value} %` : formatPrice(code.value)

const usesText = (code: DiscountCode) =>
  code.maxUses === null ? String(code.uses) : `${code.uses} of ${code.maxUses}`

// Whole days, as the form sets them.
const day = (moment: string | null) => moment?.slice(0, 10)
const periodText = (code: DiscountCode) =>
  [code.startsAt && `from ${day(code.startsAt)}`, code.endsAt && `until ${day(code.endsAt)}`]
    .filter(Boolean)
    .join(' ') || 'always'

export function DiscountsTab() {
  const { data: codes } = useSuspenseQuery(discountCodeQueries.list())
  const view = useUrlTableView(tableSorts.discounts)
  return (
    <EntityTab
      kind="Discount code"
      writes={discountCodeMutations}
      rows={codes}
      rowName={(code) => code.code}
      table={(parts) => (
        <ListTable
          {...parts}
          rows={codes}
          view={view}
          columns={[
            { header: 'Id', value: (code) => code.id, sortKey: 'id' },
            { header: 'Code', value: (code) => code.code, sortKey: 'code' },
            { header: 'Value', value: valueText, sortKey: 'value' },
            {
              header: 'Minimum',
              value: (code) => (code.minSubtotal === null ? '—' : formatPrice(code.minSubtotal)),
            },
            { header: 'Uses', value: usesText, sortKey: 'uses' },
            { header: 'Valid', value: periodText, sortKey: 'endsAt' },
            { header: 'Active', value: (code) => String(code.active), sortKey: 'active' },
          ]}
          search={{
            label: 'Search discount codes',
            text: (code) => code.code,
            noMatch: 'No discount code matches',
          }}
          emptyText="No discount codes yet"
        />
      )}
      createForm={(done) => (
        <PricingCreateForm
          title="New discount code"
          schema={discountCodeBody}
          defaults={EMPTY_CODE}
          create={discountCodeMutations.create()}
          fields={(form) => <DiscountFields form={form} />}
          onDone={done}
        />
      )}
      editSchema={discountEditForm}
      editForm={{ values: codeValues, body: (form) => <DiscountFields form={form} /> }}
    />
  )
}
