import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { IMPORT_MAX_BYTES, organizationImportMachine } from '../../machines/organization-import'
import type { ImportIdInput, OrganizationImport, StageImportInput } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests, fileSizeBoundTests } from './harness'
import { fileOfSize } from './fixtures'
import type { ModelEvent, StepView } from './harness'

type M = typeof organizationImportMachine
type View = StepView<M>

// A File serializes to {}: the graph tells events apart by their JSON, so each file carries its name.
const file = (parts: BlobPart[], name: string): File => Object.assign(new File(parts, name), { label: name })
const csv = file(['name\nA'], 'organizations.csv')
const xlsx = file([new Uint8Array([0x50, 0x4b, 3, 4])], 'Organizations.XLSX')
const pdf = file(['%PDF'], 'organizations.pdf')
const huge = file([new Uint8Array(IMPORT_MAX_BYTES + 1)], 'huge.csv')

const values = {
  name: 'Springfield High', type: 'school', industry: 'education', address_1: '19 Plympton St', address_2: '', city: 'Springfield',
  state: 'OR', postal_code: '97477', country: 'US', phone: '+1 5415550100', timezone: 'America/Los_Angeles', is_verified: '', owner_email: 'skinner@example.com',
}
const clean: OrganizationImport = {
  id: 7, file_name: 'organizations.csv', created_at: '2025-03-05T10:00:00.000Z', committed_at: null, total: 1, with_errors: 0,
  rows: [{ row: 2, values, errors: [], organization: null }],
}
const withErrors: OrganizationImport = {
  ...clean, id: 8, with_errors: 1,
  rows: [{ row: 2, values: { ...values, owner_email: 'x' }, errors: [{ column: 'owner_email', message: 'Invalid owner email' }], organization: null }],
}
const committed: OrganizationImport = { ...clean, committed_at: '2025-03-05T10:01:00.000Z', rows: [{ ...clean.rows[0]!, organization: 42 }] }
const nowTaken: OrganizationImport = { ...clean, with_errors: 1, rows: [{ ...clean.rows[0]!, errors: [{ column: 'name', message: 'An organization with this name already exists.' }] }] }

const events: ModelEvent<M>[] = [
  { type: 'import.choose', file: csv },
  { type: 'import.choose', file: pdf },
  { type: 'import.choose', file: huge },
  { type: 'import.confirm' },
  done('stageImport', clean),
  done('stageImport', withErrors),
  failed('stageImport', apiFailure(415, { detail: 'File type is not allowed', code: 'file_type' })),
  done('confirmImport', committed),
  failed('confirmImport', apiFailure(409, { detail: 'Some rows have errors. Fix the file and upload it again.', code: 'import_has_errors', import: nowTaken })),
  failed('confirmImport', new TypeError('Failed to fetch')),
]
// simple paths over fewer events: the graph of every event is too large to walk every simple path
const simpleEvents: ModelEvent<M>[] = [
  { type: 'import.choose', file: csv },
  { type: 'import.choose', file: pdf },
  { type: 'import.confirm' },
  done('stageImport', clean),
  done('stageImport', withErrors),
  failed('stageImport', apiFailure(415, { detail: 'File type is not allowed', code: 'file_type' })),
  done('confirmImport', committed),
  failed('confirmImport', apiFailure(409, { detail: 'Some rows have errors. Fix the file and upload it again.', code: 'import_has_errors', import: nowTaken })),
  failed('confirmImport', new TypeError('Failed to fetch')),
]

const notBusy = ({ snapshot }: View) => {
  expect(snapshot.hasTag('busy')).toBe(false)
  expect(snapshot.status).toBe('active')
}

const model = buildModel({
  name: 'organizationImportMachine',
  machine: organizationImportMachine,
  events: () => events,
  simplePaths: { events: () => simpleEvents, bound: 'the file too large for the browser is left to the shortest paths' },
  states: {
    'choosing.ready': (view) => {
      notBusy(view)
      if (!view.ignored) expect(view.event.type).toBe('xstate.init')
      expect(view.snapshot.context).toEqual({ fileName: null, preview: null, rejection: null, error: null })
    },
    'choosing.rejected': (view) => {
      notBusy(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.preview).toBeNull()
      expect(snapshot.children).toEqual({})
      if (ignored) return
      if (event.type !== 'import.choose') throw new Error(`unexpected way into rejected: ${event.type}`)
      expect(snapshot.context.rejection).toBe(event.file === pdf ? 'type' : 'size')
    },
    'choosing.failed': (view) => {
      notBusy(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.preview).toBeNull()
      if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    uploading: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context).toMatchObject({ preview: null, rejection: null, error: null })
      if (ignored) return
      expect(event).toEqual({ type: 'import.choose', file: csv })
      expect(snapshot.context.fileName).toBe('organizations.csv')
    },
    'preview.shown': (view) => {
      notBusy(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context.error).toBeNull()
      // confirming is possible only without errors
      expect(snapshot.can({ type: 'import.confirm' })).toBe(snapshot.context.preview?.with_errors === 0)
      if (ignored) return
      if (event.type === 'xstate.done.actor.stageImport') expect(snapshot.context.preview).toEqual(event.output)
      else if (event.type === 'xstate.error.actor.confirmImport') expect(snapshot.context.preview).toEqual(nowTaken)
      else throw new Error(`unexpected way into the preview: ${event.type}`)
    },
    'preview.failed': (view) => {
      notBusy(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.preview).toEqual(clean)
      if (!ignored) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    confirming: ({ snapshot, event, previous }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.preview?.with_errors).toBe(0)
      if (event.type === 'import.choose') {
        // another file is not taken while the organizations are being created: nothing changes
        expect(previous?.value).toBe('confirming')
        expect(snapshot.context).toEqual(previous?.context)
      } else expect(event.type).toBe('import.confirm')
    },
    created: (view) => {
      notBusy(view)
      const { snapshot, ignored, actions, params } = view
      expect(snapshot.context.preview).toEqual(committed)
      if (ignored) return
      expect(actions).toContain('announceCreated')
      expect(params.announceCreated).toEqual({ created: 1 })
    },
  },
})

modelTests(model)

describe('organizationImportMachine with actors', () => {
  it('sends the chosen spreadsheet, never a refused file, and confirms only a file without errors', async () => {
    const staged: StageImportInput[] = []
    const confirmed: ImportIdInput[] = []
    const created: unknown[] = []
    let next = withErrors
    const machine = organizationImportMachine.provide({
      actors: {
        stageImport: fromPromise<OrganizationImport, StageImportInput>(async ({ input }) => {
          staged.push(input)
          return next
        }),
        confirmImport: fromPromise<OrganizationImport, ImportIdInput>(async ({ input }) => {
          confirmed.push(input)
          return committed
        }),
      },
      actions: { announceCreated: (_, params) => created.push(params) },
    })
    const actor = createActor(machine).start()
    actor.send({ type: 'import.choose', file: pdf })
    expect(actor.getSnapshot().context.rejection).toBe('type')
    actor.send({ type: 'import.choose', file: xlsx })
    await waitFor(actor, (s) => s.matches('preview'))
    actor.send({ type: 'import.confirm' })
    expect(actor.getSnapshot().matches('preview')).toBe(true)
    next = clean
    actor.send({ type: 'import.choose', file: csv })
    await waitFor(actor, (s) => s.matches('preview'))
    actor.send({ type: 'import.confirm' })
    await waitFor(actor, (s) => s.matches('created'))
    expect(staged).toEqual([{ file: xlsx }, { file: csv }])
    expect(confirmed).toEqual([{ importId: clean.id }])
    expect(created).toEqual([{ created: 1 }])
  })
})

fileSizeBoundTests('organizationImportMachine', organizationImportMachine, undefined, IMPORT_MAX_BYTES, (file) => ({ type: 'import.choose', file }), (bytes) => fileOfSize(bytes, 'organizations.csv', 'text/csv'))
