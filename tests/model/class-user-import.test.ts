import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { USER_IMPORT_MAX_BYTES, classUserImportMachine } from '../../machines/class-user-import'
import type {
  ClassImportCallInput,
  ClassImportFileInput,
  ClassImportUpload,
  ClassImportUploadInput,
  ClassUserImport,
  ClassUserImportConfirmInput,
  UploadProgressEvent,
} from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests, fileSizeBoundTests } from './harness'
import { fileOfSize } from './fixtures'
import type { ModelEvent, StepView } from './harness'

type M = typeof classUserImportMachine
type View = StepView<M>

// A File serializes to {}: the graph tells events apart by their JSON, so each file carries its name.
const file = (parts: BlobPart[], name: string): File => Object.assign(new File(parts, name), { label: name })
const xlsx = file(['PK'], 'users.xlsx')
const csv = file(['email,class_name\na@example.com,A'], 'users.csv')
const pdf = file(['%PDF'], 'users.pdf')
const huge = file([new Uint8Array(USER_IMPORT_MAX_BYTES + 1)], 'huge.csv')

const upload: ClassImportUpload = {
  callback_id: 6,
  presigned_url: 'http://portal.test/v1/uploads/?key=k',
  content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  expires_at: '2026-03-05T10:15:00.000Z',
}
type Row = ClassUserImport['classes'][number]['rows'][number]
const row = (number: number, email: string, className: string, errors: Row['errors'] = [], outcome: Row['outcome'] = null): Row => ({
  row: number,
  values: { email, class_name: className },
  errors,
  student: false,
  outcome,
})
const clean: ClassUserImport = {
  callback_id: 6,
  file_name: 'users.xlsx',
  created_at: '2026-03-05T10:00:00.000Z',
  committed_at: null,
  consent: null,
  total: 2,
  with_errors: 0,
  classes: [
    { name: 'Grade 7 B', group: 31, rows: [row(2, 'a@example.com', 'Grade 7 B')], invited: 0, joined: 0 },
    { name: 'Grade 8 A', group: 32, rows: [row(3, 'b@example.com', 'Grade 8 A')], invited: 0, joined: 0 },
  ],
}
const unknown = { column: 'class_name', message: 'No class of this organization has this name.' }
const withErrors: ClassUserImport = {
  ...clean,
  with_errors: 1,
  classes: [clean.classes[0]!, { name: 'Grade 9', group: null, rows: [row(3, 'b@example.com', 'Grade 9', [unknown])], invited: 0, joined: 0 }],
}
const imported: ClassUserImport = {
  ...clean,
  committed_at: '2026-03-05T10:05:00.000Z',
  consent: true,
  classes: [
    { ...clean.classes[0]!, rows: [row(2, 'a@example.com', 'Grade 7 B', [], 'invited')], invited: 1 },
    { ...clean.classes[1]!, rows: [row(3, 'b@example.com', 'Grade 8 A', [], 'joined')], joined: 1 },
  ],
}
const refused = apiFailure(409, { detail: 'Some rows have errors: fix the file and upload it again. Nobody was invited.', code: 'import_has_errors', import: withErrors } as never)
const offline = new TypeError('Failed to fetch')

const answers: ModelEvent<M>[] = [
  done('requestUserUpload', upload),
  failed('requestUserUpload', apiFailure(415, { detail: 'File type is not allowed', code: 'file_type' })),
  done('previewUserImport', clean),
  done('previewUserImport', withErrors),
  failed('previewUserImport', apiFailure(400, { detail: 'The file lists nobody.', code: 'empty' })),
  done('confirmUserImport', imported),
  failed('confirmUserImport', refused),
  failed('confirmUserImport', offline),
]

/** The events tried in a state: refused files only while no file is in, progress and consent once, so the graph stays small. */
const eventsIn = (snapshot: ReturnType<typeof classUserImportMachine.getInitialSnapshot>): ModelEvent<M>[] => [
  { type: 'import.choose', file: xlsx },
  ...(snapshot.matches('upload') ? [{ type: 'import.choose', file: csv } as const, { type: 'import.choose', file: pdf } as const, { type: 'import.choose', file: huge } as const] : []),
  { type: 'import.remove' },
  ...(snapshot.context.consent ? [{ type: 'import.consent', consent: false } as const] : []),
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
  name: 'classUserImportMachine',
  machine: classUserImportMachine,
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
      // .xlsx and .csv are taken: anything else is 'File type is not allowed'
      expect(snapshot.context.rejection).toBe(event.file === pdf ? 'type' : 'size')
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
      expect(snapshot.context).toMatchObject({ upload: null, preview: null, rejection: null })
      expect([xlsx, csv]).toContain(snapshot.context.file)
      if (!ignored) expect(event.type).toBe('import.choose')
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
      const { snapshot, event, ignored } = view
      expect(snapshot.context.file).toBeNull()
      // confirm only when no row has an error
      expect(snapshot.can({ type: 'import.confirm' })).toBe(snapshot.context.preview!.with_errors === 0)
      if (!ignored && event.type === 'import.consent') expect(snapshot.context.consent).toBe(false)
    },
    'preview.failed': (view) => {
      notBusy(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      if (ignored || !event.type.startsWith('xstate.error')) return
      expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      // a refusal shows the rows as the server sees them now; a network failure keeps the preview
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
      const { snapshot } = view
      expect(snapshot.context.preview).toEqual(imported)
      expect(snapshot.can({ type: 'import.confirm' })).toBe(false)
      expect(snapshot.can({ type: 'import.consent', consent: false })).toBe(false)
    },
  },
})

modelTests(model)

describe('classUserImportMachine with actors', () => {
  it('asks for an address, uploads with progress, previews and confirms with the consent chosen', async () => {
    const requested: ClassImportFileInput[] = []
    const previews: ClassImportCallInput[] = []
    const confirmations: ClassUserImportConfirmInput[] = []
    const machine = classUserImportMachine.provide({
      actors: {
        requestUserUpload: fromPromise<ClassImportUpload, ClassImportFileInput>(async ({ input }) => {
          requested.push(input)
          return upload
        }),
        uploadUserFile: fromCallback<UploadProgressEvent, ClassImportUploadInput>(({ sendBack, input }) => {
          sendBack({ type: 'upload.progress', loaded: input.file.size, total: input.file.size })
          setTimeout(() => sendBack({ type: 'upload.done' } as never), 0)
        }),
        previewUserImport: fromPromise<ClassUserImport, ClassImportCallInput>(async ({ input }) => {
          previews.push(input)
          return clean
        }),
        confirmUserImport: fromPromise<ClassUserImport, ClassUserImportConfirmInput>(async ({ input }) => {
          confirmations.push(input)
          return imported
        }),
      },
    })
    const actor = createActor(machine, { input: { organizationId: 7 } }).start()
    actor.send({ type: 'import.choose', file: pdf })
    expect(actor.getSnapshot().context.rejection).toBe('type')
    actor.send({ type: 'import.choose', file: csv })
    await waitFor(actor, (s) => s.matches({ preview: 'shown' }))
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: csv.size, total: csv.size })
    expect(actor.getSnapshot().context.consent).toBe(true)
    actor.send({ type: 'import.consent', consent: false })
    actor.send({ type: 'import.confirm' })
    await waitFor(actor, (s) => s.matches('imported'))
    expect(requested).toEqual([{ organizationId: 7, file: csv }])
    expect(previews).toEqual([{ organizationId: 7, callbackId: 6 }])
    expect(confirmations).toEqual([{ organizationId: 7, callbackId: 6, consent: false }])
  })
})

fileSizeBoundTests('classUserImportMachine', classUserImportMachine, { organizationId: 7 }, USER_IMPORT_MAX_BYTES, (file) => ({ type: 'import.choose', file }), (bytes) => fileOfSize(bytes, 'users.csv', 'text/csv'))
