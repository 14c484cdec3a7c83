import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { pagedListMachine } from '../../machines/paged-list'
import type { ClassGroup, OrganizationUser, OrganizationUsersQuery, Page, PagedListInput, PagedListQuery, PersonClassesQuery } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

/**
 * The paged list of the screens that only load and show rows (spec 000 §2): the users view and the
 * student and teacher lists (a query of page, search, roles and sort, from the URL), and the classes
 * on a student's or teacher's details (one page, loaded once). What each screen adds is its call
 * and its query; the flow is this one.
 */

type M = typeof pagedListMachine
type View = StepView<M>

const member: OrganizationUser = {
  id: 3,
  first_name: 'Ana',
  last_name: 'Souza',
  email: 'ana@example.com',
  username: 'ana',
  phone_code: null,
  phone_number: null,
  photo_url: null,
  roles: ['teacher'],
  joined_at: '2026-01-01T00:00:00Z',
  is_active: true,
  department: null,
  title: null,
  groups_count: 0,
  users_groups_count: 0,
}
const group = (id: number, name: string): ClassGroup => ({
  id,
  name,
  start_date: '2026-04-01',
  end_date: '2026-04-30',
  status: 'active',
  organization_id: 7,
  owner: null,
  pending_teacher: null,
  is_draft: false,
  users_count: 3,
  pending_invitations: 0,
  assignment: null,
  created: '2026-03-01T00:00:00.000Z',
})
const members: Page<OrganizationUser> = { count: 1, next: null, previous: null, results: [member] }
const fourClasses: Page<ClassGroup> = {
  count: 4,
  next: null,
  previous: null,
  results: [group(1, 'Grade 7 A'), group(2, 'Grade 7 B'), group(3, 'Grade 8'), group(4, 'Grade 9')],
}
const forbidden = apiFailure(403, { detail: 'You do not have permission to perform this action.' })
const offline = new TypeError('Failed to fetch')

/** The users view: its URL's page, search, roles and sort. */
const allUsers: OrganizationUsersQuery = { page: 1, search: '', roles: [], ordering: 'username' }
const teachers: OrganizationUsersQuery = { page: 1, search: 'ana', roles: ['teacher'], ordering: '-email' }
/** A student's details: their classes, one page. */
const studentClasses: PersonClassesQuery = { page: 1, userId: 42 }

const usersInput: PagedListInput<OrganizationUsersQuery> = { organizationId: 7, query: allUsers }
const classesInput: PagedListInput<PersonClassesQuery> = { organizationId: 7, query: studentClasses }

const sameQuery = (snapshot: { context: { query: PagedListQuery } }, query: PagedListQuery) => JSON.stringify(query) === JSON.stringify(snapshot.context.query)

const events: ModelEvent<M>[] = [
  { type: 'list.query', query: teachers },
  // the view sends its URL's query on every render that changes it, also the one already loaded
  { type: 'list.query', query: { ...allUsers } },
  { type: 'list.reload' },
  { type: 'list.retry' },
  done('loadPage', members),
  failed('loadPage', forbidden),
  failed('loadPage', offline),
]

/** A new query loads; the one loaded or loading already is refused (nothing loads twice). */
const loadsIfNew = (event: ModelEvent<M>, snapshot: { context: { query: PagedListQuery } }) =>
  'query' in event && sameQuery(snapshot, event.query) ? null : 'loading'

modelTests(
  buildModel({
    name: 'pagedListMachine',
    machine: pagedListMachine,
    inputs: { members: usersInput, "a student's classes": classesInput },
    events: () => events,
    simplePaths: {
      events: () => events.filter((event) => event.type !== 'list.query' && event.type !== 'xstate.error.actor.loadPage'),
      bound: 'a new query may come in every state and loads again, so simple paths with it explode; they go without queries and failures, which the shortest paths and their one-step extensions cover',
    },
    // spec 000 §2: the list follows the screen's query; a change elsewhere reloads the shown page; a failure offers to try again
    edges: {
      loading: {
        'list.query': loadsIfNew,
        'list.reload': null,
        'list.retry': null,
        'xstate.done.actor.loadPage': 'ready',
        'xstate.error.actor.loadPage': 'failed',
      },
      ready: { 'list.query': loadsIfNew, 'list.reload': 'loading', 'list.retry': null },
      failed: { 'list.query': 'loading', 'list.reload': null, 'list.retry': 'loading' },
    },
    states: {
      loading: ({ snapshot, event, previous, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.hasTag('error')).toBe(false)
        // the query loaded is the screen's latest, for the screen's organization
        expect(inputOf(snapshot.children.loadPage)).toEqual({ organizationId: 7, query: snapshot.context.query })
        if (ignored) return
        if (event.type === 'list.query') expect(snapshot.context.query).toEqual(event.query)
        else expect(snapshot.context.query).toEqual(previous?.context.query ?? snapshot.context.query)
        // trying again takes the message away while it loads; the rows shown stay
        if (event.type === 'list.retry') expect(snapshot.context.error).toBeNull()
        if (previous) expect(snapshot.context.page).toBe(previous.context.page)
      },
      ready: ({ snapshot, previous, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        expect(snapshot.hasTag('error')).toBe(false)
        expect(snapshot.context.page).toEqual(members)
        expect(snapshot.context.error).toBeNull()
        if (!ignored) expect(snapshot.context.query).toEqual(previous?.context.query)
      },
      failed: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('error')).toBe(true)
        expect(snapshot.hasTag('busy')).toBe(false)
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
    },
  }),
)

describe('pagedListMachine query bounds', () => {
  it('is named pagedList (the inspector and the flow gallery show it by this id)', () => {
    expect(pagedListMachine.id).toBe('pagedList')
  })

  const loaded = [done('loadPage', members)] as const
  // one field changed at its smallest step is a new query; the same values in a new object are not
  it.each([
    ['page 1 again', { ...allUsers }, 'ready'],
    ['page 2 (the next)', { ...allUsers, page: 2 }, 'loading'],
    ['page 0', { ...allUsers, page: 0 }, 'loading'],
    ['a search of one letter', { ...allUsers, search: 'a' }, 'loading'],
    ['one role', { ...allUsers, roles: ['student'] }, 'loading'],
    ['the same sort, descending', { ...allUsers, ordering: '-username' }, 'loading'],
  ] as const)('from page 1 of all users, %s: %s', (_, query, state) => {
    expect(snapshotAfter(pagedListMachine, usersInput, [...loaded, { type: 'list.query', query }]).value).toBe(state)
  })

  it('starts empty: no rows and no message before the first answer', () => {
    const snapshot = snapshotAfter(pagedListMachine, classesInput, [])
    expect(snapshot.context).toEqual({ organizationId: 7, query: studentClasses, page: null, error: null })
  })
})

describe('pagedListMachine with actors', () => {
  it('loads the latest query only, dropping one already asked for', async () => {
    const loads: PagedListInput[] = []
    const actor = createActor(
      pagedListMachine.provide({
        actors: {
          loadPage: fromPromise<Page<unknown>, PagedListInput>(async ({ input }) => {
            loads.push(input)
            return members
          }),
        },
      }),
      { input: usersInput },
    ).start()
    actor.send({ type: 'list.query', query: teachers })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(loads.map((load) => load.query)).toEqual([allUsers, teachers])
    expect(actor.getSnapshot().context.page).toEqual(members)
  })

  it("loads a person's classes with the organization and the person, and again after a failure", async () => {
    const loads: PagedListInput[] = []
    const actor = createActor(
      pagedListMachine.provide({
        actors: {
          loadPage: fromPromise<Page<unknown>, PagedListInput>(async ({ input }) => {
            loads.push(input)
            if (loads.length === 1) throw Object.assign(new Error('refused'), forbidden)
            return fourClasses
          }),
        },
      }),
      { input: classesInput },
    ).start()
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.error).toEqual(forbidden)
    actor.send({ type: 'list.retry' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await waitFor(actor, (s) => s.matches('ready'))
    expect(loads).toEqual([classesInput, classesInput])
    expect(actor.getSnapshot().context.page?.count).toBe(4)
  })
})
