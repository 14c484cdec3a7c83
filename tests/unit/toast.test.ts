import { createToaster } from '@ark-ui/react/toast'
import { describe, expect, it } from 'vitest'
import { replayingStore } from '../../src/ui/toast'

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
