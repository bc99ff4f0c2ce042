// A decorative icon drawn with one stroked path in a 24-unit box, in the text's colour. The
// button or link around it carries the name; the icon itself is hidden from screen readers.
export function LineIcon({
  d,
  size = 20,
  weight = 2,
  roundJoins = false,
}: {
  d: string
  size?: number
  weight?: number
  roundJoins?: boolean
}) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={weight}
        strokeLinecap="round"
        strokeLinejoin={roundJoins ? 'round' : undefined}
      />
    </svg>
  )
}
