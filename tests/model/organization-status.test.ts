import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { organizationStatusMachine } from '../../machines/organization-status'
import type { ChangeStatusInput, ChangeStatusResult, Organization, OrganizationIdInput } from '../../machines/types'
import { organization } from './fixtures'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof organizationStatusMachine
type View = StepView<M>

const password = 'my own password'
const disabled: Organization = { ...organization, status: 'inactive' }
const wrongPassword = apiFailure(400, { password: ['The password is not correct.'] })

const events: ModelEvent<M>[] = [
  { type: 'status.disable' },
  { type: 'status.enable' },
  { type: 'status.delete' },
  { type: 'status.submit', password },
  { type: 'status.cancel' },
  { type: 'status.restore' },
  done('changeStatus', organization satisfies ChangeStatusResult),
  failed('changeStatus', wrongPassword),
  failed('changeStatus', apiFailure(403, { detail: 'You do not have permission to do this.' })),
  failed('changeStatus', new TypeError('Failed to fetch')),
  done('restoreOrganization', disabled),
  failed('restoreOrganization', apiFailure(404, { detail: 'Not found.' })),
]

const quiet = ({ snapshot, actions, ignored }: View) => {
  expect(snapshot.hasTag('busy')).toBe(false)
  expect(snapshot.hasTag('dialog')).toBe(false)
  expect(snapshot.context.action).toBeNull()
  if (ignored) return
  // the only side effect on the way back to the page is the notice of a change
  expect(actions.filter((a) => a !== 'announceChanged')).toEqual([])
}

/** Back on the page after enabling or restoring: the page is told, with the organization as the server answered. */
const announced = ({ event, params, actions }: View, output: Organization | null) => {
  expect(actions).toEqual(['announceChanged'])
  expect(params.announceChanged).toEqual({ organization: output })
  expect(['xstate.done.actor.changeStatus', 'xstate.done.actor.restoreOrganization']).toContain(event.type)
}

const dialog = (view: View) => {
  const { snapshot, previous, ignored } = view
  expect(snapshot.hasTag('dialog')).toBe(true)
  expect(snapshot.hasTag('busy')).toBe(false)
  expect(['disable', 'enable', 'delete']).toContain(snapshot.context.action)
  if (ignored) return
  if (previous?.matches('checking')) {
    // back from the server: the same action, the failure kept for the dialog
    expect(snapshot.context.action).toBe(previous.context.action)
    expect(snapshot.context.error).toEqual(expectedFailure(errorOf(view.event)))
  } else {
    // opened from the page: the action of the button, nothing wrong yet
    expect(view.event.type).toBe(`status.${snapshot.context.action}`)
    expect(snapshot.context.error).toBeNull()
  }
  expect(view.actions).toEqual([])
}

/** The page an organization shows as it is (spec §4): deleted, disabled or active. */
const pageOf = (organization: { status: string; deletedAt: string | null }) =>
  organization.deletedAt !== null ? 'deleted.ready' : organization.status === 'inactive' ? 'inactive' : 'active'
const refusals = { 'status.disable': null, 'status.enable': null, 'status.delete': null, 'status.submit': null, 'status.cancel': null, 'status.restore': null }
const dialogEdges = {
  ...refusals,
  'status.submit': 'checking',
  // cancel: back to the page as it was, nothing changed
  'status.cancel': (_: unknown, snapshot: View['snapshot']) => pageOf(snapshot.context),
}

const model = buildModel({
  name: 'organizationStatusMachine',
  machine: organizationStatusMachine,
  inputs: {
    active: { organizationId: organization.id, status: 'active', deletedAt: null },
    inactive: { organizationId: organization.id, status: 'inactive', deletedAt: null },
    deleted: { organizationId: organization.id, status: 'active', deletedAt: '2025-02-01T00:00:00Z' },
  },
  events: () => events,
  simplePaths: true,
  // spec §4 Organization status, §6: active → disable or delete, inactive → enable or delete, each
  // through a password dialog that can be cancelled; a wrong password or a failure keeps the dialog
  // open; disable and delete leave the page, enable shows it active; a deleted one is only restored
  edges: {
    active: { ...refusals, 'status.disable': 'confirming.ready', 'status.delete': 'confirming.ready' },
    inactive: { ...refusals, 'status.enable': 'confirming.ready', 'status.delete': 'confirming.ready' },
    'deleted.ready': { ...refusals, 'status.restore': 'restoring' },
    'deleted.failed': { ...refusals, 'status.restore': 'restoring' },
    restoring: {
      ...refusals,
      'xstate.done.actor.restoreOrganization': (event) => {
        const restored = (event as { output: Organization }).output
        return pageOf({ status: restored.status, deletedAt: restored.deleted_at })
      },
      'xstate.error.actor.restoreOrganization': 'deleted.failed',
    },
    'confirming.ready': dialogEdges,
    'confirming.wrongPassword': dialogEdges,
    'confirming.failed': dialogEdges,
    checking: {
      ...refusals,
      'xstate.done.actor.changeStatus': (_, snapshot) => (snapshot.context.action === 'enable' ? 'active' : 'done'),
      'xstate.error.actor.changeStatus': (event) => (errorOf(event) === wrongPassword ? 'confirming.wrongPassword' : 'confirming.failed'),
    },
    done: {},
  },
  states: {
    active: (view) => {
      quiet(view)
      expect(view.snapshot.context.status).toBe('active')
      expect(view.snapshot.context.deletedAt).toBeNull()
      if (!view.ignored && view.event.type === 'xstate.done.actor.changeStatus') announced(view, organization)
    },
    inactive: (view) => {
      quiet(view)
      expect(view.snapshot.context.status).toBe('inactive')
      expect(view.snapshot.context.deletedAt).toBeNull()
      if (!view.ignored && view.event.type === 'xstate.done.actor.restoreOrganization') announced(view, disabled)
    },
    'deleted.ready': (view) => {
      quiet(view)
      expect(view.snapshot.context.deletedAt).not.toBeNull()
      expect(view.snapshot.context.error).toBeNull()
    },
    'deleted.failed': (view) => {
      quiet(view)
      expect(view.snapshot.hasTag('error')).toBe(true)
      expect(view.snapshot.context.deletedAt).not.toBeNull()
      if (!view.ignored) expect(view.snapshot.context.error).toEqual(expectedFailure(errorOf(view.event)))
    },
    restoring: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      if (!ignored) expect(event.type).toBe('status.restore')
    },
    'confirming.ready': (view) => {
      dialog(view)
      expect(view.snapshot.hasTag('error')).toBe(false)
    },
    'confirming.wrongPassword': (view) => {
      dialog(view)
      expect(view.snapshot.hasTag('error')).toBe(true)
      if (!view.ignored) expect(view.snapshot.context.error).toEqual(wrongPassword)
    },
    'confirming.failed': (view) => {
      dialog(view)
      expect(view.snapshot.hasTag('error')).toBe(true)
      // anything but a password error: the panel shows the detail or the generic message
      expect(view.snapshot.context.error?.body.password).toBeUndefined()
    },
    checking: ({ snapshot, event, previous, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.hasTag('dialog')).toBe(true)
      expect(snapshot.context.error).toBeNull()
      if (ignored) return
      expect(event.type).toBe('status.submit')
      expect(snapshot.context.action).toBe(previous?.context.action)
    },
    done: ({ snapshot, actions, params, previous }) => {
      // disabled or deleted: the page is left, and the flow ends
      expect(snapshot.status).toBe('done')
      expect(['disable', 'delete']).toContain(previous?.context.action)
      expect(actions).toEqual(['leave'])
      expect(params.leave).toEqual({ action: previous?.context.action })
    },
  },
})

modelTests(model)

describe('organizationStatusMachine with actors', () => {
  it('sends the action and the password; a wrong password keeps the dialog open, the right one leaves the page', async () => {
    const calls: ChangeStatusInput[] = []
    const left: unknown[] = []
    const machine = organizationStatusMachine.provide({
      actors: {
        changeStatus: fromPromise<ChangeStatusResult, ChangeStatusInput>(async ({ input }) => {
          calls.push(input)
          if (input.password !== password) throw wrongPassword
          return disabled
        }),
        restoreOrganization: fromPromise<Organization, OrganizationIdInput>(async () => organization),
      },
      actions: { leave: (_, params) => left.push(params) },
    })
    const actor = createActor(machine, { input: { organizationId: organization.id, status: 'active', deletedAt: null } }).start()
    expect(actor.getSnapshot().matches('active')).toBe(true)
    actor.send({ type: 'status.disable' })
    actor.send({ type: 'status.submit', password: 'wrong' })
    await waitFor(actor, (s) => s.matches({ confirming: 'wrongPassword' }))
    actor.send({ type: 'status.submit', password })
    await waitFor(actor, (s) => s.status === 'done')
    expect(calls).toEqual([
      { organizationId: organization.id, action: 'disable', password: 'wrong' },
      { organizationId: organization.id, action: 'disable', password },
    ])
    expect(left).toEqual([{ action: 'disable' }])
  })
})
