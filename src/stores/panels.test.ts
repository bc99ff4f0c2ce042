import { describe, expect, it } from 'vitest'
import { restorablePanel } from './panels'

describe('restorablePanel', () => {
  it('brings a panel back when the same page is reloaded', () => {
    expect(restorablePanel({ open: 'cart', path: '/aboutUs' }, '/aboutUs', true)).toBe('cart')
  })

  it('starts closed on any other arrival: another page, a typed address, back/forward', () => {
    expect(restorablePanel({ open: 'cart', path: '/aboutUs' }, '/favorites', true)).toBeNull()
    expect(restorablePanel({ open: 'cart', path: '/aboutUs' }, '/aboutUs', false)).toBeNull()
  })

  it('never opens the login panel over the login or sign-up page', () => {
    expect(restorablePanel({ open: 'login', path: '/login' }, '/login', true)).toBeNull()
    expect(restorablePanel({ open: 'login', path: '/signup' }, '/signup', true)).toBeNull()
    expect(restorablePanel({ open: 'login', path: '/' }, '/', true)).toBe('login')
  })
})
