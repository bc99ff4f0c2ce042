import { useMutation } from '@tanstack/react-query'
import { type DragEvent, useId, useRef, useState } from 'react'
import { PHOTO_ACCEPT, PHOTO_LIMITS } from '../../../contract/photos'
import { photoMutations } from '../../api/photos'
import { InstrumentPicture } from '../../components/instrument-picture'
import './photo-field.css'

const MB = 1024 * 1024
export const PHOTO_TOO_LARGE = `The photo is larger than ${PHOTO_LIMITS.bytes / MB} MB`

/**
 * An instrument's photo from the admin's files, dropped or chosen: uploaded at once,
 * and its URL handed to the form's `img`. What the file is, the server decides from its bytes.
 */
export function PhotoField({ onUploaded }: { onUploaded: (img: string) => void }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [tooLarge, setTooLarge] = useState(false)
  const [over, setOver] = useState(false)
  const upload = useMutation({
    ...photoMutations.upload(),
    onSuccess: (answer) => onUploaded(answer.img),
  })

  function send(file: File | undefined) {
    if (!file) return
    upload.reset()
    // Refused here as the server would: no point sending 40 MB to hear it.
    setTooLarge(file.size > PHOTO_LIMITS.bytes)
    if (file.size <= PHOTO_LIMITS.bytes) upload.mutate(file)
  }
  function drop(event: DragEvent) {
    event.preventDefault()
    setOver(false)
    send(event.dataTransfer.files[0])
  }

  const error = tooLarge ? PHOTO_TOO_LARGE : upload.error?.message
  const status = upload.isPending
    ? 'Uploading the photo…'
    : upload.isSuccess
      ? 'Photo uploaded: it is the image of this instrument'
      : ''
  return (
    <fieldset
      className={`photo-field${over ? ' photo-field-over' : ''}`}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      onDragOver={(event) => {
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <legend>or upload a photo</legend>
      <p id={`${id}-hint`} className="photo-field-hint">
        Drop it here or choose one: JPEG, PNG, WebP or AVIF, up to {PHOTO_LIMITS.bytes / MB} MB.
      </p>
      {upload.data && (
        <InstrumentPicture
          src={upload.data.img}
          className="photo-field-preview"
          width={64}
          height={64}
          sizes="64px"
        />
      )}
      <button
        type="button"
        className="button"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        Choose a photo
      </button>
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        hidden
        data-testid="photo-file"
        onChange={(event) => {
          send(event.target.files?.[0])
          event.target.value = ''
        }}
      />
      <p className="photo-field-status" role="status">
        {status}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
