import {
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
} from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { FieldValues } from 'react-hook-form'
import type { z } from 'zod'
import type { MessageResponse } from '../../../contract/rules'
import { notify } from '../../lib/toast'
import { ConfirmDialog } from './confirm-dialog'
import { type EditField, editValues } from './edit-fields'
import { type CustomEditForm, EditModal } from './edit-modal'
import { deleteMessages, type EntityKind } from './entity-kind'
import type { TableProps } from './table-view'

export interface EntityWrites<Body> {
  update: () => UseMutationOptions<MessageResponse, Error, Body>
  remove: () => UseMutationOptions<MessageResponse, Error, number>
}

interface EntityTabProps<T extends { id: number }, Body> {
  kind: EntityKind
  writes: EntityWrites<Body>
  rows: T[]
  rowName: (row: T) => string
  /** The tab's table (ListTable or ServerTable) of `rows`, with what this tab adds to it. */
  table: (parts: EntityTableParts<T>) => ReactNode
  createForm: (onDone: () => void) => ReactNode
  editFields?: EditField[]
  editSchema: z.ZodType<NoInfer<Body>, FieldValues>
  /** A record with lists inside (a zone's methods) edits in a form of its own, not field by field. */
  editForm?: CustomEditForm<T>
  /** A row of a paged table leaves fields out: the edit form reads the whole record first. */
  fullRecord?: (id: number) => { queryKey: QueryKey }
  toolbar?: ReactNode
}

/** What EntityTab gives its table: the caption, Create beside the search, each row's buttons. */
export type EntityTableParts<T> = Required<
  Pick<TableProps<T>, 'caption' | 'toolbar' | 'onSearch' | 'rowName' | 'onEdit' | 'onDelete'>
>

type Open = { type: 'create' } | { type: 'edit'; id: number } | { type: 'delete'; id: number }

export function EntityTab<T extends { id: number }, Body>(props: EntityTabProps<T, Body>) {
  const { kind, rows } = props
  const [open, setOpen] = useState<Open | null>(null)
  const close = () => setOpen(null)
  const current = open && open.type !== 'create' ? rows.find((r) => r.id === open.id) : undefined
  const messages = deleteMessages[kind]
  const deletion = props.writes.remove()
  const remove = useMutation({
    ...deletion,
    meta: { ...deletion.meta, errorToast: false },
    onSuccess: () => {
      notify.success(messages.success.title, { description: messages.success.description })
      close()
    },
    onError: (error) => {
      // The category's spec text has no reason; the server's (it still has instruments) helps.
      notify.error(messages.failure.title, {
        description: messages.failure.description ?? error.message,
      })
      close()
    },
  })

  return (
    <>
      {open?.type === 'create' && props.createForm(close)}
      {props.table({
        caption: `${kind} list`,
        rowName: props.rowName,
        // Searching closes an open create form.
        onSearch: () => setOpen((o) => (o?.type === 'create' ? null : o)),
        toolbar: (
          <>
            {props.toolbar}
            <button
              type="button"
              className="button button-primary"
              aria-expanded={open?.type === 'create'}
              onClick={() => setOpen({ type: 'create' })}
            >
              Create
            </button>
          </>
        ),
        onEdit: (row) => setOpen({ type: 'edit', id: row.id }),
        onDelete: (row) => setOpen({ type: 'delete', id: row.id }),
      })}
      {open?.type === 'edit' && current && (
        <WholeRecord id={current.id} query={props.fullRecord}>
          {(record) => (
            <EditModal
              key={current.id}
              kind={kind}
              fields={props.editFields ?? []}
              values={
                props.editForm
                  ? props.editForm.values(current)
                  : editValues(props.editFields ?? [], { ...record, ...current })
              }
              body={props.editForm?.body}
              schema={props.editSchema}
              update={props.writes.update}
              onClose={close}
            />
          )}
        </WholeRecord>
      )}
      {open?.type === 'delete' && current && (
        <ConfirmDialog
          title={`Seguro que deseas eliminar ${kind}`}
          text="Se borrará de forma permanente"
          subject={`${props.rowName(current)} (id ${current.id})`}
          confirmLabel="Eliminar"
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate(current.id)}
          onCancel={close}
        />
      )}
    </>
  )
}

function WholeRecord({
  id,
  query,
  children,
}: {
  id: number
  query?: (id: number) => { queryKey: QueryKey }
  children: (record: object) => ReactNode
}) {
  if (!query) return children({})
  return <LoadedRecord options={query(id) as UseQueryOptions<object>}>{children}</LoadedRecord>
}

function LoadedRecord({
  options,
  children,
}: {
  options: UseQueryOptions<object>
  children: (record: object) => ReactNode
}) {
  const loaded = useQuery(options)
  if (loaded.data) return children(loaded.data)
  return loaded.isError ? null : <p className="admin-loading">Loading…</p>
}
