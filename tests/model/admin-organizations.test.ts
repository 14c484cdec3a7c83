import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { adminOrganizationsMachine } from '../../machines/admin-organizations'
import type { Country, Organization, OrganizationListQuery, Page, SetVerifiedInput } from '../../machines/types'
import { apiFailure, buildModel, done, expectedFailure, failed, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof adminOrganizationsMachine
type View = StepView<M>

const countries: Country[] = [{ iso2: 'JP', name: 'Japan', dial_code: '+81', priority: 0, area_codes: null }]
const organization = (id: number, name: string, is_verified: boolean): Organization => ({
  id, name, username: null, type: 'school', industry: 'education', address_1: '1 Main St', address_2: null, city: 'Kyoto',
  state: 'Kyoto', postal_code: '6008216', country: 'JP', phone: '+81 752345678', timezone: 'Asia/Tokyo', is_verified,
  status: 'active', invitation_code: 'K7PQ2M', logo_url: null, created_at: '2026-11-23T10:00:00.000Z', deleted_at: null, purge_at: null,
})
const kyoto = organization(1, 'Kyoto School', false)
const osaka = organization(2, 'Osaka School', false)
const kyotoVerified = { ...kyoto, is_verified: true }
const kyotoDeleted: Organization = { ...kyoto, deleted_at: '2026-11-20T10:00:00.000Z', purge_at: '2026-12-20T10:00:00.000Z' }
const page: Page<Organization> = { count: 2, next: null, previous: null, results: [kyoto, osaka] }
const start: OrganizationListQuery = { filter: 'all', countries: [], search: '', ordering: 'name', page: 1 }
const shared: OrganizationListQuery = { filter: 'verified', countries: ['JP'], search: 'school', ordering: '-created_at', page: 2 }

const offline = new TypeError('Failed to fetch')
const forbidden = apiFailure(403, { detail: 'You do not have permission to do this.' })
const incomplete = apiFailure(400, { phone: ['Please input a phone'] })

const queryEvents: ModelEvent<M>[] = [
  { type: 'list.filter', filter: 'inactive' },
  { type: 'list.countries', countries: ['JP'] },
  { type: 'list.search', search: 'kyo' },
  { type: 'list.sort', ordering: '-country' },
  { type: 'list.page', page: 3 },
]
const reload: ModelEvent<M> = { type: 'list.reload' }
const flip: ModelEvent<M> = { type: 'verify.flip', organization: kyoto }
const selectAll: ModelEvent<M> = { type: 'list.select', ids: [1, 2, 99] }
const selectNone: ModelEvent<M> = { type: 'list.select', ids: [] }
const askRestore: ModelEvent<M> = { type: 'restore.ask', organization: kyotoDeleted }
// an organization that is not deleted cannot be restored
const askRestoreActive: ModelEvent<M> = { type: 'restore.ask', organization: osaka }
const always: ModelEvent<M>[] = [
  done('loadCountries', countries),
  failed('loadCountries', offline),
  done('typingPause', undefined),
  done('loadOrganizations', page),
  failed('loadOrganizations', offline),
  { type: 'verify.undo' },
  { type: 'verify.selected' },
  done('setVerified', kyotoVerified),
  failed('setVerified', incomplete),
  done('undoVerified', kyoto),
  failed('undoVerified', offline),
  done('verifyOrganizations', { updated: 2 }),
  failed('verifyOrganizations', forbidden),
  askRestoreActive,
  { type: 'restore.confirm' },
  { type: 'restore.cancel' },
  done('restoreOrganization', kyoto),
  failed('restoreOrganization', forbidden),
]

/** Every event the list takes that is not a change of the query, refused: the edges below say which a state accepts. */
const none = {
  'list.reload': null,
  'list.select': null,
  'verify.flip': null,
  'verify.undo': null,
  'verify.selected': null,
  'restore.ask': null,
  'restore.confirm': null,
  'restore.cancel': null,
} as const
/** §2: a change of the query loads it in every state (a search once typing pauses), dropping whatever was under way. */
const queries = {
  'list.filter': 'loading',
  'list.countries': 'loading',
  'list.search': 'typing',
  'list.sort': 'loading',
  'list.page': 'loading',
} as const
/** While a page is shown (also under a dialog or a call): a reload loads it again, a selection stays where it is. */
const onPage = (state: string) => ({ ...none, ...queries, 'list.reload': 'loading', 'list.select': state })

const model = buildModel({
  name: 'adminOrganizationsMachine',
  machine: adminOrganizationsMachine,
  inputs: { 'plain /admin': { query: start }, 'a shared link': { query: shared } },
  // One change of the query per path (each of them is tried), one flip and one selection: every
  // change makes a new context, and the graph would hold every combination of them.
  events: (snapshot) => {
    const { query, lastFlip, selection } = snapshot.context
    const untouched = JSON.stringify(query) === JSON.stringify(start) || JSON.stringify(query) === JSON.stringify(shared)
    const fresh = untouched && lastFlip === null && selection.length === 0
    return [
      ...always,
      ...(fresh ? [...queryEvents, reload] : []),
      ...(lastFlip === null && selection.length === 0 ? [flip] : []),
      ...(lastFlip === null ? [selection.length === 0 ? selectAll : selectNone] : []),
      ...(fresh ? [askRestore] : []),
    ]
  },
  simplePaths: { skip: 'every query change makes a new context; the shortest paths, each followed by every event of its last state, cover the graph' },
  // spec 000 §2 Platform admin organizations screen, §4 Verification (flip with undo, verify selected), restore after a confirmation
  edges: {
    starting: { ...none, ...queries, 'xstate.done.actor.loadCountries': 'loading', 'xstate.error.actor.loadCountries': 'loading' },
    typing: { ...none, ...queries, 'xstate.done.actor.typingPause': 'loading' },
    loading: { ...none, ...queries, 'xstate.done.actor.loadOrganizations': 'loaded.idle', 'xstate.error.actor.loadOrganizations': 'failed' },
    failed: { ...none, ...queries, 'list.reload': 'loading' },
    'loaded.idle': {
      ...onPage('loaded.idle'),
      'verify.flip': 'loaded.flipping',
      'verify.undo': (_, snapshot) => (snapshot.context.lastFlip !== null ? 'loaded.undoing' : null),
      'verify.selected': (_, snapshot) => (snapshot.context.selection.length > 0 ? 'loaded.verifying' : null),
      'restore.ask': (event) => ((event as { organization: Organization }).organization.deleted_at !== null ? 'loaded.confirmingRestore' : null),
    },
    'loaded.confirmingRestore': { ...onPage('loaded.confirmingRestore'), 'restore.confirm': 'loaded.restoring', 'restore.cancel': 'loaded.idle' },
    'loaded.restoring': { ...onPage('loaded.restoring'), 'xstate.done.actor.restoreOrganization': 'loading', 'xstate.error.actor.restoreOrganization': 'loading' },
    'loaded.flipping': { ...onPage('loaded.flipping'), 'xstate.done.actor.setVerified': 'loaded.idle', 'xstate.error.actor.setVerified': 'loaded.idle' },
    'loaded.undoing': { ...onPage('loaded.undoing'), 'xstate.done.actor.undoVerified': 'loaded.idle', 'xstate.error.actor.undoVerified': 'loaded.idle' },
    'loaded.verifying': { ...onPage('loaded.verifying'), 'xstate.done.actor.verifyOrganizations': 'loading', 'xstate.error.actor.verifyOrganizations': 'loaded.idle' },
  },
  states: {
    starting: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.page).toBeNull()
      if (!ignored) expect(event.type).toBe('xstate.init')
    },
    typing: ({ snapshot, event, actions, params, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(false)
      if (ignored) return
      // the address already holds the search; nothing is loaded before typing pauses
      expect(event.type).toBe('list.search')
      expect(snapshot.context.query.search).toBe('kyo')
      expect(snapshot.context.query.page).toBe(1)
      expect(actions).toContain('writeQuery')
      expect(params.writeQuery).toEqual({ query: snapshot.context.query })
    },
    loading: ({ snapshot, event, previous, actions, params, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      if (ignored) return
      const query = snapshot.context.query
      if (event.type.startsWith('list.') && event.type !== 'list.reload') {
        // a changed query is written to the address; any change but the page goes back to page 1
        expect(params.writeQuery).toEqual({ query })
        if (event.type === 'list.page') expect(query.page).toBe(3)
        else expect(query.page).toBe(1)
        if (event.type === 'list.filter') expect(query.filter).toBe('inactive')
        if (event.type === 'list.countries') expect(query.countries).toEqual(['JP'])
        if (event.type === 'list.sort') expect(query.ordering).toBe('-country')
      } else {
        expect(actions).not.toContain('writeQuery')
        expect(query).toEqual(previous?.context.query)
      }
      if (event.type === 'xstate.done.actor.loadCountries') expect(snapshot.context.countries).toEqual(countries)
      if (event.type === 'xstate.error.actor.loadCountries') expect(snapshot.context.countries).toEqual([])
      if (event.type === 'xstate.done.actor.verifyOrganizations') expect(params.notifyVerified).toEqual({ updated: 2 })
      if (event.type.startsWith('xstate.') && event.type.endsWith('.restoreOrganization')) expect(snapshot.context.toRestore).toBeNull()
      // restored: a toast offers to open it, and it leaves the deleted list as the page is loaded again
      if (event.type === 'xstate.done.actor.restoreOrganization') expect(params.notifyRestored).toEqual({ organization: kyoto })
      if (event.type === 'xstate.error.actor.restoreOrganization') expect(params.notifyRestoreFailed).toEqual({ error: forbidden })
    },
    failed: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.hasTag('busy')).toBe(false)
      if (ignored) return
      expect(event.type).toBe('xstate.error.actor.loadOrganizations')
      expect(snapshot.context.error).toEqual(expectedFailure(offline))
    },
    'loaded.idle': ({ snapshot, event, previous, actions, params, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.context.page?.count).toBe(2)
      if (ignored) return
      switch (event.type) {
        case 'xstate.done.actor.loadOrganizations':
          expect(snapshot.context.page).toEqual(page)
          expect(snapshot.context.selection).toEqual([])
          break
        case 'list.select':
          // only rows of the page can be selected
          expect(snapshot.context.selection).toEqual(event.ids.filter((id) => id !== 99))
          break
        case 'xstate.done.actor.setVerified':
          expect(snapshot.context.page?.results[0]).toEqual(kyotoVerified)
          expect(snapshot.context.lastFlip).toEqual(kyoto)
          expect(params.notifyFlipped).toEqual({ organization: kyotoVerified })
          break
        case 'xstate.done.actor.undoVerified':
          expect(snapshot.context.page?.results[0]).toEqual(kyoto)
          expect(snapshot.context.lastFlip).toBeNull()
          break
        case 'restore.cancel':
          expect(snapshot.context.toRestore).toBeNull()
          break
        default:
          // a refused flip, undo or bulk verify: a toast says why, the rows stay as they were
          expect(event.type).toMatch(/^xstate\.error\.actor\.(setVerified|undoVerified|verifyOrganizations)$/)
          expect(actions).toEqual(['notifyVerifyFailed'])
          expect(snapshot.context.page).toEqual(previous?.context.page)
      }
    },
    'loaded.flipping': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      if (ignored || event.type === 'list.select') return
      expect(event.type).toBe('verify.flip')
    },
    'loaded.undoing': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      if (ignored || event.type === 'list.select') return
      expect(event.type).toBe('verify.undo')
      expect(snapshot.context.lastFlip).toEqual(kyoto)
    },
    'loaded.confirmingRestore': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('dialog')).toBe(true)
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.context.toRestore).toEqual(kyotoDeleted)
      if (ignored || event.type === 'list.select') return
      expect(event.type).toBe('restore.ask')
    },
    'loaded.restoring': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.hasTag('dialog')).toBe(true)
      expect(snapshot.context.toRestore).toEqual(kyotoDeleted)
      if (ignored || event.type === 'list.select') return
      expect(event.type).toBe('restore.confirm')
    },
    'loaded.verifying': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      if (ignored || event.type === 'list.select') return
      expect(event.type).toBe('verify.selected')
      expect(snapshot.context.selection).toEqual([1, 2])
    },
  },
})

modelTests(model)

describe('adminOrganizationsMachine with actors', () => {
  it('asks for the organization with is_verified flipped, then as it was on undo', async () => {
    const calls: SetVerifiedInput[] = []
    const machine = adminOrganizationsMachine.provide({
      actors: {
        loadCountries: fromPromise<Country[]>(async () => countries),
        loadOrganizations: fromPromise<Page<Organization>, OrganizationListQuery>(async () => page),
        setVerified: fromPromise<Organization, SetVerifiedInput>(async ({ input }) => {
          calls.push(input)
          return { ...input.organization, is_verified: input.is_verified }
        }),
      },
    })
    const actor = createActor(machine, { input: { query: start } }).start()
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }))
    actor.send({ type: 'verify.flip', organization: kyoto })
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }) && s.context.lastFlip !== null)
    actor.send({ type: 'verify.undo' })
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }) && s.context.lastFlip === null)
    expect(calls).toEqual([
      { organization: kyoto, is_verified: true },
      { organization: kyoto, is_verified: false },
    ])
    expect(actor.getSnapshot().context.page?.results[0]).toEqual(kyoto)
  })

  it('restores the organization asked about, then loads the list again', async () => {
    const restored: number[] = []
    let loads = 0
    const machine = adminOrganizationsMachine.provide({
      actors: {
        loadCountries: fromPromise<Country[]>(async () => countries),
        loadOrganizations: fromPromise<Page<Organization>, OrganizationListQuery>(async () => {
          loads += 1
          return loads === 1 ? { count: 1, next: null, previous: null, results: [kyotoDeleted] } : { count: 0, next: null, previous: null, results: [] }
        }),
        restoreOrganization: fromPromise<Organization, { organizationId: number }>(async ({ input }) => {
          restored.push(input.organizationId)
          return kyoto
        }),
      },
    })
    const actor = createActor(machine, { input: { query: { ...start, filter: 'deleted' } } }).start()
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }))
    actor.send({ type: 'restore.ask', organization: kyotoDeleted })
    actor.send({ type: 'restore.confirm' })
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }) && loads === 2)
    expect(restored).toEqual([kyoto.id])
    expect(actor.getSnapshot().context.page?.count).toBe(0)
  })
})

describe('adminOrganizationsMachine bounds', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sends a search once typing has paused 300 ms, not before, and a key typed meanwhile waits again', async () => {
    vi.useFakeTimers()
    const searches: string[] = []
    const machine = adminOrganizationsMachine.provide({
      actors: {
        loadCountries: fromPromise<Country[]>(async () => countries),
        loadOrganizations: fromPromise<Page<Organization>, OrganizationListQuery>(async ({ input }) => {
          searches.push(input.search)
          return page
        }),
      },
    })
    const actor = createActor(machine, { input: { query: start } }).start()
    await vi.advanceTimersByTimeAsync(0)
    expect(searches).toEqual([''])
    actor.send({ type: 'list.search', search: 'ky' })
    await vi.advanceTimersByTimeAsync(299)
    expect(actor.getSnapshot().value).toBe('typing')
    actor.send({ type: 'list.search', search: 'kyo' })
    await vi.advanceTimersByTimeAsync(299)
    expect(actor.getSnapshot().value).toBe('typing')
    await vi.advanceTimersByTimeAsync(1)
    expect(searches).toEqual(['', 'kyo'])
    actor.stop()
  })

  it.each([
    ['page 1', 1],
    ['page 2', 2],
  ])('a page chosen (%s) keeps the filters; any other change goes back to page 1', (_, pageNumber) => {
    const snapshot = snapshotAfter(adminOrganizationsMachine, { query: shared }, [{ type: 'list.page', page: pageNumber }])
    expect(snapshot.context.query).toEqual({ ...shared, page: pageNumber })
    const filtered = snapshotAfter(adminOrganizationsMachine, { query: shared }, [{ type: 'list.filter', filter: 'all' }])
    expect(filtered.context.query).toEqual({ ...shared, filter: 'all', page: 1 })
    const searched = snapshotAfter(adminOrganizationsMachine, { query: shared }, [{ type: 'list.search', search: '' }])
    expect(searched.context.query).toEqual({ ...shared, search: '', page: 1 })
    const countriesChosen = snapshotAfter(adminOrganizationsMachine, { query: shared }, [{ type: 'list.countries', countries: [] }])
    expect(countriesChosen.context.query).toEqual({ ...shared, countries: [], page: 1 })
    const sorted = snapshotAfter(adminOrganizationsMachine, { query: shared }, [{ type: 'list.sort', ordering: 'name' }])
    expect(sorted.context.query).toEqual({ ...shared, ordering: 'name', page: 1 })
  })

  // verifying the selected needs one selected row of the page shown
  it.each([
    [[], 'idle'],
    [[99], 'idle'],
    [[2], 'verifying'],
    [[1, 2], 'verifying'],
  ] as const)('%j selected: verify selected leads to %s', (ids, state) => {
    const snapshot = snapshotAfter(adminOrganizationsMachine, { query: start }, [
      done('loadCountries', countries),
      done('loadOrganizations', page),
      { type: 'list.select', ids: [...ids] },
      { type: 'verify.selected' },
    ])
    expect(snapshot.value).toEqual({ loaded: state })
  })

  it('restores only a deleted organization, and sends its id', () => {
    const asked = snapshotAfter(adminOrganizationsMachine, { query: start }, [done('loadCountries', countries), done('loadOrganizations', page), askRestore, { type: 'restore.confirm' }])
    expect((asked.children.restoreOrganization as { options?: { input?: unknown } }).options?.input).toEqual({ organizationId: kyoto.id })
    const active = snapshotAfter(adminOrganizationsMachine, { query: start }, [done('loadCountries', countries), done('loadOrganizations', page), askRestoreActive])
    expect(active.value).toEqual({ loaded: 'idle' })
    expect(active.context.toRestore).toBeNull()
  })

  it('verifies the selected rows as verified, and flips one from what it shows', () => {
    const verifying = snapshotAfter(adminOrganizationsMachine, { query: start }, [
      done('loadCountries', countries),
      done('loadOrganizations', page),
      selectAll,
      { type: 'verify.selected' },
    ])
    expect((verifying.children.verifyOrganizations as { options?: { input?: unknown } }).options?.input).toEqual({ ids: [1, 2], is_verified: true })
    const flipping = snapshotAfter(adminOrganizationsMachine, { query: start }, [done('loadCountries', countries), done('loadOrganizations', page), { type: 'verify.flip', organization: kyotoVerified }])
    expect((flipping.children.setVerified as { options?: { input?: unknown } }).options?.input).toEqual({ organization: kyotoVerified, is_verified: false })
  })
})
