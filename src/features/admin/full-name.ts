import type { Account } from '../../../contract/users'

/** The tables' FullName: first and last name, whichever are set. */
export const fullName = (account: Pick<Account, 'firstName' | 'lastName'>) =>
  [account.firstName, account.lastName].filter(Boolean).join(' ')
