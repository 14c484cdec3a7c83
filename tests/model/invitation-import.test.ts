import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { IMPORT_FILE_MAX_BYTES, invitationImportMachine } from '../../machines/invitation-import'
import type {
  InvitationBatch,
  InvitationBatchPageInput,
  InvitationBatchRoleInput,
  InvitationBatchSendInput,
  InvitationBatchUpload,
  InvitationUploadInput,
  RequestUploadInput,
  UploadProgressEvent,
} from '../../machines/types'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, modelTests, fileSizeBoundTests } from './harness'
import { fileOfSize } from './fixtures'
import type { ModelEvent, StepView } from './harness'

type M = typeof invitationImportMachine
type View = StepView<M>

// A File serializes to {}: the graph tells events apart by their JSON, so each file carries its name.
const file = (parts: BlobPart[], name: string): File => Object.assign(new File(parts, name), { label: name })
const csv = file(['email\na@example.com'], 'students.csv')
const pdf = file(['%PDF'], 'students.pdf')
const huge = file([new Uint8Array(IMPORT_FILE_MAX_BYTES + 1)], 'huge.xlsx')

const upload: InvitationBatchUpload = { id: 9, presigned_url: 'http://portal.test/v1/uploads/?key=k', content_type: 'text/csv', expires_at: '2025-03-05T10:15:00.000Z' }
const counts = { ok: 2, invalid_email: 1, invalid_id: 0, duplicate: 0, member: 0, invited: 0, unknown_user: 0, own_address: 0, in_class: 0 }
const preview: InvitationBatch = {
  id: 9, organization: 7, group: null, role: 'student', kind: 'emails', file_name: 'students.csv', created_at: '2025-03-05T10:00:00.000Z',
  sent_at: null, invited: null, total: 3, counts, emails: ['a@example.com', 'b@example.com'], count: 3, next: null, previous: null,
  results: [
    { number: 2, column: 'email', value: 'a@example.com', email: 'a@example.com', status: 'ok', duplicate_of: null },
    { number: 3, column: 'email', value: 'nope', email: null, status: 'invalid_email', duplicate_of: null },
    { number: 4, column: 'email', value: 'b@example.com', email: 'b@example.com', status: 'ok', duplicate_of: null },
  ],
}
const problems: InvitationBatch = { ...preview, count: 1, results: [preview.results[1]!] }
const asTeacher: InvitationBatch = { ...preview, role: 'teacher' }
const nobody: InvitationBatch = { ...preview, counts: { ...counts, ok: 0, invited: 2 }, emails: [] }
const sent: InvitationBatch = { ...preview, sent_at: '2025-03-05T10:05:00.000Z', invited: 2, counts: { ...counts, ok: 0, invited: 2 }, emails: [] }
const emptyList = apiFailure(400, { detail: 'The file lists nobody. Fill in the template and upload it again.', code: 'empty' })
const offline = new TypeError('Failed to fetch')

const fileEvents: ModelEvent<M>[] = [
  { type: 'import.choose', file: csv },
  { type: 'import.choose', file: pdf },
  { type: 'import.choose', file: huge },
]
const answers: ModelEvent<M>[] = [
  done('requestUpload', upload),
  failed('requestUpload', apiFailure(415, { detail: 'File type is not allowed', code: 'file_type' })),
  done('readPreview', preview),
  done('readPreview', nobody),
  failed('readPreview', emptyList),
  done('readPage', problems),
  failed('readPage', offline),
  done('changeRole', asTeacher),
  failed('changeRole', offline),
  done('sendBatch', sent),
  failed('sendBatch', offline),
]

/**
 * The events tried in a state. Settings that only change the context (consent, progress, filter, page,
 * role) are offered in the states whose screen shows them, once each from their default, and refused
 * files while no file is in, so the graph stays small; every state and transition is still reached.
 */
const eventsIn = (snapshot: ReturnType<typeof invitationImportMachine.getInitialSnapshot>): ModelEvent<M>[] => {
  const { context } = snapshot
  const empty = snapshot.matches('empty')
  const shown = snapshot.matches({ ready: 'shown' })
  return [
    { type: 'import.choose', file: csv },
    ...(empty ? fileEvents.slice(1) : []),
    { type: 'import.remove' },
    ...(context.role === null && (empty || shown) ? [{ type: 'import.role', role: 'teacher' } as const] : []),
    ...(context.consent && snapshot.matches({ empty: 'waiting' }) ? [{ type: 'import.consent', consent: false } as const] : []),
    ...(context.filter === 'all' && !empty ? [{ type: 'import.filter', filter: 'problems' } as const] : []),
    ...(context.page === 1 && !empty ? [{ type: 'import.page', page: 2 } as const] : []),
    { type: 'import.confirm' },
    { type: 'import.yes' },
    { type: 'import.no' },
    { type: 'import.another' },
    ...(context.progress.loaded === 0 && snapshot.matches('uploading') ? [{ type: 'upload.progress', loaded: 512, total: 1024 } as const] : []),
    { type: 'upload.done' },
    { type: 'upload.failed', status: 403 },
    ...answers,
  ]
}

const notBusy = ({ snapshot }: View) => {
  expect(snapshot.hasTag('busy')).toBe(false)
  expect(snapshot.status).toBe('active')
}
const noFile = ({ snapshot }: View) => expect(snapshot.context).toMatchObject({ fileName: null, file: null, upload: null, preview: null })

const model = buildModel({
  name: 'invitationImportMachine',
  machine: invitationImportMachine,
  inputs: {
    'role offered': { organizationId: 7, kind: 'emails', roleOffered: true, role: null },
  },
  events: (snapshot) => eventsIn(snapshot),
  simplePaths: { skip: 'the graph of files, pages, roles and answers is too large for every simple path; shortest paths extended by every answered event cover every state and transition' },
  states: {
    'empty.waiting': (view) => {
      notBusy(view)
      noFile(view)
      expect(view.snapshot.hasTag('error')).toBe(false)
      expect(view.snapshot.can({ type: 'import.confirm' })).toBe(false)
    },
    'empty.rejected': (view) => {
      notBusy(view)
      noFile(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.children).toEqual({})
      if (ignored || event.type !== 'import.choose') return
      expect(snapshot.context.rejection).toBe(event.file === pdf ? 'type' : 'size')
    },
    'empty.failed': (view) => {
      notBusy(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.preview).toBeNull()
      expect(snapshot.can({ type: 'import.confirm' })).toBe(false)
      if (ignored) return
      if (event.type === 'upload.failed') expect(snapshot.context.error).toEqual({ status: 403, body: {} })
      else if (event.type !== 'import.consent' && event.type !== 'import.role') expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    requestingUpload: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context).toMatchObject({ fileName: 'students.csv', file: csv, upload: null, preview: null, rejection: null })
      if (!ignored && event.type !== 'import.consent') expect(event).toEqual({ type: 'import.choose', file: csv })
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
    'ready.shown': (view) => {
      notBusy(view)
      const { snapshot } = view
      expect(snapshot.context.preview).not.toBeNull()
      expect(snapshot.context.file).toBeNull()
      // confirm only with someone to invite and, when a role is offered, a role chosen
      const expected = snapshot.context.preview!.counts.ok > 0 && (!snapshot.context.roleOffered || snapshot.context.role !== null)
      expect(snapshot.can({ type: 'import.confirm' })).toBe(expected)
    },
    'ready.turning': ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      if (ignored) return
      if (event.type === 'import.filter') expect(snapshot.context).toMatchObject({ filter: 'problems', page: 1 })
      if (event.type === 'import.page') expect(snapshot.context.page).toBe(2)
    },
    'ready.changingRole': ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      expect(snapshot.context.role).toBe('teacher')
    },
    'ready.asking': (view) => {
      notBusy(view)
      expect(view.snapshot.context.preview!.counts.ok).toBeGreaterThan(0)
      expect(view.snapshot.context.role).not.toBeNull()
    },
    'ready.failed': (view) => {
      notBusy(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.preview).not.toBeNull()
      if (!ignored && event.type.startsWith('xstate.error')) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    sending: ({ snapshot, event, ignored }) => {
      expect(snapshot.hasTag('busy')).toBe(true)
      if (!ignored && event.type !== 'import.consent') expect(event.type).toBe('import.yes')
    },
    sent: (view) => {
      notBusy(view)
      const { snapshot, ignored, actions, params } = view
      expect(snapshot.context.preview).toEqual(sent)
      expect(snapshot.can({ type: 'import.confirm' })).toBe(false)
      if (ignored || !actions.includes('announceSent')) return
      expect(params.announceSent).toEqual({ invited: 2 })
    },
  },
})

modelTests(model)

describe('invitationImportMachine with actors', () => {
  it('asks for an address, uploads with progress, previews, and sends the ok rows once after a yes', async () => {
    const requested: RequestUploadInput[] = []
    const sentWith: InvitationBatchSendInput[] = []
    const pages: InvitationBatchPageInput[] = []
    const roles: InvitationBatchRoleInput[] = []
    const machine = invitationImportMachine.provide({
      actors: {
        requestUpload: fromPromise<InvitationBatchUpload, RequestUploadInput>(async ({ input }) => {
          requested.push(input)
          return upload
        }),
        uploadFile: fromCallback<UploadProgressEvent, InvitationUploadInput>(({ sendBack, input }) => {
          sendBack({ type: 'upload.progress', loaded: input.file.size, total: input.file.size })
          setTimeout(() => sendBack({ type: 'upload.done' } as never), 0)
        }),
        readPreview: fromPromise<InvitationBatch, InvitationBatchPageInput>(async ({ input }) => {
          pages.push(input)
          return preview
        }),
        changeRole: fromPromise<InvitationBatch, InvitationBatchRoleInput>(async ({ input }) => {
          roles.push(input)
          return asTeacher
        }),
        sendBatch: fromPromise<InvitationBatch, InvitationBatchSendInput>(async ({ input }) => {
          sentWith.push(input)
          return sent
        }),
      },
    })
    const actor = createActor(machine, { input: { organizationId: 7, kind: 'emails', roleOffered: true, role: null } }).start()
    actor.send({ type: 'import.choose', file: pdf })
    expect(actor.getSnapshot().context.rejection).toBe('type')
    actor.send({ type: 'import.choose', file: csv })
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }))
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: csv.size, total: csv.size })
    actor.send({ type: 'import.confirm' })
    expect(actor.getSnapshot().matches({ ready: 'shown' })).toBe(true) // no role chosen yet
    actor.send({ type: 'import.role', role: 'teacher' })
    await waitFor(actor, (s) => s.matches({ ready: 'shown' }))
    actor.send({ type: 'import.consent', consent: false })
    actor.send({ type: 'import.confirm' })
    actor.send({ type: 'import.no' })
    expect(sentWith).toEqual([])
    actor.send({ type: 'import.confirm' })
    actor.send({ type: 'import.yes' })
    await waitFor(actor, (s) => s.matches('sent'))
    expect(requested).toEqual([{ organizationId: 7, kind: 'emails', role: null, groupId: null, file: csv }])
    expect(pages).toEqual([{ batchId: 9, page: 1, filter: 'all' }])
    expect(roles).toEqual([{ batchId: 9, role: 'teacher' }])
    expect(sentWith).toEqual([{ batchId: 9, kind: 'emails', consent: false }])
  })

  it("asks for the upload address of a class's file with the class, so that sending invites them to it too", async () => {
    const requested: RequestUploadInput[] = []
    const machine = invitationImportMachine.provide({
      actors: {
        requestUpload: fromPromise<InvitationBatchUpload, RequestUploadInput>(async ({ input }) => {
          requested.push(input)
          return upload
        }),
        uploadFile: fromCallback<UploadProgressEvent, InvitationUploadInput>(() => {}),
      },
    })
    const actor = createActor(machine, { input: { organizationId: 7, kind: 'emails', roleOffered: false, role: 'student', groupId: 12 } }).start()
    actor.send({ type: 'import.choose', file: csv })
    await waitFor(actor, (s) => s.matches('uploading'))
    expect(requested).toEqual([{ organizationId: 7, kind: 'emails', role: 'student', groupId: 12, file: csv }])
    actor.stop()
  })
})

fileSizeBoundTests('invitationImportMachine', invitationImportMachine, { organizationId: 7, kind: 'emails', roleOffered: true, role: null }, IMPORT_FILE_MAX_BYTES, (file) => ({ type: 'import.choose', file }), (bytes) => fileOfSize(bytes, 'invites.csv', 'text/csv'))
