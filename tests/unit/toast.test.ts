import { createToaster } from '@ark-ui/react/toast'
import { describe, expect, it, vi } from 'vitest'
import { subscribeToastRaised, toaster, toastRaised } from '../../src/ui/toast'
import { replayingStore } from '../../src/ui/toast-store'

type Published = { id: string; title?: unknown; dismiss?: boolean }

describe('the store the Toaster listens to', () => {
  it('delivers the toasts raised before the Toaster subscribed, oldest first, then the new ones', () => {
    const store = createToaster({ placement: 'top-end' })
    store.error({ id: 'first', title: 'Invitation is expired or not valid' })
    store.success({ id: 'second', title: 'Saved' })
    const heard: Published[] = []
    const unsubscribe = replayingStore(store).subscribe((toast) => heard.push(toast))
    expect(heard.map((t) => [t.id, t.title])).toEqual([
      ['first', 'Invitation is expired or not valid'],
      ['second', 'Saved'],
    ])

    store.info({ id: 'third', title: 'Later' })
    store.remove('first')
    expect(heard.slice(2).map((t) => [t.id, t.dismiss ?? false])).toEqual([
      ['third', false],
      ['first', true],
    ])

    unsubscribe()
    store.info({ id: 'fourth', title: 'Unheard' })
    expect(heard).toHaveLength(4)
  })

  it('does not replay a toast that was dismissed', () => {
    const store = createToaster({ placement: 'top-end' })
    store.error({ id: 'gone', title: 'Gone' })
    store.remove('gone')
    const heard: Published[] = []
    replayingStore(store).subscribe((toast) => heard.push(toast))
    expect(heard).toEqual([])
  })
})

// The store is loaded with the first toast, not with the login page (tests/e2e/first-load.spec.ts).
describe('the app toaster', () => {
  it('loads its store with the first toast, which gets the toasts raised meanwhile in order', async () => {
    // closing a toast before any was raised loads nothing
    toaster.dismiss('nothing yet')
    expect(toastRaised()).toBe(false)
    let told = 0
    const stop = subscribeToastRaised(() => told++)
    toaster.error({ id: 'first', title: 'Invitation is expired or not valid' })
    toaster.success({ id: 'second', title: 'Saved' })
    expect(toastRaised()).toBe(true)
    expect(told).toBe(1)
    stop()

    const { toastStore } = await import('../../src/ui/toast-store')
    // the store lists the newest first
    await vi.waitFor(() => expect(toastStore.getVisibleToasts().map((t) => t.id)).toEqual(['second', 'first']))
  })
})
