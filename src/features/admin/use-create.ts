import { useMutation } from '@tanstack/react-query'
import { submitDelay } from '../../lib/submit-delay'
import { notify } from '../../lib/toast'
import { type CreateBodies, createEntity } from './admin-mutations'
import type { EntityKind } from './entity-kind'

/**
 * A create form's submit: wait the spec's 400 ms, send, show the server's message (spec 8:
 * failures show its error text) and close the form on success.
 */
export function useCreate<K extends EntityKind>(kind: K, onDone: () => void) {
  const mutation = useMutation({
    ...createEntity(kind),
    onSuccess: (response) => {
      notify.success(response.ok)
      onDone()
    },
    onError: (error) => notify.error(error.message),
  })
  const submit = async (body: CreateBodies[K]) => {
    await submitDelay()
    await mutation.mutateAsync(body).catch(() => undefined)
  }
  return { submit, isPending: mutation.isPending }
}
