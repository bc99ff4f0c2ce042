import { type UseMutationOptions, useMutation } from '@tanstack/react-query'
import type { MessageResponse } from '../../../contract/rules'
import { notify } from '../../lib/toast'

export function useCreate<Body>(
  create: UseMutationOptions<MessageResponse, Error, Body>,
  onDone: () => void,
) {
  const mutation = useMutation({
    ...create,
    onSuccess: (response) => {
      notify.success(response.ok)
      onDone()
    },
  })
  const submit = (body: Body) => mutation.mutateAsync(body).catch(() => undefined)
  return { submit, isPending: mutation.isPending }
}
