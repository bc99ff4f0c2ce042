import { zodResolver } from '@hookform/resolvers/zod'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { type ProfileUpdateBody, profileUpdateBody } from '../../../contract/users'
import { userMutations, userQueries } from '../../api/users'
import { TextField } from '../../components/text-field'
import { AccountForm } from './account-form'
import { useSendThenHome } from './use-send-then-home'
import './account.css'

export function ProfileEditPage() {
  const { data: me } = useSuspenseQuery(userQueries.me())
  const save = useSendThenHome(userMutations.updateProfile())
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileUpdateBody>({
    resolver: zodResolver(profileUpdateBody),
    defaultValues: {
      firstName: me.firstName ?? '',
      lastName: me.lastName ?? '',
      contactNumber: me.contactNumber ?? '',
      buyerAddress: me.buyerAddress ?? '',
    },
  })

  return (
    <section className="account-page">
      <Link to="/user/Profile" className="account-back">
        Go back
      </Link>
      <h1>Edit my information</h1>
      <AccountForm
        onSubmit={handleSubmit((values) => save.mutate({ ...values, email: me.email }))}
        submitLabel="Send"
        busy={save.isPending}
      >
        <TextField
          label="firstName"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label="lastName"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField label="userName" value={me.userName} readOnly />
        <TextField label="email" type="email" value={me.email} readOnly />
        <TextField
          label="contactNumber"
          type="tel"
          autoComplete="tel"
          error={errors.contactNumber?.message}
          {...register('contactNumber')}
        />
        <TextField
          label="buyerAddress"
          autoComplete="street-address"
          error={errors.buyerAddress?.message}
          {...register('buyerAddress')}
        />
      </AccountForm>
    </section>
  )
}
