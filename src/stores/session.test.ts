import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { tokenFor } from '../test/account-kit'
import { currentRole, useSession, useSessionStore } from './session'

afterEach(() => {
  useSessionStore.setState({ session: null })
  vi.useRealTimers()
})

const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds

describe('useSession', () => {
  it('is null for an expired token, as currentRole (the guards) is', async () => {
    const token = await tokenFor('user', 'ana_test', inSeconds(-60))
    useSessionStore.setState({ session: { token, userName: 'ana_test' } })
    const { result } = renderHook(() => useSession())
    expect(result.current).toBeNull()
    expect(currentRole()).toBeNull()
  })

  it('signs out when the token expires while the tab is open', async () => {
    const token = await tokenFor('user', 'ana_test', inSeconds(60))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    act(() => useSessionStore.getState().signIn({ token, userName: 'ana_test' }))
    const { result } = renderHook(() => useSession())
    expect(result.current?.userName).toBe('ana_test')
    expect(currentRole()).toBe('user')

    act(() => vi.advanceTimersByTime(30_000))
    expect(result.current?.userName).toBe('ana_test')
    act(() => vi.advanceTimersByTime(31_000))
    expect(result.current).toBeNull()
    expect(useSessionStore.getState().session).toBeNull()
  })

  it('waits past the longest setTimeout delay instead of signing out at once', async () => {
    const token = await tokenFor('user', 'ana_test', inSeconds(40 * 24 * 3600))
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    act(() => useSessionStore.getState().signIn({ token, userName: 'ana_test' }))
    act(() => vi.advanceTimersByTime(30 * 24 * 3600 * 1000))
    expect(useSessionStore.getState().session).not.toBeNull()
    act(() => vi.advanceTimersByTime(11 * 24 * 3600 * 1000))
    expect(useSessionStore.getState().session).toBeNull()
  })
})
