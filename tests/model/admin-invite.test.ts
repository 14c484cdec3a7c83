import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { adminInviteMachine } from '../../machines/admin-invite'
import type { InviteAdminInput, OrganizationIdInput, OrganizationUser } from '../../machines/types'
import { organization } from './fixtures'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof adminInviteMachine
type View = StepView<M>

const admin = (id: number, email: string): OrganizationUser => ({
  id,
  first_name: 'Ana',
  last_name: 'Lima',
  email,
  username: null,
  phone_code: null,
  phone_number: null,
  photo_url: null,
  roles: ['admin'],
  joined_at: '2025-01-15T10:00:00Z',
  is_active: true,
  department: null,
  title: null,
  groups_count: 0,
  users_groups_count: 0,
})
const owner = admin(1, 'owner@example.com')
const second = admin(2, 'second@example.com')
const email = 'new.admin@example.com'
/** The event of the 1-second delay after a sent invitation (xstate.after.<delay>.<state id>). */
const reloadTick = { type: 'xstate.after.reloadAfterInvite.adminInvite.listed.sent' } as unknown as ModelEvent<M>

const events: ModelEvent<M>[] = [
  { type: 'invite.send', email },
  { type: 'admins.reload' },
  reloadTick,
  done('loadAdmins', [owner]),
  failed('loadAdmins', apiFailure(403, { detail: 'You do not have permission to do this.' })),
  done('inviteAdmin', { invitations: [] }),
  failed('inviteAdmin', apiFailure(400, { detail: 'You cannot invite yourself. Ask another administrator to invite you.' })),
]

const model = buildModel({
  name: 'adminInviteMachine',
  machine: adminInviteMachine,
  inputs: { '': { organizationId: organization.id } },
  events: () => events,
  simplePaths: true,
  // spec §2 Profile view, §4: the admins are listed with the invite form; one invitation is sent at a
  // time; the list reloads 1 second after one is sent (never on its own otherwise); a failed load
  // may be tried again
  edges: {
    loading: {
      'invite.send': null,
      'admins.reload': null,
      [reloadTick.type]: null,
      'xstate.done.actor.loadAdmins': 'listed.editing',
      'xstate.error.actor.loadAdmins': 'loadFailed',
    },
    loadFailed: { 'invite.send': null, 'admins.reload': 'loading', [reloadTick.type]: null },
    'listed.editing': { 'invite.send': 'listed.sending', 'admins.reload': null, [reloadTick.type]: null },
    'listed.sending': {
      'invite.send': null,
      'admins.reload': null,
      [reloadTick.type]: null,
      'xstate.done.actor.inviteAdmin': 'listed.sent',
      'xstate.error.actor.inviteAdmin': 'listed.failed',
    },
    'listed.sent': { 'invite.send': 'listed.sending', 'admins.reload': null, [reloadTick.type]: 'loading' },
    'listed.failed': { 'invite.send': 'listed.sending', 'admins.reload': null, [reloadTick.type]: null },
  },
  states: {
    loading: ({ snapshot, event, previous, ignored }) => {
      expect(snapshot.hasTag('loading')).toBe(true)
      expect(inputOf(snapshot.children.loadAdmins)).toEqual({ organizationId: organization.id })
      // nothing listed or sent yet
      if (event.type === 'xstate.init') expect(snapshot.context).toEqual({ organizationId: organization.id, admins: [], email: '', error: null })
      if (ignored || event.type === 'xstate.init') return
      // a retry, or the reload 1 second after an invitation was sent (spec §4)
      if (event.type === 'admins.reload') expect(previous?.matches('loadFailed')).toBe(true)
      else {
        expect(event.type).toBe(reloadTick.type)
        expect(previous?.matches({ listed: 'sent' })).toBe(true)
      }
    },
    loadFailed: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('error')).toBe(true)
      if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    'listed.editing': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context.admins).toEqual([owner])
      expect(snapshot.context.error).toBeNull()
      if (!ignored) expect(event.type).toBe('xstate.done.actor.loadAdmins')
    },
    'listed.sending': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.error).toBeNull()
      if (!ignored) expect(event).toEqual({ type: 'invite.send', email })
      expect(snapshot.context.email).toBe(email)
      expect(inputOf(snapshot.children.inviteAdmin)).toEqual({ organizationId: organization.id, email })
    },
    'listed.sent': ({ snapshot, actions, params, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.context.error).toBeNull()
      if (ignored) return
      // a toast names the address; the reload waits for its second
      expect(actions).toEqual(['announceSent'])
      expect(params.announceSent).toEqual({ email })
    },
    'listed.failed': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.email).toBe(email)
      if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
  },
})

modelTests(model)

describe('adminInviteMachine sending again', () => {
  it('sends the next address typed, from the sent note or from a refusal', () => {
    const other = 'other.admin@example.com'
    const listed = [done('loadAdmins', [owner]), { type: 'invite.send', email }] as ModelEvent<M>[]
    const again = { type: 'invite.send', email: other } as ModelEvent<M>
    const afterSent = snapshotAfter(adminInviteMachine, { organizationId: organization.id }, [...listed, done('inviteAdmin', { invitations: [] }), again])
    const afterRefusal = snapshotAfter(adminInviteMachine, { organizationId: organization.id }, [...listed, failed('inviteAdmin', apiFailure(400, { detail: 'No.' })), again])
    for (const snapshot of [afterSent, afterRefusal]) {
      expect(snapshot.matches({ listed: 'sending' })).toBe(true)
      expect(inputOf(snapshot.children.inviteAdmin)).toEqual({ organizationId: organization.id, email: other })
    }
  })
})

describe('adminInviteMachine with actors', () => {
  it('reloads the admins 1 second after an invitation is sent, not before', async () => {
    vi.useFakeTimers()
    try {
      const invited: InviteAdminInput[] = []
      let loads = 0
      const machine = adminInviteMachine.provide({
        actors: {
          loadAdmins: fromPromise<OrganizationUser[], OrganizationIdInput>(async () => (++loads === 1 ? [owner] : [owner, second])),
          inviteAdmin: fromPromise<unknown, InviteAdminInput>(async ({ input }) => invited.push(input)),
        },
      })
      const actor = createActor(machine, { input: { organizationId: organization.id } }).start()
      // (vi.waitFor would move the fake clock on: promises are settled with a zero advance instead)
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches('listed')).toBe(true)
      actor.send({ type: 'invite.send', email })
      await vi.advanceTimersByTimeAsync(0)
      expect(actor.getSnapshot().matches({ listed: 'sent' })).toBe(true)
      expect(invited).toEqual([{ organizationId: organization.id, email }])
      await vi.advanceTimersByTimeAsync(999)
      expect(loads).toBe(1)
      await vi.advanceTimersByTimeAsync(1)
      const reloaded = await waitFor(actor, (s) => s.matches('listed') && s.context.admins.length === 2)
      expect(reloaded.context.admins).toEqual([owner, second])
      expect(loads).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })
})
