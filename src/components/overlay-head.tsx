import { LineIcon } from './line-icon'

export function OverlayHead({
  titleId,
  title,
  onClose,
}: {
  titleId: string
  title: React.ReactNode
  onClose: () => void
}) {
  return (
    <div className="ui-overlay-head">
      <h2 id={titleId}>{title}</h2>
      <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
        <LineIcon d="M6 6l12 12M18 6L6 18" />
      </button>
    </div>
  )
}
