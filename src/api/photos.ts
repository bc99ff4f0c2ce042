import { mutationOptions } from '@tanstack/react-query'
import type { MessageResponse } from '../../contract/rules'
import { api } from './http'

export type PhotoUploaded = MessageResponse & { img: string }

// The server reads what the file is from its bytes: the type the browser guessed from its name
// is not sent.
export const photoMutations = {
  upload: () =>
    mutationOptions({
      mutationFn: (photo: Blob) =>
        api<PhotoUploaded>('post', 'photos', {
          body: photo,
          headers: { 'Content-Type': 'application/octet-stream' },
          // 10 MB up a slow line, then the variants to make.
          timeout: 120_000,
        }),
      meta: { errorToast: false },
    }),
}
