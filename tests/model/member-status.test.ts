import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { memberStatusMachine } from '../../machines/member-status'
import type { ChangeMemberStatusInput, OrganizationUser } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof memberStatusMachine
type View = StepView<M>

const soleAdmin = apiFailure(409, { code: 'sole_admin', detail: 'Cannot disable the only active admin of an organization.' })
const self = apiFailure(400, { code: 'self', detail: 'You cannot disable yourself. Ask another admin of the organization.' })
const forbidden = apiFailure(403, { detail: 'You do not have permission to perform this action.' })
const member = { organizationId: 7, userId: 42 }
const disabled: OrganizationUser = {
  id: 42, first_name: 'Ana', last_name: 'Souza', email: 'ana@example.com', username: 'ana', phone_code: null, phone_number: null,
  photo_url: null, roles: ['student'], joined_at: '2026-01-01T00:00:00Z', is_active: false, department: null, title: null, groups_count: 0, users_groups_count: 0,
}

const events: ModelEvent<M>[] = [
  { type: 'memberStatus.confirm' },
  { type: 'memberStatus.retry' },
  { type: 'memberStatus.cancel' },
  done('changeMemberStatus', disabled),
  failed('changeMemberStatus', soleAdmin),
  failed('changeMemberStatus', self),
  failed('changeMemberStatus', forbidden),
  failed('changeMemberStatus', new TypeError('Failed to fetch')),
]

const model = buildModel({
  name: 'memberStatusMachine',
  machine: memberStatusMachine,
  inputs: {
    disable: { ...member, action: 'disable' },
    enable: { ...member, action: 'enable' },
  },
  events: () => events,
  simplePaths: true,
  // spec §2 users view (the disable modal): a confirmation, then the change; the only active admin and
  // oneself are refused for good (cancel only); any other failure may be tried again; the dialog closes
  // when cancelled, whatever it showed, but not while the change is being saved
  edges: {
    confirming: { 'memberStatus.confirm': 'saving', 'memberStatus.retry': null, 'memberStatus.cancel': 'cancelled' },
    saving: {
      'memberStatus.confirm': null,
      'memberStatus.retry': null,
      'memberStatus.cancel': null,
      'xstate.done.actor.changeMemberStatus': 'done',
      'xstate.error.actor.changeMemberStatus': (event) => ([soleAdmin, self].includes(errorOf(event) as typeof self) ? 'refused' : 'failed'),
    },
    refused: { 'memberStatus.confirm': null, 'memberStatus.retry': null, 'memberStatus.cancel': 'cancelled' },
    failed: { 'memberStatus.confirm': null, 'memberStatus.retry': 'saving', 'memberStatus.cancel': 'cancelled' },
    done: {},
    cancelled: {},
  },
  states: {
    confirming: ({ snapshot, event, ignored }: View) => {
      expect(snapshot.status).toBe('active')
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.context.error).toBeNull()
      // only ever the opening state: nothing leads back to it
      if (!ignored) expect(event.type).toBe('xstate.init')
    },
    saving: ({ snapshot, ignored }: View) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.error).toBeNull()
      if (!ignored) expect(inputOf(snapshot.children.changeMemberStatus)).toEqual({ ...member, action: snapshot.context.action })
    },
    done: ({ snapshot, params, event }: View) => {
      expect(snapshot.status).toBe('done')
      // the view is given the member as the server now has it
      expect(event.type).toBe('xstate.done.actor.changeMemberStatus')
      expect(params.announceChanged).toEqual({ member: disabled })
    },
    refused: ({ snapshot, event, ignored }: View) => {
      expect(snapshot.status).toBe('active')
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(['sole_admin', 'self']).toContain(snapshot.context.error?.body.code)
      if (!ignored) expect([soleAdmin, self]).toContain(errorOf(event))
    },
    failed: ({ snapshot, event, ignored }: View) => {
      expect(snapshot.status).toBe('active')
      expect(snapshot.hasTag('error')).toBe(true)
      expect(['sole_admin', 'self']).not.toContain(snapshot.context.error?.body.code)
      if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    cancelled: ({ snapshot, event, actions }: View) => {
      expect(snapshot.status).toBe('done')
      expect(event.type).toBe('memberStatus.cancel')
      // the dialog is closed by the machine, and only here
      expect(actions).toEqual(['close'])
    },
  },
})

modelTests(model)

describe('memberStatusMachine refusals', () => {
  // only the server's two codes, each with its own status, are refusals for good; anything else may pass on a retry
  it.each([
    ['409 sole_admin', soleAdmin, 'refused'],
    ['400 self', self, 'refused'],
    ['409 another code', apiFailure(409, { code: 'conflict', detail: 'Changed meanwhile.' }), 'failed'],
    ['400 sole_admin', apiFailure(400, { code: 'sole_admin', detail: 'Bad request.' }), 'failed'],
    ['409 self', apiFailure(409, { code: 'self', detail: 'Conflict.' }), 'failed'],
    ['400 another code', apiFailure(400, { code: 'invalid', detail: 'Bad request.' }), 'failed'],
  ])('%s: %s', (_, error, state) => {
    const snapshot = snapshotAfter(memberStatusMachine, { ...member, action: 'disable' }, [{ type: 'memberStatus.confirm' }, failed('changeMemberStatus', error)])
    expect(snapshot.value).toBe(state)
  })

  it('is the memberStatus flow (the id names it in the flow gallery and the inspector)', () => {
    expect(memberStatusMachine.id).toBe('memberStatus')
  })
})

describe('memberStatusMachine with actors', () => {
  const run = (action: 'disable' | 'enable', answer: () => Promise<OrganizationUser>) => {
    const calls: ChangeMemberStatusInput[] = []
    const announced: OrganizationUser[] = []
    const actor = createActor(
      memberStatusMachine.provide({
        actors: {
          changeMemberStatus: fromPromise<OrganizationUser, ChangeMemberStatusInput>(async ({ input }) => {
            calls.push(input)
            return answer()
          }),
        },
        actions: { announceChanged: (_, { member: changed }) => void announced.push(changed) },
      }),
      { input: { ...member, action } },
    ).start()
    return { actor, calls, announced }
  }

  it('calls nothing before the confirmation, then the chosen action once', async () => {
    const { actor, calls, announced } = run('enable', async () => ({ ...disabled, is_active: true }))
    expect(calls).toEqual([])
    actor.send({ type: 'memberStatus.confirm' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual([{ ...member, action: 'enable' }])
    expect(announced.map((m) => m.is_active)).toEqual([true])
  })

  it('stops refused (no retry) when the member is the only active admin', async () => {
    const { actor, calls } = run('disable', async () => Promise.reject(soleAdmin))
    actor.send({ type: 'memberStatus.confirm' })
    await waitFor(actor, (s) => s.matches('refused'))
    actor.send({ type: 'memberStatus.retry' })
    expect(actor.getSnapshot().value).toBe('refused')
    expect(calls).toHaveLength(1)
  })

  it('retries after a failure that may pass', async () => {
    let attempt = 0
    const { actor, calls } = run('disable', async () => (++attempt === 1 ? Promise.reject(new TypeError('Failed to fetch')) : disabled))
    actor.send({ type: 'memberStatus.confirm' })
    await waitFor(actor, (s) => s.matches('failed'))
    actor.send({ type: 'memberStatus.retry' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toHaveLength(2)
  })
})
