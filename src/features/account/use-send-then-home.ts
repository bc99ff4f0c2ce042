import { type UseMutationOptions, useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { MessageResponse } from '../../../contract/rules'
import { notify } from '../../lib/toast'

export function useSendThenHome<Body>(send: UseMutationOptions<MessageResponse, Error, Body>) {
  const navigate = useNavigate()
  return useMutation({
    ...send,
    onSuccess: async ({ ok }) => {
      notify.success(ok)
      await navigate({ to: '/' })
    },
  })
}
