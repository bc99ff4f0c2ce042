import type { FieldErrors } from 'react-hook-form'
import type { Category } from '../../../contract/catalog'
import type { EntityKind } from './entity-kind'

export interface Option {
  value: string
  label: string
}

export interface EditField {
  name: string
  label: string
  kind: 'text' | 'number' | 'tel' | 'select'
  readOnly: boolean
  options?: Option[]
}

// docs/product.md §2, generic edit modal. adminId (the admin who created the record) is set by the server,
// so it is shown but not editable.
const READ_ONLY = new Set(['id', 'dni', 'email', 'userName', 'adminId'])
const NUMERIC = new Set(['price', 'stock', 'lowStockThreshold', 'adminId'])
// Digits typed on a phone keypad, but kept as text: a seeded '+34 612 345 678' is no number.
const DIGITS = new Set(['dni', 'contactNumber'])

const attributes: Record<EntityKind, string[]> = {
  Instrument: [
    'id',
    'name',
    'brand',
    'price',
    'img',
    'description',
    'stock',
    // Blank: the shop's default threshold.
    'lowStockThreshold',
    'status',
    'category',
    'isBanned',
    'adminId',
  ],
  User: [
    'id',
    'dni',
    'firstName',
    'lastName',
    'email',
    'contactNumber',
    'userName',
    'buyerAddress',
    'rol',
  ],
  Category: ['id', 'name', 'isBanned'],
  Admin: ['id', 'firstName', 'lastName', 'email', 'userName', 'rol', 'adminId'],
  // Lists inside them (methods, categories): their forms are their own (zone-fields.tsx, discount-fields.tsx).
  'Shipping zone': [],
  'Discount code': [],
}

const options = (...values: string[]): Option[] => values.map((value) => ({ value, label: value }))

function dropdown(kind: EntityKind, name: string, categories: Category[]): Option[] | undefined {
  switch (name) {
    case 'rol':
      return kind === 'Admin' ? options('admin', 'banned') : options('user', 'banned')
    case 'status':
      return options('New', 'Used')
    case 'isBanned':
      return options('false', 'true')
    case 'category':
      return categories.map((c) => ({ value: String(c.id), label: c.name }))
    default:
      return undefined
  }
}

function inputKind(attribute: string): EditField['kind'] {
  if (NUMERIC.has(attribute)) return 'number'
  return DIGITS.has(attribute) ? 'tel' : 'text'
}

export function editFields(kind: EntityKind, categories: Category[] = []): EditField[] {
  return attributes[kind].map((attribute) => {
    const choices = dropdown(kind, attribute, categories)
    return {
      name: attribute === 'category' ? 'categoryId' : attribute,
      label: attribute,
      kind: choices ? 'select' : inputKind(attribute),
      readOnly: READ_ONLY.has(attribute),
      ...(choices && { options: choices }),
    }
  })
}

export function editValues(fields: EditField[], row: object): Record<string, string> {
  const record = row as Record<string, unknown>
  return Object.fromEntries(
    fields.map((field) => {
      const value = record[field.name]
      return [field.name, value === null || value === undefined ? '' : String(value)]
    }),
  )
}

export function editError(errors: FieldErrors, field: EditField): string | undefined {
  const error = errors[field.name]
  return error && `${field.label} : ${String(error.message ?? 'Invalid')}`
}
