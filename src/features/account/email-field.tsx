import type { ComponentProps } from 'react'
import { TextField } from '../../components/text-field'

type EmailFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'autoComplete'>

export function EmailField(props: EmailFieldProps) {
  return <TextField label="email" type="email" autoComplete="email" {...props} />
}
