import { expect } from 'vitest'
import { organizationUsersMachine } from '../../machines/organization-users'
import type { OrganizationUserPage, OrganizationUsersQuery } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof organizationUsersMachine
type View = StepView<M>

const first: OrganizationUsersQuery = { page: 1, search: '', roles: [], ordering: 'username' }
const teachers: OrganizationUsersQuery = { page: 1, search: 'ana', roles: ['teacher'], ordering: '-email' }
const page: OrganizationUserPage = {
  count: 1,
  next: null,
  previous: null,
  results: [
    { id: 3, first_name: 'Ana', last_name: 'Souza', email: 'ana@example.com', username: 'ana', phone_code: null, phone_number: null, photo_url: null, roles: ['teacher'], joined_at: '2026-01-01T00:00:00Z', is_active: true, department: null, title: null, groups_count: 0, users_groups_count: 0 },
  ],
}
const forbidden = apiFailure(403, { detail: 'You do not have permission to perform this action.' })

const events: ModelEvent<M>[] = [
  { type: 'users.query', query: teachers },
  // the view sends its URL's query on every render that changes it, also the one already loaded
  { type: 'users.query', query: { ...first } },
  { type: 'users.reload' },
  { type: 'users.retry' },
  done('loadOrganizationUsers', page),
  failed('loadOrganizationUsers', forbidden),
  failed('loadOrganizationUsers', new TypeError('Failed to fetch')),
]

modelTests(
  buildModel({
    name: 'organizationUsersMachine',
    machine: organizationUsersMachine,
    inputs: { 'all users': { organizationId: 7, query: first } },
    events: () => events,
    simplePaths: {
      events: () => events.filter((event) => event.type !== 'users.query' && event.type !== 'xstate.error.actor.loadOrganizationUsers'),
      bound: 'a new query may come in every state and loads again, so simple paths with it explode; they go without queries and failures, which the shortest paths and their one-step extensions cover',
    },
    states: {
      loading: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        if (ignored) return
        // the query loaded is the URL's latest; the same query again loads nothing twice
        if (event.type === 'users.query') expect(snapshot.context.query).toEqual(event.query)
        expect(snapshot.children.loadOrganizationUsers).toBeDefined()
      },
      ready: ({ snapshot }: View) => {
        expect(snapshot.context.page).toEqual(page)
        expect(snapshot.context.error).toBeNull()
      },
      failed: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('error')).toBe(true)
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
    },
  }),
)
