import { mutationOptions } from '@tanstack/react-query'
import type { InstrumentCreateBody } from '../../../contract/catalog'
import type { MessageResponse } from '../../../contract/rules'
import type { AdminRegisterBody, UserCreateBody } from '../../../contract/users'
import { adminQueries } from '../../api/admins'
import { categoryQueries } from '../../api/categories'
import type { ApiError } from '../../api/http'
import { api } from '../../api/http'
import { instrumentQueries } from '../../api/instruments'
import { userQueries } from '../../api/users'
import type { EntityKind } from './entity-kind'

// The storefront lists instruments and the category filter: a change to either (a ban above
// all) must reach it without a reload, so both are stale after any catalogue write.
const catalogue = [instrumentQueries.all(), categoryQueries.all()]

const stale: Record<EntityKind, readonly (readonly unknown[])[]> = {
  Instrument: catalogue,
  Category: catalogue,
  User: [userQueries.all()],
  Admin: [adminQueries.all()],
}

const paths: Record<EntityKind, { create: string; update: string }> = {
  Instrument: { create: 'instruments', update: 'instruments' },
  Category: { create: 'category', update: 'category' },
  User: { create: 'users', update: 'users/admin' },
  Admin: { create: 'admins/register', update: 'admins' },
}

export interface CreateBodies {
  Instrument: InstrumentCreateBody
  Category: { name: string }
  User: UserCreateBody
  Admin: AdminRegisterBody
}

export const createEntity = <K extends EntityKind>(kind: K) =>
  mutationOptions<MessageResponse, ApiError, CreateBodies[K]>({
    mutationFn: (body) => api('post', paths[kind].create, { json: body }),
    meta: { invalidates: [...stale[kind]] },
  })

/** The edit modal's PUT: the body is what the kind's update schema produced. */
export const updateEntity = (kind: EntityKind) =>
  mutationOptions<MessageResponse, ApiError, unknown>({
    mutationFn: (body) => api('put', paths[kind].update, { json: body }),
    meta: { invalidates: [...stale[kind]] },
  })

/** Users go by path: the spec's id-less DELETE /users/ cannot work (ARCHITECTURE.md). */
export const deleteEntity = (kind: EntityKind) =>
  mutationOptions<MessageResponse, ApiError, number>({
    mutationFn: (id) => {
      switch (kind) {
        case 'Instrument':
          return api('delete', 'instruments', { json: { id } })
        case 'Category':
          return api('delete', 'category', { json: { id } })
        case 'Admin':
          return api('delete', 'admins', { json: { id } })
        case 'User':
          return api('delete', `users/${id}`)
      }
    },
    meta: { invalidates: [...stale[kind]] },
  })
