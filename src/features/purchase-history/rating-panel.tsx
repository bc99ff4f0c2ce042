import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { raitingBody } from '../../../contract/catalog'
import { formatPrice } from '../../../contract/money'
import type { Sale, SaleItem } from '../../../contract/sales'
import { reviewMutations } from '../../api/reviews'
import { Dialog } from '../../components/dialog'
import { Field } from '../../components/field'
import { notify } from '../../lib/toast'
import './rating.css'

const ratingForm = raitingBody.pick({ comment: true, star: true })
type RatingInput = z.input<typeof ratingForm>
type RatingValues = z.output<typeof ratingForm>

const STARS = [1, 2, 3, 4, 5] as const

export function RatingPanel({
  sale,
  item,
  instrumentId,
  onClose,
}: {
  sale: Sale
  item: SaleItem
  instrumentId: number
  onClose: () => void
}) {
  const form = useForm<RatingInput, unknown, RatingValues>({
    resolver: zodResolver(ratingForm),
    mode: 'onTouched',
    defaultValues: { comment: '', star: '1' },
  })
  const rating = useMutation({
    ...reviewMutations.rate(),
    onSuccess: (answer) => {
      notify.success(answer.ok)
      onClose()
    },
  })
  const commentError = form.formState.errors.comment?.message
  const selected = Number(form.watch('star'))

  return (
    <Dialog open title="Rate instrument" width={750} onClose={onClose}>
      <form
        className="rating-form"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          rating.mutate({ ...values, instrumentId, saleItemId: item.id }),
        )}
      >
        <p className="rating-product">
          <strong>{item.name}</strong> <span>{formatPrice(item.price)}</span>
          <span className="rating-sale">Sale #{sale.id}</span>
        </p>
        <fieldset className="star-picker">
          <legend>Stars</legend>
          {STARS.map((star) => (
            <label key={star} className={star <= selected ? 'on' : undefined}>
              <input type="radio" value={String(star)} {...form.register('star')} />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">
                {star} {star === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </fieldset>
        <Field label="Comment" error={commentError} className="rating-comment">
          {(control) => (
            <textarea
              rows={5}
              placeholder="Leave a comment about this product..."
              {...control}
              {...form.register('comment')}
            />
          )}
        </Field>
        <div className="rating-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={rating.isPending}>
            {rating.isPending ? 'Sending…' : 'Send'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
