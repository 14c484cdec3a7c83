import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { pendingInvitesMachine } from '../../machines/pending-invites'
import type { LoadPendingInvitesInput, OrganizationRole, PendingInvitation, PendingInvitationPage, ResendInvitationsInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof pendingInvitesMachine
type View = StepView<M>

const invitation = (id: number, email: string): PendingInvitation => ({
  id,
  email,
  first_name: null,
  last_name: null,
  roles: ['student'],
  status: 'pending',
  created: '2026-11-20T10:00:00.000Z',
  sent_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2026-12-04T10:00:00.000Z',
  invited_by: { id: 3, first_name: 'Alice', last_name: 'Admin' },
})
const grace = invitation(1, 'grace@example.com')
const alan = invitation(2, 'alan@example.com')
const twoInvites: PendingInvitationPage = { count: 2, next: null, previous: null, results: [grace, alan] }
/** What page 2 answers once its last invitation went. */
const pastTheEnd: PendingInvitationPage = { count: 10, next: null, previous: '/v1/invitations/organization/7/?page=1', results: [] }
const limited = apiFailure(429, { detail: 'Too many attempts. Try again in 600 seconds.', code: 'rate_limited' })
const closed = apiFailure(409, { detail: 'This invitation was already accepted or removed.', code: 'invitation_closed' })
const forbidden = apiFailure(403, { detail: 'You do not have permission to do this.' })

const select: ModelEvent<M> = { type: 'invites.select', ids: [1, 2] }
const resendSelected: ModelEvent<M> = { type: 'invites.resendSelected' }
const revoke: ModelEvent<M> = { type: 'invites.revoke', invitation: alan }
const confirm: ModelEvent<M> = { type: 'revoke.confirm' }
const cancel: ModelEvent<M> = { type: 'revoke.cancel' }
const loaded = done('loadPendingInvites', twoInvites)
const resent = done('resendInvitations', undefined)
const revoked = done('revokeInvitation', undefined)

const events: ModelEvent<M>[] = [
  { type: 'invites.reload' },
  { type: 'invites.retry' },
  { type: 'invites.page', page: 2 },
  select,
  { type: 'invites.resend', id: 1 },
  resendSelected,
  revoke,
  confirm,
  cancel,
  loaded,
  done('loadPendingInvites', pastTheEnd),
  failed('loadPendingInvites', forbidden),
  resent,
  failed('resendInvitations', limited),
  revoked,
  failed('revokeInvitation', closed),
]

/**
 * Simple paths over the selection and its actions with successful answers: paging, reloads, single
 * resends and refusals (each kept in the context) multiply the graph without new states.
 */
const simpleEvents = [select, resendSelected, revoke, confirm, cancel, loaded, resent, revoked]

/** Every event of the pending invites, refused: the edges below say which a state accepts. */
const none = {
  'invites.reload': null,
  'invites.retry': null,
  'invites.page': null,
  'invites.select': null,
  'invites.resend': null,
  'invites.resendSelected': null,
  'invites.revoke': null,
  'revoke.confirm': null,
  'revoke.cancel': null,
} as const
/** An empty page after the first (its last invitation went) loads the one before; any other answer is shown. */
const afterLoad = (event: ModelEvent<M>, snapshot: { context: { page: number } }) =>
  (event as { output: PendingInvitationPage }).output.results.length === 0 && snapshot.context.page > 1 ? 'loading' : 'ready'

modelTests(
  buildModel({
    name: 'pendingInvitesMachine',
    machine: pendingInvitesMachine,
    inputs: {
      'organization admin': { organizationId: 7, enabled: true },
      teacher: { organizationId: 7, enabled: false },
      'organization admin on the teachers list': { organizationId: 7, enabled: true, roles: ['teacher'] },
    },
    events: () => events,
    simplePaths: {
      events: () => simpleEvents,
      bound: 'paging, reloads, single resends and refusals are left to the shortest paths (each multiplies the graph without new states)',
    },
    // spec 000 §2 users view (pending invites), §4 Invitation, §5 resending selected needs one, §8 removing asks first
    edges: {
      off: {},
      loading: { ...none, 'xstate.done.actor.loadPendingInvites': afterLoad, 'xstate.error.actor.loadPendingInvites': 'failed' },
      failed: { ...none, 'invites.retry': 'loading', 'invites.reload': 'loading' },
      ready: {
        ...none,
        'invites.reload': 'loading',
        'invites.page': 'loading',
        'invites.select': 'ready',
        'invites.resend': 'resending',
        'invites.resendSelected': (_, snapshot) => (snapshot.context.selected.length > 0 ? 'resending' : null),
        'invites.revoke': 'confirmingRevoke',
      },
      resending: { ...none, 'xstate.done.actor.resendInvitations': 'loading', 'xstate.error.actor.resendInvitations': 'ready' },
      confirmingRevoke: { ...none, 'revoke.confirm': 'revoking', 'revoke.cancel': 'ready' },
      revoking: { ...none, 'xstate.done.actor.revokeInvitation': 'loading', 'xstate.error.actor.revokeInvitation': 'ready' },
    },
    states: {
      off: ({ snapshot }: View) => {
        // a teacher: nothing loaded, no chip
        expect(snapshot.status).toBe('done')
        expect(snapshot.context.canManage).toBe(false)
        expect(snapshot.context.invitations).toBeNull()
        expect(Object.keys(snapshot.children)).toEqual([])
      },
      loading: ({ snapshot, event, previous, params, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.canManage).toBe(true)
        expect(inputOf(snapshot.children.loadPendingInvites)).toEqual({ organizationId: 7, roles: snapshot.context.roles, page: snapshot.context.page })
        if (ignored) return
        if (event.type === 'invites.page') expect(snapshot.context.page).toBe(2)
        // an empty page past the end loads the one before
        if (event.type === 'xstate.done.actor.loadPendingInvites') {
          expect(previous?.context.page).toBe(2)
          expect(snapshot.context.page).toBe(1)
        }
        if (event.type === 'xstate.done.actor.resendInvitations') {
          expect(params.announceResent).toEqual({ count: previous?.context.resending.length })
          expect(snapshot.context.selected).toEqual([])
        }
        if (event.type === 'xstate.done.actor.revokeInvitation') {
          expect(params.announceRevoked).toEqual({ email: 'alan@example.com' })
          expect(snapshot.context.revoking).toBeNull()
        }
      },
      failed: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('error')).toBe(true)
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
      ready: ({ snapshot, event, previous, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        expect(snapshot.context.invitations).not.toBeNull()
        expect(snapshot.context.error).toBeNull()
        if (ignored) {
          // resending selected invites needs one selected
          if (event.type === 'invites.resendSelected') expect(snapshot.context.selected).toEqual([])
          return
        }
        if (event.type === 'invites.select') expect(snapshot.context.selected).toEqual([1, 2])
        if (event.type === 'revoke.cancel') expect(snapshot.context.revoking).toBeNull()
        if (event.type.startsWith('xstate.error.actor.')) {
          // a refused resend or removal is said in the modal; the list stays
          expect(snapshot.context.actionError).toEqual(expectedFailure(errorOf(event)))
          expect(snapshot.context.invitations).toEqual(previous?.context.invitations)
          expect(snapshot.context.revoking).toBeNull()
        }
      },
      resending: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.actionError).toBeNull()
        expect(inputOf(snapshot.children.resendInvitations)).toEqual({ organizationId: 7, ids: snapshot.context.resending })
        if (ignored) return
        expect(snapshot.context.resending).toEqual(event.type === 'invites.resend' ? [1] : [1, 2])
      },
      confirmingRevoke: ({ snapshot }: View) => {
        // nothing is removed before the confirmation
        expect(snapshot.hasTag('busy')).toBe(false)
        expect(snapshot.context.revoking).toEqual(alan)
        expect(Object.keys(snapshot.children)).toEqual([])
      },
      revoking: ({ snapshot, previous, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(snapshot.context.revoking).toEqual(alan)
        if (!ignored) expect(previous?.matches('confirmingRevoke')).toBe(true)
        expect(inputOf(snapshot.children.revokeInvitation)).toEqual({ invitationId: alan.id })
      },
    },
  }),
)

describe('pendingInvitesMachine with actors', () => {
  const start = (enabled = true, roles?: OrganizationRole[]) => {
    const loads: LoadPendingInvitesInput[] = []
    const resends: ResendInvitationsInput[] = []
    const revokes: number[] = []
    const actor = createActor(
      pendingInvitesMachine.provide({
        actors: {
          loadPendingInvites: fromPromise<PendingInvitationPage, LoadPendingInvitesInput>(async ({ input }) => {
            loads.push(input)
            return twoInvites
          }),
          resendInvitations: fromPromise<void, ResendInvitationsInput>(async ({ input }) => {
            resends.push(input)
          }),
          revokeInvitation: fromPromise<void, { invitationId: number }>(async ({ input }) => {
            revokes.push(input.invitationId)
          }),
        },
      }),
      { input: { organizationId: 7, enabled, roles } },
    ).start()
    return { actor, loads, resends, revokes }
  }

  it('loads every role for the users view, and only its own for a students or teachers list', async () => {
    const all = start()
    await waitFor(all.actor, (s) => s.matches('ready'))
    expect(all.loads).toEqual([{ organizationId: 7, roles: [], page: 1 }])
    const students = start(true, ['student'])
    await waitFor(students.actor, (s) => s.matches('ready'))
    students.actor.send({ type: 'invites.page', page: 2 })
    await waitFor(students.actor, (s) => s.matches('ready') && students.loads.length === 2)
    expect(students.loads).toEqual([
      { organizationId: 7, roles: ['student'], page: 1 },
      { organizationId: 7, roles: ['student'], page: 2 },
    ])
  })

  it('loads nothing for a teacher', () => {
    const { actor, loads } = start(false)
    expect(actor.getSnapshot().value).toBe('off')
    expect(loads).toEqual([])
  })

  it('resends the selected invitations, then loads the list again', async () => {
    const { actor, loads, resends } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'invites.select', ids: [1, 2] })
    actor.send({ type: 'invites.resendSelected' })
    await waitFor(actor, (s) => s.matches('ready') && loads.length === 2)
    expect(resends).toEqual([{ organizationId: 7, ids: [1, 2] }])
    expect(actor.getSnapshot().context.selected).toEqual([])
  })

  it('removes an invitation only after the confirmation', async () => {
    const { actor, revokes } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'invites.revoke', invitation: alan })
    actor.send({ type: 'revoke.cancel' })
    expect(revokes).toEqual([])
    actor.send({ type: 'invites.revoke', invitation: alan })
    actor.send({ type: 'revoke.confirm' })
    await waitFor(actor, (s) => s.matches('ready') && revokes.length === 1)
    expect(revokes).toEqual([2])
  })
})

describe('pendingInvitesMachine page and selection bounds', () => {
  const admin = { organizationId: 7, enabled: true }
  const oneRow: PendingInvitationPage = { count: 11, next: null, previous: '/v1/invitations/organization/7/?page=1', results: [grace] }
  const empty: PendingInvitationPage = { count: 0, next: null, previous: null, results: [] }
  // an emptied page falls back to the one before, never below the first
  it.each([
    ['page 1, empty', 1, empty, 'ready', 1],
    ['page 2, empty', 2, pastTheEnd, 'loading', 1],
    ['page 2, one invitation', 2, oneRow, 'ready', 2],
    ['page 3, empty', 3, pastTheEnd, 'loading', 2],
  ] as const)('%s: %s on page %i', (_, pageNumber, answer, state, shown) => {
    const snapshot = snapshotAfter(pendingInvitesMachine, admin, [loaded, { type: 'invites.page', page: pageNumber }, done('loadPendingInvites', answer)])
    expect(snapshot.value).toBe(state)
    expect(snapshot.context.page).toBe(shown)
  })

  // §5: resending selected invites needs one selected
  it.each([
    [[], 'ready'],
    [[1], 'resending'],
    [[1, 2], 'resending'],
  ] as const)('%j selected: resend selected leads to %s', (ids, state) => {
    const snapshot = snapshotAfter(pendingInvitesMachine, admin, [loaded, { type: 'invites.select', ids: [...ids] }, resendSelected])
    expect(snapshot.value).toBe(state)
    if (state === 'resending') expect(snapshot.context.resending).toEqual(ids)
  })

  it('keeps selected only the invitations still listed after a reload', () => {
    const snapshot = snapshotAfter(pendingInvitesMachine, admin, [
      loaded,
      select,
      { type: 'invites.reload' },
      done('loadPendingInvites', { count: 1, next: null, previous: null, results: [alan] }),
    ])
    expect(snapshot.context.selected).toEqual([2])
  })

  it('starts on page 1 with nothing selected, resending or removed', () => {
    expect(snapshotAfter(pendingInvitesMachine, admin, []).context).toEqual({
      organizationId: 7,
      canManage: true,
      roles: [],
      page: 1,
      invitations: null,
      selected: [],
      resending: [],
      revoking: null,
      error: null,
      actionError: null,
    })
  })
})

describe('pendingInvitesMachine id', () => {
  it('is named pendingInvites (the inspector and the flow gallery show it by this id)', () => {
    expect(pendingInvitesMachine.id).toBe('pendingInvites')
  })
})
