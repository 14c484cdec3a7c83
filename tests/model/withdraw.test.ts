import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { User, UserIdInput, WithdrawFromOrganizationInput } from '../../machines/types'
import { withdrawMachine } from '../../machines/withdraw'
import { company, school, teacher, teacherWithdrawn } from './fixtures'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof withdrawMachine
type View = StepView<M>

const soleAdminOfCompany = { ...company, sole_admin: true }
const soleAdminRefusal = apiFailure(409, { detail: 'Cannot remove the only admin of an organization.', code: 'sole_admin' })

const events: ModelEvent<M>[] = [
  { type: 'withdraw.confirm' },
  { type: 'withdraw.cancel' },
  done('withdraw', undefined),
  failed('withdraw', soleAdminRefusal),
  done('reloadAccount', teacherWithdrawn),
  failed('reloadAccount', new TypeError('Failed to fetch')),
]

const waiting = ({ snapshot }: View) => {
  expect(snapshot.hasTag('busy')).toBe(false)
  expect(snapshot.status).toBe('active')
  expect(snapshot.context.error).toBeNull()
}

const model = buildModel({
  name: 'withdrawMachine',
  machine: withdrawMachine,
  inputs: {
    teacher: { userId: teacher.id, organization: school },
    'sole admin': { userId: teacher.id, organization: soleAdminOfCompany },
  },
  events: () => events,
  simplePaths: true,
  // spec §4 Withdraw, §6: two confirmations, then the removal, the reload and the close; cancel
  // closes from any message but not while the removal runs; the only admin can only close
  edges: {
    soleAdmin: { 'withdraw.confirm': null, 'withdraw.cancel': 'closed' },
    asking: { 'withdraw.confirm': 'confirmed', 'withdraw.cancel': 'closed' },
    confirmed: { 'withdraw.confirm': 'withdrawing', 'withdraw.cancel': 'closed' },
    withdrawing: {
      'withdraw.confirm': null,
      'withdraw.cancel': null,
      'xstate.done.actor.withdraw': 'reloading',
      'xstate.error.actor.withdraw': 'failed',
    },
    failed: { 'withdraw.confirm': 'withdrawing', 'withdraw.cancel': 'closed' },
    reloading: {
      'withdraw.confirm': null,
      'withdraw.cancel': null,
      'xstate.done.actor.reloadAccount': 'closed',
      'xstate.error.actor.reloadAccount': 'closed',
    },
    closed: {},
  },
  states: {
    soleAdmin: (view) => {
      waiting(view)
      // nothing to confirm: the only admin must invite another owner first
      expect(view.snapshot.context.organization.sole_admin).toBe(true)
      expect(view.snapshot.can({ type: 'withdraw.confirm' })).toBe(false)
    },
    asking: (view) => {
      waiting(view)
      expect(view.snapshot.context.organization.sole_admin).not.toBe(true)
    },
    confirmed: (view) => {
      waiting(view)
      // only the first confirmation leads here
      if (!view.ignored) expect(view.previous?.value).toBe('asking')
    },
    withdrawing: ({ snapshot, previous, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      // the dialog cannot be closed while the removal runs
      expect(snapshot.can({ type: 'withdraw.cancel' })).toBe(false)
      expect(snapshot.context.error).toBeNull()
      // the removal follows a second confirmation (or a retry after a failure), never the first
      if (!ignored) {
        expect(event.type).toBe('withdraw.confirm')
        expect(['confirmed', 'failed']).toContain(previous?.value)
      }
      expect(inputOf(snapshot.children.withdraw)).toEqual({ organizationId: school.id })
    },
    failed: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('error')).toBe(true)
      if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    reloading: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(inputOf(snapshot.children.reloadAccount)).toEqual({ userId: teacher.id })
    },
    closed: ({ snapshot, event, actions, params }) => {
      expect(snapshot.status).toBe('done')
      if (event.type === 'xstate.done.actor.reloadAccount') {
        expect(actions).toEqual(['announceWithdrawn', 'close'])
        expect(params.announceWithdrawn).toEqual({ account: teacherWithdrawn, organization: school })
      } else if (event.type === 'xstate.error.actor.reloadAccount') {
        expect(actions).toEqual(['announceWithdrawn', 'close'])
        expect(params.announceWithdrawn).toEqual({ account: null, organization: school })
      } else {
        // cancelled: nothing happened but the dialog closing, by the machine
        expect(event.type).toBe('withdraw.cancel')
        expect(actions).toEqual(['close'])
      }
    },
  },
})

modelTests(model)

describe('withdrawMachine', () => {
  it.each([
    ['sole_admin true', true, 'soleAdmin'],
    ['sole_admin false', false, 'asking'],
    ['no sole_admin', undefined, 'asking'],
  ])('%s: the dialog opens on %s', (_, soleAdmin, state) => {
    const organization = { ...company, sole_admin: soleAdmin }
    expect(snapshotAfter(withdrawMachine, { userId: teacher.id, organization }, []).value).toBe(state)
  })

  it('is named withdraw in the flow gallery and the Stately editor', () => {
    expect(withdrawMachine.id).toBe('withdraw')
  })
})

describe('withdrawMachine with actors', () => {
  it('removes the membership only after the second confirmation, then reloads and closes', async () => {
    const removed: WithdrawFromOrganizationInput[] = []
    const announced: unknown[] = []
    const machine = withdrawMachine.provide({
      actors: {
        withdraw: fromPromise<void, WithdrawFromOrganizationInput>(async ({ input }) => {
          removed.push(input)
        }),
        reloadAccount: fromPromise<User, UserIdInput>(async () => teacherWithdrawn),
      },
      actions: { announceWithdrawn: (_, params) => announced.push(params) },
    })
    const actor = createActor(machine, { input: { userId: teacher.id, organization: school } }).start()
    actor.send({ type: 'withdraw.confirm' })
    expect(actor.getSnapshot().value).toBe('confirmed')
    expect(removed).toEqual([])
    actor.send({ type: 'withdraw.confirm' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(removed).toEqual([{ organizationId: school.id }])
    expect(announced).toEqual([{ account: teacherWithdrawn, organization: school }])
  })
})
