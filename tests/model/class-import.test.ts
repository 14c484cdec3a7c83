import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { CLASS_IMPORT_MAX_BYTES, classImportMachine } from '../../machines/class-import'
import type { ClassImport, ClassImportCallInput, ClassImportFileInput, ClassImportUpload, ClassImportUploadInput, UploadProgressEvent } from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests, fileSizeBoundTests } from './harness'
import { fileOfSize } from './fixtures'
import type { ModelEvent, StepView } from './harness'

type M = typeof classImportMachine
type View = StepView<M>

// A File serializes to {}: the graph tells events apart by their JSON, so each file carries its name.
const file = (parts: BlobPart[], name: string): File => Object.assign(new File(parts, name), { label: name })
const xlsx = file(['PK'], 'classes.xlsx')
const csv = file(['name\nA'], 'classes.csv')
const huge = file([new Uint8Array(CLASS_IMPORT_MAX_BYTES + 1)], 'huge.xlsx')

const upload: ClassImportUpload = {
  callback_id: 4,
  presigned_url: 'http://portal.test/v1/uploads/?key=k',
  content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  expires_at: '2026-03-05T10:15:00.000Z',
}
const values = { name: 'Grade 7 B', start_date: '2026-01-05', end_date: '2026-02-04', practice_days_per_week: '', practice_minutes_per_day: '', take_assessment: '', engagement_days: '', teacher_email: '' }
const entry = (row: number, name: string, errors: ClassImport['classes'][number]['errors'] = [], group: number | null = null) => ({
  row,
  values: { ...values, name },
  name,
  start_date: '2026-01-05',
  end_date: '2026-02-04',
  goals: null,
  teacher: null,
  errors,
  group,
})
const clean: ClassImport = {
  callback_id: 4,
  file_name: 'classes.xlsx',
  created_at: '2026-03-05T10:00:00.000Z',
  committed_at: null,
  total: 2,
  with_errors: 0,
  classes: [entry(2, 'Grade 7 B'), entry(3, 'Grade 8 A')],
}
const duplicate = { column: 'name', message: 'duplicate group name' }
const withErrors: ClassImport = { ...clean, with_errors: 1, classes: [entry(2, 'Grade 7 B'), entry(3, 'Grade 7 B', [duplicate])] }
const imported: ClassImport = { ...clean, committed_at: '2026-03-05T10:05:00.000Z', classes: [entry(2, 'Grade 7 B', [], 31), entry(3, 'Grade 8 A', [], 32)] }
const refused = apiFailure(409, { detail: 'Some classes have errors: fix the file and upload it again. Nothing was imported.', code: 'import_has_errors', import: withErrors } as never)
const offline = new TypeError('Failed to fetch')

const answers: ModelEvent<M>[] = [
  done('requestClassUpload', upload),
  failed('requestClassUpload', apiFailure(415, { detail: 'File type is not allowed', code: 'file_type' })),
  done('previewClassImport', clean),
  done('previewClassImport', withErrors),
  failed('previewClassImport', apiFailure(400, { detail: 'The file lists nobody.', code: 'empty' })),
  done('confirmClassImport', imported),
  failed('confirmClassImport', refused),
  failed('confirmClassImport', offline),
]

/** The events tried in a state: refused files only while no file is in, progress once, so the graph stays small. */
const eventsIn = (snapshot: ReturnType<typeof classImportMachine.getInitialSnapshot>): ModelEvent<M>[] => [
  { type: 'import.choose', file: xlsx },
  ...(snapshot.matches('upload') ? [{ type: 'import.choose', file: csv } as const, { type: 'import.choose', file: huge } as const] : []),
  { type: 'import.remove' },
  { type: 'import.confirm' },
  { type: 'import.another' },
  ...(snapshot.context.progress.loaded === 0 && snapshot.matches('uploading') ? [{ type: 'upload.progress', loaded: 512, total: 1024 } as const] : []),
  { type: 'upload.done' },
  { type: 'upload.failed', status: 403 },
  ...answers,
]

const notBusy = ({ snapshot }: View) => {
  expect(snapshot.hasTag('busy')).toBe(false)
  expect(snapshot.status).toBe('active')
}
const noFile = ({ snapshot }: View) => expect(snapshot.context).toMatchObject({ fileName: null, file: null, upload: null, preview: null })

const model = buildModel({
  name: 'classImportMachine',
  machine: classImportMachine,
  inputs: { admin: { organizationId: 7 } },
  events: (snapshot) => eventsIn(snapshot),
  simplePaths: { skip: 'files and answers make too many simple paths; shortest paths extended by every answered event cover every state and transition' },
  states: {
    'upload.waiting': (view) => {
      notBusy(view)
      noFile(view)
      expect(view.snapshot.hasTag('error')).toBe(false)
      expect(view.snapshot.can({ type: 'import.confirm' })).toBe(false)
    },
    'upload.rejected': (view) => {
      notBusy(view)
      noFile(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.children).toEqual({})
      if (ignored || event.type !== 'import.choose') return
      // only an .xlsx is taken: 'File type is not allowed'
      expect(snapshot.context.rejection).toBe(event.file === csv ? 'type' : 'size')
    },
    'upload.failed': (view) => {
      notBusy(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.preview).toBeNull()
      expect(snapshot.can({ type: 'import.confirm' })).toBe(false)
      if (ignored) return
      if (event.type === 'upload.failed') expect(snapshot.context.error).toEqual({ status: 403, body: {} })
      else expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    requestingUpload: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context).toMatchObject({ fileName: 'classes.xlsx', file: xlsx, upload: null, preview: null, rejection: null })
      if (!ignored) expect(event).toEqual({ type: 'import.choose', file: xlsx })
    },
    uploading: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.upload).toEqual(upload)
      if (!ignored && event.type === 'upload.progress') expect(snapshot.context.progress).toEqual({ loaded: 512, total: 1024 })
    },
    reading: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.preview).toBeNull()
    },
    'preview.shown': (view) => {
      notBusy(view)
      const { snapshot } = view
      expect(snapshot.context.file).toBeNull()
      // confirm only when no class has an error
      expect(snapshot.can({ type: 'import.confirm' })).toBe(snapshot.context.preview!.with_errors === 0)
    },
    'preview.failed': (view) => {
      notBusy(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      if (ignored || !event.type.startsWith('xstate.error')) return
      expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      // a refusal shows the classes as the server sees them now; a network failure keeps the preview
      expect(snapshot.context.preview).toEqual(errorOf(event) === refused ? withErrors : clean)
      expect(snapshot.can({ type: 'import.confirm' })).toBe(errorOf(event) !== refused)
    },
    confirming: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.preview!.with_errors).toBe(0)
      if (!ignored) expect(event.type).toBe('import.confirm')
    },
    imported: (view) => {
      notBusy(view)
      const { snapshot, ignored, actions, params } = view
      expect(snapshot.context.preview).toEqual(imported)
      expect(snapshot.can({ type: 'import.confirm' })).toBe(false)
      if (ignored || !actions.includes('announceImported')) return
      expect(params.announceImported).toEqual({ imported: 2 })
    },
  },
})

modelTests(model)

describe('classImportMachine with actors', () => {
  it('asks for an address, uploads with progress, previews and confirms the import once', async () => {
    const requested: ClassImportFileInput[] = []
    const previews: ClassImportCallInput[] = []
    const confirmations: ClassImportCallInput[] = []
    const machine = classImportMachine.provide({
      actors: {
        requestClassUpload: fromPromise<ClassImportUpload, ClassImportFileInput>(async ({ input }) => {
          requested.push(input)
          return upload
        }),
        uploadClassFile: fromCallback<UploadProgressEvent, ClassImportUploadInput>(({ sendBack, input }) => {
          sendBack({ type: 'upload.progress', loaded: input.file.size, total: input.file.size })
          setTimeout(() => sendBack({ type: 'upload.done' } as never), 0)
        }),
        previewClassImport: fromPromise<ClassImport, ClassImportCallInput>(async ({ input }) => {
          previews.push(input)
          return clean
        }),
        confirmClassImport: fromPromise<ClassImport, ClassImportCallInput>(async ({ input }) => {
          confirmations.push(input)
          return imported
        }),
      },
    })
    const actor = createActor(machine, { input: { organizationId: 7 } }).start()
    actor.send({ type: 'import.choose', file: csv })
    expect(actor.getSnapshot().context.rejection).toBe('type')
    actor.send({ type: 'import.choose', file: xlsx })
    await waitFor(actor, (s) => s.matches({ preview: 'shown' }))
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: xlsx.size, total: xlsx.size })
    actor.send({ type: 'import.confirm' })
    await waitFor(actor, (s) => s.matches('imported'))
    expect(requested).toEqual([{ organizationId: 7, file: xlsx }])
    expect(previews).toEqual([{ organizationId: 7, callbackId: 4 }])
    expect(confirmations).toEqual([{ organizationId: 7, callbackId: 4 }])
  })
})

fileSizeBoundTests('classImportMachine', classImportMachine, { organizationId: 7 }, CLASS_IMPORT_MAX_BYTES, (file) => ({ type: 'import.choose', file }), (bytes) => fileOfSize(bytes, 'classes.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'))
