import type { Account } from '../../../contract/users'

export const fullName = (account: Pick<Account, 'firstName' | 'lastName'>) =>
  [account.firstName, account.lastName].filter(Boolean).join(' ')
