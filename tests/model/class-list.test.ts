import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { classListMachine } from '../../machines/class-list'
import type { ClassGroup, ClassGroupPage, ClassListInput, DeleteClassesInput, DeleteClassesOutput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests, snapshotAfter } from './harness'
import type { ModelEvent, StepView } from './harness'

type M = typeof classListMachine
type View = StepView<M>

const group = (id: number, name: string): ClassGroup => ({
  id,
  name,
  start_date: '2026-04-01',
  end_date: '2026-04-30',
  status: 'not_started',
  organization_id: 7,
  owner: null,
  pending_teacher: null,
  is_draft: false,
  users_count: 0,
  pending_invitations: 0,
  assignment: null,
  created: '2026-03-01T10:00:00.000Z',
})
const twoClasses: ClassGroupPage = { count: 2, next: null, previous: null, results: [group(1, 'Algebra'), group(2, 'Biology')] }
/** What page 2 answers once its last classes went. */
const pastTheEnd: ClassGroupPage = { count: 50, next: null, previous: '/v1/groups/7/?page=1', results: [] }
const forbidden = apiFailure(403, { detail: 'You do not have permission to do this.' })
const offline = new TypeError('Failed to fetch')

const firstQuery = { status: 'all', search: '', page: 1 } as const
const page2 = { status: 'all', search: '', page: 2 } as const
const active = { status: 'active', search: 'alg', page: 1 } as const

const select: ModelEvent<M> = { type: 'classes.select', ids: [1, 2] }
const remove: ModelEvent<M> = { type: 'classes.delete' }
const confirm: ModelEvent<M> = { type: 'delete.confirm' }
const cancel: ModelEvent<M> = { type: 'delete.cancel' }
const loaded = done('loadClasses', twoClasses)
const deleted = done('deleteClasses', { deleted: [1, 2], failed: [] })

const events: ModelEvent<M>[] = [
  { type: 'classes.query', query: active },
  { type: 'classes.query', query: firstQuery },
  { type: 'classes.reload' },
  { type: 'classes.retry' },
  select,
  remove,
  confirm,
  cancel,
  loaded,
  done('loadClasses', pastTheEnd),
  failed('loadClasses', forbidden),
  deleted,
  done('deleteClasses', { deleted: [1], failed: [2] }),
  failed('deleteClasses', offline),
]

/** Every event of the class list, refused: the edges below say which a state accepts. */
const none = {
  'classes.query': null,
  'classes.reload': null,
  'classes.retry': null,
  'classes.select': null,
  'classes.delete': null,
  'delete.confirm': null,
  'delete.cancel': null,
} as const
const isNew = (event: ModelEvent<M>, snapshot: { context: { query: unknown } }) =>
  'query' in event && JSON.stringify(event.query) === JSON.stringify(snapshot.context.query) ? null : 'loading'
/** An empty page after the first (its last classes were deleted) loads the one before; any other answer is shown. */
const afterLoad = (event: ModelEvent<M>, snapshot: { context: { query: { page: number } } }) =>
  (event as { output: ClassGroupPage }).output.results.length === 0 && snapshot.context.query.page > 1 ? 'loading' : 'ready'

modelTests(
  buildModel({
    name: 'classListMachine',
    machine: classListMachine,
    inputs: {
      'first page': { organizationId: 7, query: firstQuery },
      'second page': { organizationId: 7, query: page2 },
    },
    events: () => events,
    simplePaths: {
      events: () => [select, remove, confirm, cancel, loaded, deleted],
      bound: 'queries, reloads and refusals are left to the shortest paths (each multiplies the graph without new states)',
    },
    // spec 001 §2 Class list (filter, search, pages of 50), §7 deleting the ticked classes after a confirmation
    edges: {
      loading: { ...none, 'classes.query': isNew, 'xstate.done.actor.loadClasses': afterLoad, 'xstate.error.actor.loadClasses': 'failed' },
      failed: { ...none, 'classes.query': 'loading', 'classes.retry': 'loading' },
      ready: {
        ...none,
        'classes.query': isNew,
        'classes.reload': 'loading',
        'classes.select': 'ready',
        'classes.delete': (_, snapshot) => (snapshot.context.selected.length > 0 ? 'confirmingDelete' : null),
      },
      confirmingDelete: { ...none, 'delete.confirm': 'deleting', 'delete.cancel': 'ready' },
      deleting: { ...none, 'xstate.done.actor.deleteClasses': 'loading', 'xstate.error.actor.deleteClasses': 'ready' },
    },
    states: {
      loading: ({ snapshot, event, previous, params, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        expect(inputOf(snapshot.children.loadClasses)).toEqual({ organizationId: 7, query: snapshot.context.query })
        if (ignored) return
        if (event.type === 'classes.query') expect(snapshot.context.query).toEqual(event.query)
        // an empty page past the end loads the one before
        if (event.type === 'xstate.done.actor.loadClasses') expect(snapshot.context.query.page).toBe((previous?.context.query.page ?? 0) - 1)
        if (event.type === 'xstate.done.actor.deleteClasses') {
          expect(params.announceDeleted).toEqual(event.output)
          expect(snapshot.context.selected).toEqual([])
        }
      },
      failed: ({ snapshot, event, ignored }: View) => {
        expect(snapshot.hasTag('error')).toBe(true)
        if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      },
      ready: ({ snapshot, event, previous, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(false)
        expect(snapshot.context.page).not.toBeNull()
        expect(snapshot.context.error).toBeNull()
        if (ignored) {
          // deleting needs a class ticked; the same query loads nothing again
          if (event.type === 'classes.delete') expect(snapshot.context.selected).toEqual([])
          return
        }
        if (event.type === 'classes.select') expect(snapshot.context.selected).toEqual([1, 2])
        if (event.type === 'delete.cancel') expect(snapshot.context.selected).toEqual(previous?.context.selected)
        if (event.type === 'xstate.error.actor.deleteClasses') {
          expect(snapshot.context.actionError).toEqual(expectedFailure(errorOf(event)))
          expect(snapshot.context.selected).toEqual(previous?.context.selected)
        }
      },
      confirmingDelete: ({ snapshot }: View) => {
        // nothing is deleted before the confirmation
        expect(snapshot.context.selected.length).toBeGreaterThan(0)
        expect(snapshot.context.actionError).toBeNull()
        expect(Object.keys(snapshot.children)).toEqual([])
      },
      deleting: ({ snapshot, previous, ignored }: View) => {
        expect(snapshot.hasTag('busy')).toBe(true)
        if (!ignored) expect(previous?.matches('confirmingDelete')).toBe(true)
        expect(inputOf(snapshot.children.deleteClasses)).toEqual({ organizationId: 7, ids: snapshot.context.selected })
      },
    },
  }),
)

describe('classListMachine page and selection bounds', () => {
  const input = { organizationId: 7, query: firstQuery }
  const oneClass: ClassGroupPage = { count: 51, next: null, previous: '/v1/groups/7/?page=1', results: [group(1, 'Algebra')] }
  const empty: ClassGroupPage = { count: 0, next: null, previous: null, results: [] }
  // an emptied page falls back to the one before, never below the first
  it.each([
    ['page 1, empty', 1, empty, 'ready', 1],
    ['page 2, empty', 2, pastTheEnd, 'loading', 1],
    ['page 2, one class', 2, oneClass, 'ready', 2],
    ['page 3, empty', 3, pastTheEnd, 'loading', 2],
  ] as const)('%s: %s on page %i', (_, pageNumber, answer, state, shown) => {
    const snapshot = snapshotAfter(classListMachine, { organizationId: 7, query: { ...firstQuery, page: pageNumber } }, [done('loadClasses', answer)])
    expect(snapshot.value).toBe(state)
    expect(snapshot.context.query).toEqual({ ...firstQuery, page: shown })
  })

  // deleting needs at least one class ticked
  it.each([
    [[], 'ready'],
    [[2], 'confirmingDelete'],
    [[1, 2], 'confirmingDelete'],
  ] as const)('%j ticked: delete leads to %s', (ids, state) => {
    const snapshot = snapshotAfter(classListMachine, input, [loaded, { type: 'classes.select', ids: [...ids] }, remove])
    expect(snapshot.value).toBe(state)
  })

  it('keeps ticked only the classes still listed, and forgets an old refusal when asked again', () => {
    const reloaded = snapshotAfter(classListMachine, input, [loaded, select, { type: 'classes.reload' }, done('loadClasses', { ...twoClasses, count: 1, results: [group(2, 'Biology')] })])
    expect(reloaded.context.selected).toEqual([2])
    const again = snapshotAfter(classListMachine, input, [loaded, select, remove, confirm, failed('deleteClasses', offline), remove])
    expect(again.value).toBe('confirmingDelete')
    expect(again.context.actionError).toBeNull()
  })

  it('starts with nothing loaded, ticked or refused', () => {
    expect(snapshotAfter(classListMachine, input, []).context).toEqual({ organizationId: 7, query: firstQuery, page: null, selected: [], error: null, actionError: null })
  })
})

describe('classListMachine with actors', () => {
  const start = (failing: number[] = []) => {
    const loads: ClassListInput[] = []
    const deletes: DeleteClassesInput[] = []
    const actor = createActor(
      classListMachine.provide({
        actors: {
          loadClasses: fromPromise<ClassGroupPage, ClassListInput>(async ({ input }) => {
            loads.push(input)
            return twoClasses
          }),
          deleteClasses: fromPromise<DeleteClassesOutput, DeleteClassesInput>(async ({ input }) => {
            deletes.push(input)
            return { deleted: input.ids.filter((id) => !failing.includes(id)), failed: failing }
          }),
        },
      }),
      { input: { organizationId: 7, query: firstQuery } },
    ).start()
    return { actor, loads, deletes }
  }

  it('loads the query asked for, dropping one already asked for', async () => {
    const { actor, loads } = start()
    actor.send({ type: 'classes.query', query: active })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(loads.map((load) => load.query)).toEqual([firstQuery, active])
    expect(actor.getSnapshot().context.query).toEqual(active)
  })

  it('deletes the ticked classes only after the confirmation, then loads the list again', async () => {
    const { actor, loads, deletes } = start()
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'classes.select', ids: [1, 2] })
    actor.send({ type: 'classes.delete' })
    actor.send({ type: 'delete.cancel' })
    expect(deletes).toEqual([])
    actor.send({ type: 'classes.delete' })
    actor.send({ type: 'delete.confirm' })
    await waitFor(actor, (s) => s.matches('ready') && loads.length === 2)
    expect(deletes).toEqual([{ organizationId: 7, ids: [1, 2] }])
    expect(actor.getSnapshot().context.selected).toEqual([])
  })
})

describe('classListMachine id', () => {
  it('is named classList (the inspector and the flow gallery show it by this id)', () => {
    expect(classListMachine.id).toBe('classList')
  })
})
