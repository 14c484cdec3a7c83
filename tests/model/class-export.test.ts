import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { classExportMachine, type ClassExportRequest } from '../../machines/class-export'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, inputOf, modelTests } from './harness'
import type { ModelEvent } from './harness'

type M = typeof classExportMachine

const activity: ClassExportRequest = { groupId: 7, kind: 'activity', format: 'csv', from: '2026-03-01', to: '2026-03-31' }
const lessons: ClassExportRequest = { groupId: 7, kind: 'lesson', format: 'xlsx', from: '2026-03-01', to: '2026-03-31' }

const events: ModelEvent<M>[] = [
  { type: 'export.start', request: activity },
  { type: 'export.start', request: lessons },
  { type: 'export.dismiss' },
  done('downloadExport', undefined),
  failed('downloadExport', apiFailure(400, { to: ['Choose a range of at most 366 days.'] })),
  failed('downloadExport', apiFailure(0, {})),
]

const model = buildModel({
  name: 'classExportMachine',
  machine: classExportMachine,
  events: () => events,
  simplePaths: true,
  // §6: one export at a time; a failure stays until dismissed or an export is chosen again
  edges: {
    idle: { 'export.start': 'downloading', 'export.dismiss': null },
    downloading: {
      'export.start': null,
      'export.dismiss': null,
      'xstate.done.actor.downloadExport': 'idle',
      'xstate.error.actor.downloadExport': 'failed',
    },
    failed: { 'export.start': 'downloading', 'export.dismiss': 'idle' },
  },
  states: {
    idle: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.context.error).toBeNull()
    },
    downloading: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.error).toBeNull()
      if (!ignored && event.type === 'export.start') expect(snapshot.context.request).toEqual(event.request)
      expect(inputOf(snapshot.children.downloadExport)).toEqual(snapshot.context.request)
    },
    failed: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.hasTag('busy')).toBe(false)
      expect(snapshot.context.request).not.toBeNull()
      if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
  },
})

modelTests(model)

describe('classExportMachine with actors', () => {
  it('downloads what was chosen, one at a time: a second choice while busy is not taken', async () => {
    const asked: ClassExportRequest[] = []
    let finish = () => {}
    const machine = classExportMachine.provide({
      actors: {
        downloadExport: fromPromise<void, ClassExportRequest>(({ input }) => {
          asked.push(input)
          return new Promise<void>((resolve) => (finish = resolve))
        }),
      },
    })
    const actor = createActor(machine).start()
    actor.send({ type: 'export.start', request: lessons })
    actor.send({ type: 'export.start', request: activity })
    finish()
    await waitFor(actor, (s) => s.matches('idle'))
    expect(asked).toEqual([lessons])
  })
})
