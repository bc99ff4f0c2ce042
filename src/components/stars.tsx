import { useId } from 'react'

interface StarsProps {
  value: number
  size?: number
}

export function Stars({ value, size = 16 }: StarsProps) {
  const rounded = Math.round(Math.max(0, Math.min(5, value)) * 2) / 2
  return (
    <span className="stars" role="img" aria-label={`${rounded} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = rounded >= n ? 'full' : rounded >= n - 0.5 ? 'half' : 'empty'
        return <Star key={n} fill={fill} size={size} />
      })}
    </span>
  )
}

function Star({ fill, size }: { fill: 'full' | 'half' | 'empty'; size: number }) {
  const gradient = useId()
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      className={`star star-${fill}`}
    >
      {/* Only a half star needs a gradient: a grid of cards draws many stars. */}
      {fill === 'half' && (
        <defs>
          <linearGradient id={gradient}>
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
      )}
      <path
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"
        fill={fill === 'full' ? 'currentColor' : fill === 'half' ? `url(#${gradient})` : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  )
}
