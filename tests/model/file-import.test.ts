/**
 * The file-import flow (machines/file-import.ts) on each of its four screens: the class import, the
 * user import into classes, the invitation list and the organization import. One model walks the
 * paths of all four (one input each, with the events its screen sends); the edges below say, per
 * state, where each event must lead on each screen, written from the spec (000 §4 File import flow,
 * §5 Import files; 001 §4 Upload, Class import, §5 Files) and the known differences of the screens:
 * the organization import sends the file with the call that reads it (no presigned upload), takes
 * another file at any time but while confirming, has no remove, and shows a refusal's rows as its
 * preview; the invitation list asks yes or no before sending and needs a role where one is offered.
 */
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import type { AnyMachineSnapshot } from 'xstate'
import { FILE_IMPORTS, FILE_IMPORT_MAX_BYTES, fileImportMachine } from '../../machines/file-import'
import type { FileImportInput } from '../../machines/file-import'
import type {
  ClassImport,
  ClassImportUpload,
  ClassUserImport,
  FileImportConfirmInput,
  FileImportPreview,
  FileImportReadInput,
  FileImportRequestInput,
  FileImportRoleInput,
  FileImportSettings,
  FileImportUpload,
  FileImportUploadInput,
  InvitationBatch,
  InvitationBatchUpload,
  OrganizationImport,
  UploadProgressEvent,
} from '../../machines/types'
import { fileOfSize } from './fixtures'
import { apiFailure, buildModel, done, errorOf, expectedFailure, failed, fileSizeBoundTests, inputOf, modelTests, snapshotAfter, stateKey } from './harness'
import type { EdgeRule, ExpectedEdges, ModelEvent, StepView } from './harness'

type M = typeof fileImportMachine
type View = StepView<M>
type Snapshot = ReturnType<M['getInitialSnapshot']>
type Screen = 'classes' | 'classUsers' | 'invitations' | 'organizations'

// ---------------------------------------------------------------------------------------------
// The screens, as the spec has them (FILE_IMPORTS must say the same: see the last tests).

const MAX = 5 * 1024 * 1024
const screens: Record<Screen, FileImportSettings> = {
  // 001 §5 Files: the class import accepts only xlsx
  classes: { extensions: ['.xlsx'], maxBytes: MAX, presigned: true, replaceable: false, asks: false, refusalAsPreview: false },
  // 001 §5 Files: user import types xlsx and csv
  classUsers: { extensions: ['.xlsx', '.csv'], maxBytes: MAX, presigned: true, replaceable: false, asks: false, refusalAsPreview: false },
  // 000 §4 File import flow: confirmation asks yes/no, then sends; §5: xlsx and csv
  invitations: { extensions: ['.csv', '.xlsx'], maxBytes: MAX, presigned: true, replaceable: false, asks: true, refusalAsPreview: false },
  // the admin list's import: the file goes with the call that reads it; another file replaces it; a refusal shows its rows
  organizations: { extensions: ['.csv', '.xlsx'], maxBytes: MAX, presigned: false, replaceable: true, asks: false, refusalAsPreview: true },
}
const inputs: Record<Screen, FileImportInput> = {
  classes: { settings: screens.classes },
  classUsers: { settings: screens.classUsers },
  // the users view of an admin who chose the teacher role before the file (none chosen: see the screen rules)
  invitations: { settings: screens.invitations, roleOffered: true, role: 'teacher' },
  organizations: { settings: screens.organizations },
}
const screenOf = (snapshot: Snapshot): Screen => {
  const found = (Object.keys(screens) as Screen[]).find((screen) => isDeepStrictEqual(snapshot.context.settings, screens[screen]))
  if (!found) throw new Error('a snapshot of no known screen')
  return found
}

// A File serializes to {}: the graph tells events apart by their JSON, so each file carries its name.
const file = (parts: BlobPart[], name: string): File => Object.assign(new File(parts, name), { label: name })
const xlsx = file(['PK'], 'list.xlsx')
const csv = file(['email\na@example.com'], 'list.csv')
const pdf = file(['%PDF'], 'list.pdf')
const huge = file([new Uint8Array(MAX + 1)], 'huge.xlsx')
/** The files each screen takes (pdf and huge: none). */
const taken: Record<Screen, File[]> = { classes: [xlsx], classUsers: [xlsx, csv], invitations: [xlsx, csv], organizations: [xlsx, csv] }
/** The good file each screen's paths choose once a file is in. */
const good: Record<Screen, File> = { classes: xlsx, classUsers: csv, invitations: csv, organizations: csv }
const offline = new TypeError('Failed to fetch')
const emptyList = apiFailure(400, { detail: 'The file lists nobody.', code: 'empty' })
const fileType = apiFailure(415, { detail: 'File type is not allowed', code: 'file_type' })

// ---------------------------------------------------------------------------------------------
// The class import's answers.

const classUpload: ClassImportUpload = { callback_id: 4, presigned_url: '/v1/uploads/?key=c', content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', expires_at: '2026-03-05T10:15:00.000Z' }
const classValues = { name: 'Grade 7 B', start_date: '2026-01-05', end_date: '2026-02-04', practice_days_per_week: '', practice_minutes_per_day: '', take_assessment: '', engagement_days: '', teacher_email: '' }
const classEntry = (row: number, name: string, errors: ClassImport['classes'][number]['errors'] = [], group: number | null = null) => ({
  row, values: { ...classValues, name }, name, start_date: '2026-01-05', end_date: '2026-02-04', goals: null, teacher: null, errors, group,
})
const classClean: ClassImport = {
  callback_id: 4, file_name: 'list.xlsx', created_at: '2026-03-05T10:00:00.000Z', committed_at: null, total: 2, with_errors: 0,
  classes: [classEntry(2, 'Grade 7 B'), classEntry(3, 'Grade 8 A')],
}
const classWithErrors: ClassImport = { ...classClean, with_errors: 1, classes: [classEntry(2, 'Grade 7 B'), classEntry(3, 'Grade 7 B', [{ column: 'name', message: 'duplicate group name' }])] }
const classImported: ClassImport = { ...classClean, committed_at: '2026-03-05T10:05:00.000Z', classes: [classEntry(2, 'Grade 7 B', [], 31), classEntry(3, 'Grade 8 A', [], 32)] }
const classRefused = apiFailure(409, { detail: 'Some classes have errors. Nothing was imported.', code: 'import_has_errors', import: classWithErrors } as never)

// The user import's answers.
type UserRow = ClassUserImport['classes'][number]['rows'][number]
const userRow = (number: number, email: string, className: string, errors: UserRow['errors'] = [], outcome: UserRow['outcome'] = null): UserRow => ({
  row: number, values: { email, class_name: className }, errors, student: false, outcome,
})
const usersClean: ClassUserImport = {
  callback_id: 6, file_name: 'list.csv', created_at: '2026-03-05T10:00:00.000Z', committed_at: null, consent: null, total: 2, with_errors: 0,
  classes: [
    { name: 'Grade 7 B', group: 31, rows: [userRow(2, 'a@example.com', 'Grade 7 B')], invited: 0, joined: 0 },
    { name: 'Grade 8 A', group: 32, rows: [userRow(3, 'b@example.com', 'Grade 8 A')], invited: 0, joined: 0 },
  ],
}
const usersWithErrors: ClassUserImport = {
  ...usersClean, with_errors: 1,
  classes: [usersClean.classes[0]!, { name: 'Grade 9', group: null, rows: [userRow(3, 'b@example.com', 'Grade 9', [{ column: 'class_name', message: 'No class of this organization has this name.' }])], invited: 0, joined: 0 }],
}
const usersImported: ClassUserImport = {
  ...usersClean, committed_at: '2026-03-05T10:05:00.000Z', consent: false,
  classes: [
    { ...usersClean.classes[0]!, rows: [userRow(2, 'a@example.com', 'Grade 7 B', [], 'invited')], invited: 1 },
    { ...usersClean.classes[1]!, rows: [userRow(3, 'b@example.com', 'Grade 8 A', [], 'invited')], invited: 1 },
  ],
}
const usersRefused = apiFailure(409, { detail: 'Some rows have errors. Nobody was invited.', code: 'import_has_errors', import: usersWithErrors } as never)
const classUpload6: ClassImportUpload = { ...classUpload, callback_id: 6 }

// The invitation list's answers.
const batchUpload: InvitationBatchUpload = { id: 9, presigned_url: '/v1/uploads/?key=k', content_type: 'text/csv', expires_at: '2025-03-05T10:15:00.000Z' }
const counts = { ok: 2, invalid_email: 1, invalid_id: 0, duplicate: 0, member: 0, invited: 0, unknown_user: 0, own_address: 0, in_class: 0 }
const batch: InvitationBatch = {
  id: 9, organization: 7, group: null, role: 'teacher', kind: 'emails', file_name: 'list.csv', created_at: '2025-03-05T10:00:00.000Z',
  sent_at: null, invited: null, total: 3, counts, emails: ['a@example.com', 'b@example.com'], count: 3, next: null, previous: null,
  results: [
    { number: 2, column: 'email', value: 'a@example.com', email: 'a@example.com', status: 'ok', duplicate_of: null },
    { number: 3, column: 'email', value: 'nope', email: null, status: 'invalid_email', duplicate_of: null },
    { number: 4, column: 'email', value: 'b@example.com', email: 'b@example.com', status: 'ok', duplicate_of: null },
  ],
}
const batchAsStudent: InvitationBatch = { ...batch, role: 'student' }
const batchNobody: InvitationBatch = { ...batch, counts: { ...counts, ok: 0, invited: 2 }, emails: [] }
const batchSent: InvitationBatch = { ...batch, sent_at: '2025-03-05T10:05:00.000Z', invited: 2, counts: { ...counts, ok: 0, invited: 2 }, emails: [] }

// The organization import's answers.
const orgValues = {
  name: 'Springfield High', type: 'school', industry: 'education', address_1: '19 Plympton St', address_2: '', city: 'Springfield',
  state: 'OR', postal_code: '97477', country: 'US', phone: '+1 5415550100', timezone: 'America/Los_Angeles', is_verified: '', owner_email: 'skinner@example.com',
}
const orgClean: OrganizationImport = {
  id: 7, file_name: 'list.csv', created_at: '2025-03-05T10:00:00.000Z', committed_at: null, total: 1, with_errors: 0,
  rows: [{ row: 2, values: orgValues, errors: [], organization: null }],
}
const orgWithErrors: OrganizationImport = {
  ...orgClean, id: 8, with_errors: 1,
  rows: [{ row: 2, values: { ...orgValues, owner_email: 'x' }, errors: [{ column: 'owner_email', message: 'Invalid owner email' }], organization: null }],
}
const orgCreated: OrganizationImport = { ...orgClean, committed_at: '2025-03-05T10:01:00.000Z', rows: [{ ...orgClean.rows[0]!, organization: 42 }] }
const orgNowTaken: OrganizationImport = { ...orgClean, with_errors: 1, rows: [{ ...orgClean.rows[0]!, errors: [{ column: 'name', message: 'An organization with this name already exists.' }] }] }
const orgRefused = apiFailure(409, { detail: 'Some rows have errors. Fix the file and upload it again.', code: 'import_has_errors', import: orgNowTaken })

/** Each screen's clean preview and what its confirmation answers. */
const clean: Record<Screen, FileImportPreview> = { classes: classClean, classUsers: usersClean, invitations: batch, organizations: orgClean }
const importedAs: Record<Screen, FileImportPreview> = { classes: classImported, classUsers: usersImported, invitations: batchSent, organizations: orgCreated }
/** A refused confirmation and the rows it carries (the invitation list's has none). */
const refusals: Record<Screen, { error: unknown; rows: FileImportPreview | null }> = {
  classes: { error: classRefused, rows: classWithErrors },
  classUsers: { error: usersRefused, rows: usersWithErrors },
  invitations: { error: apiFailure(409, { detail: 'These invitations were sent already.', code: 'already_sent' }), rows: null },
  organizations: { error: orgRefused, rows: orgNowTaken },
}

const answers: Record<Screen, ModelEvent<M>[]> = {
  classes: [
    done('requestUpload', classUpload),
    failed('requestUpload', fileType),
    done('readPreview', classClean),
    done('readPreview', classWithErrors),
    failed('readPreview', emptyList),
    done('confirmImport', classImported),
    failed('confirmImport', classRefused),
    failed('confirmImport', offline),
  ],
  classUsers: [
    done('requestUpload', classUpload6),
    failed('requestUpload', fileType),
    done('readPreview', usersClean),
    done('readPreview', usersWithErrors),
    failed('readPreview', emptyList),
    done('confirmImport', usersImported),
    failed('confirmImport', usersRefused),
    failed('confirmImport', offline),
  ],
  invitations: [
    done('requestUpload', batchUpload),
    failed('requestUpload', fileType),
    done('readPreview', batch),
    done('readPreview', batchNobody),
    failed('readPreview', emptyList),
    done('readPage', batch),
    failed('readPage', offline),
    done('changeRole', batch),
    failed('changeRole', offline),
    done('confirmImport', batchSent),
    failed('confirmImport', refusals.invitations.error),
    failed('confirmImport', offline),
  ],
  organizations: [
    done('readPreview', orgClean),
    done('readPreview', orgWithErrors),
    failed('readPreview', fileType),
    done('confirmImport', orgCreated),
    failed('confirmImport', orgRefused),
    failed('confirmImport', offline),
  ],
}

/**
 * The events a screen can send in a state: the drop zone and "remove" whenever a file is in (one file
 * at a time is the machine's to keep), the confirm button and the filter tabs with the preview, "yes"
 * and "no" in the question, "another" with the result, the consent box and role select where the screen
 * shows them; the upload's events only while the upload runs (as an actor's done and error events).
 * The graph has a node per distinct context, so the settings that only change the context are offered
 * with the value they have (consent on, the role chosen, the first page of all rows, no bytes sent yet):
 * their transitions are taken and their edges checked without doubling every state after them; the
 * tests after the model check what they assign.
 */
const eventsIn = (snapshot: Snapshot): ModelEvent<M>[] => {
  const screen = screenOf(snapshot)
  const { context } = snapshot
  const empty = snapshot.matches('empty')
  const inPreview = snapshot.matches('preview')
  const consentShown = screen === 'classUsers' ? snapshot.matches({ preview: 'shown' }) : screen === 'invitations' && (snapshot.matches({ empty: 'waiting' }) || snapshot.matches({ preview: 'shown' }))
  const roleShown = screen === 'invitations' && (snapshot.matches({ empty: 'waiting' }) || snapshot.matches({ preview: 'shown' }) || snapshot.matches({ preview: 'failed' }))
  return [
    { type: 'import.choose', file: good[screen] },
    ...(empty ? [xlsx, csv, pdf, huge].filter((f) => f !== good[screen]).map((f) => ({ type: 'import.choose', file: f }) as const) : [{ type: 'import.remove' } as const]),
    ...(inPreview || snapshot.matches('confirming') ? [{ type: 'import.confirm' } as const] : []),
    ...(snapshot.matches('imported') && screen !== 'organizations' ? [{ type: 'import.another' } as const] : []),
    ...(consentShown ? [{ type: 'import.consent', consent: context.consent } as const] : []),
    ...(roleShown && context.role ? [{ type: 'import.role', role: context.role } as const] : []),
    ...(screen === 'invitations' && inPreview ? [{ type: 'import.filter', filter: context.filter } as const, { type: 'import.page', page: context.page } as const] : []),
    ...(snapshot.matches({ preview: 'asking' }) ? [{ type: 'import.yes' } as const, { type: 'import.no' } as const] : []),
    ...(snapshot.matches('uploading')
      ? [{ type: 'upload.progress', loaded: context.progress.loaded, total: context.progress.total } as const, { type: 'upload.done' } as const, { type: 'upload.failed', status: 403 } as const]
      : []),
    ...answers[screen],
  ]
}

// ---------------------------------------------------------------------------------------------
// The edges, per state, written from the spec.

/** Whether the spec lets the screen confirm what its preview shows. */
const confirmable = (snapshot: Snapshot): boolean => {
  const { preview, role } = snapshot.context
  switch (screenOf(snapshot)) {
    // 000 §4: confirm only when ready, without an error (someone to invite) and a role chosen where offered
    case 'invitations': {
      const list = preview as InvitationBatch
      return list.counts.ok > 0 && list.sent_at === null && role !== null
    }
    // 001 §4, §5 and the organization import: every row or none, so no row may have an error
    default: {
      const rows = preview as ClassImport | OrganizationImport
      return rows.total > 0 && rows.with_errors === 0
    }
  }
}
type Rule = EdgeRule<M>
const same: Rule = (_, snapshot) => stateKey(snapshot.value)
/** The first step after a file is taken: its upload address, or (organizations) its reading. */
const chooseFromEmpty = (event: ModelEvent<M>, snapshot: Snapshot): string => {
  const screen = screenOf(snapshot)
  const { file: chosen } = event as { file: File }
  if (!taken[screen].includes(chosen)) return 'empty.rejected'
  return screen === 'organizations' ? 'reading' : 'requestingUpload'
}
/** One file at a time: remove it first; the organization import takes another one instead (no remove). */
const chooseWhileHeld: Rule = (event, snapshot) => (screenOf(snapshot) === 'organizations' ? chooseFromEmpty(event, snapshot) : null)
const remove: Rule = (_, snapshot) => (screenOf(snapshot) === 'organizations' ? null : 'empty.waiting')
const confirm: Rule = (_, snapshot) => (!confirmable(snapshot) ? null : screenOf(snapshot) === 'invitations' ? 'preview.asking' : 'confirming')
const confirmFailed: Rule = (event, snapshot) => {
  const refusal = refusals[screenOf(snapshot)]
  return screenOf(snapshot) === 'organizations' && errorOf(event) === refusal.error ? 'preview.shown' : 'preview.failed'
}

/** Nothing happens to these anywhere but where a state says so. */
const refused = {
  'import.choose': null,
  'import.remove': null,
  'import.confirm': null,
  'import.another': null,
  'import.role': null,
  'import.filter': null,
  'import.page': null,
  'import.yes': null,
  'import.no': null,
  'upload.progress': null,
  'upload.done': null,
  'upload.failed': null,
  // consent can be changed in any state (the screens disable it while confirming and after)
  'import.consent': same,
} satisfies Record<string, Rule>

const edges: ExpectedEdges<M> = {
  'empty.waiting': { ...refused, 'import.choose': chooseFromEmpty, 'import.role': 'empty.waiting' },
  'empty.rejected': { ...refused, 'import.choose': chooseFromEmpty, 'import.role': 'empty.rejected' },
  'empty.failed': { ...refused, 'import.choose': chooseFromEmpty, 'import.role': 'empty.failed' },
  requestingUpload: {
    ...refused,
    'import.choose': chooseWhileHeld,
    'import.remove': remove,
    'xstate.done.actor.requestUpload': 'uploading',
    'xstate.error.actor.requestUpload': 'empty.failed',
  },
  uploading: {
    ...refused,
    'import.choose': chooseWhileHeld,
    'import.remove': remove,
    'upload.progress': 'uploading',
    'upload.done': 'reading',
    'upload.failed': 'empty.failed',
  },
  reading: {
    ...refused,
    'import.choose': chooseWhileHeld,
    'import.remove': remove,
    'xstate.done.actor.readPreview': 'preview.shown',
    'xstate.error.actor.readPreview': 'empty.failed',
  },
  'preview.shown': {
    ...refused,
    'import.choose': chooseWhileHeld,
    'import.remove': remove,
    'import.confirm': confirm,
    'import.role': 'preview.changingRole',
    'import.filter': 'preview.turning',
    'import.page': 'preview.turning',
  },
  'preview.turning': {
    ...refused,
    'import.choose': chooseWhileHeld,
    'import.remove': remove,
    'xstate.done.actor.readPage': 'preview.shown',
    'xstate.error.actor.readPage': 'preview.failed',
  },
  'preview.changingRole': {
    ...refused,
    'import.choose': chooseWhileHeld,
    'import.remove': remove,
    'xstate.done.actor.changeRole': 'preview.shown',
    'xstate.error.actor.changeRole': 'preview.failed',
  },
  'preview.asking': { ...refused, 'import.choose': chooseWhileHeld, 'import.remove': remove, 'import.yes': 'confirming', 'import.no': 'preview.shown' },
  'preview.failed': {
    ...refused,
    'import.choose': chooseWhileHeld,
    'import.remove': remove,
    'import.confirm': confirm,
    'import.role': 'preview.changingRole',
    'import.filter': 'preview.turning',
    'import.page': 'preview.turning',
  },
  // another file is not taken while the rows are imported, on any screen
  confirming: { ...refused, 'xstate.done.actor.confirmImport': 'imported', 'xstate.error.actor.confirmImport': confirmFailed },
  imported: { ...refused, 'import.choose': chooseWhileHeld, 'import.another': 'empty.waiting' },
}

// ---------------------------------------------------------------------------------------------
// What a person sees in each state.

const notBusy = ({ snapshot }: View) => {
  expect(snapshot.hasTag('busy')).toBe(false)
  expect(snapshot.status).toBe('active')
}
const busy = ({ snapshot }: View) => {
  expect(snapshot.hasTag('busy')).toBe(true)
  expect(snapshot.hasTag('error')).toBe(false)
}
const noFile = ({ snapshot }: View) => expect(snapshot.context).toMatchObject({ fileName: null, file: null, upload: null, preview: null })

const model = buildModel({
  name: 'fileImportMachine',
  machine: fileImportMachine,
  inputs,
  events: (snapshot) => eventsIn(snapshot),
  simplePaths: { skip: 'four screens of files and answers make too many simple paths; shortest paths extended by every answered event cover every state and transition' },
  edges,
  states: {
    'empty.waiting': (view) => {
      notBusy(view)
      noFile(view)
      const { snapshot, event } = view
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context).toMatchObject({ rejection: null, error: null, filter: 'all', page: 1 })
      expect(snapshot.can({ type: 'import.confirm' })).toBe(false)
      if (event.type === 'xstate.init') {
        expect(snapshot.context.consent).toBe(true) // consent is on by default
        expect(snapshot.context.progress).toEqual({ loaded: 0, total: 0 })
        expect(snapshot.context.role).toBe(inputs[screenOf(snapshot)].role ?? null)
      }
    },
    'empty.rejected': (view) => {
      notBusy(view)
      noFile(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.children).toEqual({})
      expect(snapshot.context.error).toBeNull()
      if (ignored || event.type !== 'import.choose') return
      // 'File type is not allowed' for a type the screen does not take; a file over 5 MB is too large
      expect(snapshot.context.rejection).toBe(event.file === huge ? 'size' : 'type')
    },
    'empty.failed': (view) => {
      notBusy(view)
      const { snapshot, event, ignored } = view
      // the file list is cleared: no preview, and the chooser is back (the view shows it in every empty state)
      expect(snapshot.context.preview).toBeNull()
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.can({ type: 'import.confirm' })).toBe(false)
      if (ignored) return
      if (event.type === 'upload.failed') expect(snapshot.context.error).toEqual({ status: 403, body: {} })
      else if (event.type.startsWith('xstate.error')) expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
    },
    requestingUpload: (view) => {
      busy(view)
      const { snapshot, event, previous } = view
      const screen = screenOf(snapshot)
      const chosen = snapshot.context.file!
      expect(screen).not.toBe('organizations')
      expect(taken[screen]).toContain(chosen)
      expect(snapshot.context).toMatchObject({ fileName: chosen.name, upload: null, preview: null, rejection: null, error: null, filter: 'all', page: 1 })
      expect(snapshot.context.progress).toEqual({ loaded: 0, total: chosen.size })
      // the upload address is asked for the file (an invitation list's with the role chosen so far)
      expect(inputOf(snapshot.children.requestUpload)).toEqual({ file: chosen, role: snapshot.context.role })
      // a file chosen while one is in changes nothing (one file at a time)
      if (event.type === 'import.choose' && previous?.matches('requestingUpload')) expect(snapshot.context).toEqual(previous.context)
    },
    uploading: (view) => {
      busy(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.context.upload).not.toBeNull()
      expect(taken[screenOf(snapshot)]).toContain(snapshot.context.file)
      expect(inputOf(snapshot.children.uploadFile)).toEqual({ upload: snapshot.context.upload, file: snapshot.context.file })
      if (ignored) return
      if (event.type === 'upload.progress') expect(snapshot.context.progress).toEqual({ loaded: event.loaded, total: event.total })
      if (event.type.startsWith('xstate.done')) expect(snapshot.context.upload).toEqual((event as { output: FileImportUpload }).output)
    },
    reading: (view) => {
      busy(view)
      const { snapshot } = view
      const screen = screenOf(snapshot)
      expect(snapshot.context.preview).toBeNull()
      expect(taken[screen]).toContain(snapshot.context.file)
      // read from its upload; the organization import sends the file itself with the reading
      expect(inputOf(snapshot.children.readPreview)).toEqual({ file: snapshot.context.file, upload: snapshot.context.upload, page: 1, filter: 'all' })
      expect(snapshot.context.upload === null).toBe(screen === 'organizations')
    },
    'preview.shown': (view) => {
      notBusy(view)
      const { snapshot, event, ignored } = view
      // no error panel (a failure answered "no" to keeps its error, unshown, until the next answer)
      expect(snapshot.hasTag('error')).toBe(false)
      expect(snapshot.context.file).toBeNull()
      expect(snapshot.context.preview).not.toBeNull()
      expect(snapshot.can({ type: 'import.confirm' })).toBe(confirmable(snapshot))
      if (ignored) return
      if (event.type.startsWith('xstate.done')) {
        expect(snapshot.context.preview).toEqual((event as { output: unknown }).output)
        expect(snapshot.context.error).toBeNull()
      }
      // a refused confirmation of organizations shows the rows as they are now, with no other error
      if (event.type === 'xstate.error.actor.confirmImport') expect(snapshot.context).toMatchObject({ preview: orgNowTaken, error: null })
    },
    'preview.turning': (view) => {
      busy(view)
      const { snapshot } = view
      expect(screenOf(snapshot)).toBe('invitations')
      expect(inputOf(snapshot.children.readPage)).toEqual({ file: null, upload: batchUpload, page: snapshot.context.page, filter: snapshot.context.filter })
    },
    'preview.changingRole': (view) => {
      busy(view)
      const { snapshot } = view
      expect(snapshot.context.role).toBe('teacher')
      expect(inputOf(snapshot.children.changeRole)).toEqual({ preview: snapshot.context.preview, role: 'teacher' })
    },
    'preview.asking': (view) => {
      notBusy(view)
      expect(screenOf(view.snapshot)).toBe('invitations')
      expect(confirmable(view.snapshot)).toBe(true)
    },
    'preview.failed': (view) => {
      notBusy(view)
      const { snapshot, event, ignored } = view
      expect(snapshot.hasTag('error')).toBe(true)
      expect(snapshot.context.preview).not.toBeNull()
      expect(snapshot.can({ type: 'import.confirm' })).toBe(confirmable(snapshot))
      if (ignored || !event.type.startsWith('xstate.error')) return
      expect(snapshot.context.error).toEqual(expectedFailure(errorOf(event)))
      // a refusal shows the rows as the server sees them now; a network failure keeps the preview
      const refusal = refusals[screenOf(snapshot)]
      if (errorOf(event) === refusal.error && refusal.rows) expect(snapshot.context.preview).toEqual(refusal.rows)
      else expect(snapshot.context.preview).toEqual(view.previous?.context.preview)
    },
    confirming: (view) => {
      busy(view)
      const { snapshot } = view
      expect(confirmable(snapshot)).toBe(true)
      expect(inputOf(snapshot.children.confirmImport)).toEqual({ preview: snapshot.context.preview, consent: snapshot.context.consent })
    },
    imported: (view) => {
      notBusy(view)
      const { snapshot, event, actions, params, ignored } = view
      const screen = screenOf(snapshot)
      expect(snapshot.context.preview).toEqual(importedAs[screen])
      expect(snapshot.can({ type: 'import.confirm' })).toBe(false)
      if (ignored || event.type !== 'xstate.done.actor.confirmImport') return
      expect(actions).toEqual(['announceImported'])
      expect(params.announceImported).toEqual({ preview: importedAs[screen] })
    },
  },
})

modelTests(model)

// ---------------------------------------------------------------------------------------------
// Bounds: the size limit at max - 1, max and max + 1 bytes, and the names each screen takes.

for (const screen of Object.keys(screens) as Screen[]) {
  fileSizeBoundTests(`fileImportMachine (${screen})`, fileImportMachine, inputs[screen], MAX, (chosen) => ({ type: 'import.choose', file: chosen }), (bytes) =>
    fileOfSize(bytes, 'list.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  )
}

describe('fileImportMachine file types', () => {
  const names: [string, Record<Screen, boolean>][] = [
    ['list.xlsx', { classes: true, classUsers: true, invitations: true, organizations: true }],
    ['LIST.XLSX', { classes: true, classUsers: true, invitations: true, organizations: true }],
    ['list.csv', { classes: false, classUsers: true, invitations: true, organizations: true }],
    ['List.Csv', { classes: false, classUsers: true, invitations: true, organizations: true }],
    ['list.xls', { classes: false, classUsers: false, invitations: false, organizations: false }],
    ['list.pdf', { classes: false, classUsers: false, invitations: false, organizations: false }],
    ['listxlsx', { classes: false, classUsers: false, invitations: false, organizations: false }],
    ['list.xlsx.pdf', { classes: false, classUsers: false, invitations: false, organizations: false }],
    ['list.csv.xlsx', { classes: true, classUsers: true, invitations: true, organizations: true }],
  ]
  it.each(names.flatMap(([name, byScreen]) => (Object.keys(byScreen) as Screen[]).map((screen) => [name, screen, byScreen[screen]] as const)))(
    '%s on the %s screen: taken %s',
    (name, screen, isTaken) => {
      const snapshot = snapshotAfter(fileImportMachine, inputs[screen], [{ type: 'import.choose', file: new File(['x'], name) }])
      expect(snapshot.context.rejection).toBe(isTaken ? null : 'type')
      expect(snapshot.matches({ empty: 'rejected' })).toBe(!isTaken)
      expect(snapshot.context.fileName).toBe(isTaken ? name : null)
    },
  )
})

// ---------------------------------------------------------------------------------------------
// What only some screens do, checked where the model's paths do not stand.

const stepsTo = (screen: Screen): ModelEvent<M>[] =>
  screen === 'organizations'
    ? [{ type: 'import.choose', file: csv }]
    : [{ type: 'import.choose', file: good[screen] }, done('requestUpload', screen === 'invitations' ? batchUpload : classUpload), { type: 'upload.done' }]
const previewed = (screen: Screen, preview: FileImportPreview, input: FileImportInput = inputs[screen]) =>
  snapshotAfter(fileImportMachine, input, [...stepsTo(screen), done('readPreview', preview)]) as AnyMachineSnapshot

describe('fileImportMachine screen rules', () => {
  it('gives the screens the rules of the spec', () => {
    expect(FILE_IMPORTS).toEqual(screens)
    expect(FILE_IMPORT_MAX_BYTES).toBe(MAX)
  })

  it.each([
    ['classes', { ...classClean, total: 0, classes: [] }, false],
    ['classes', { ...classClean, total: 1, with_errors: 0 }, true],
    ['classes', { ...classClean, total: 3, with_errors: 1 }, false],
    ['classUsers', { ...usersClean, total: 0, classes: [] }, false],
    ['organizations', { ...orgClean, total: 0, rows: [] }, false],
    ['organizations', { ...orgClean, total: 2, with_errors: 1 }, false],
    ['organizations', orgClean, true],
  ] as const)('a %s preview of %# rows and errors: confirmable %s', (screen, preview, expected) => {
    expect(previewed(screen, preview as FileImportPreview).can({ type: 'import.confirm' })).toBe(expected)
  })

  it('confirms an invitation list with someone to invite, not sent yet, and a role where one is offered', () => {
    const chosen: FileImportInput = { settings: screens.invitations, roleOffered: true, role: 'teacher' }
    expect(previewed('invitations', batch, chosen).can({ type: 'import.confirm' })).toBe(true)
    expect(previewed('invitations', { ...batch, counts: { ...counts, ok: 1 } }, chosen).can({ type: 'import.confirm' })).toBe(true)
    expect(previewed('invitations', { ...batch, counts: { ...counts, ok: 0 } }, chosen).can({ type: 'import.confirm' })).toBe(false)
    expect(previewed('invitations', { ...batch, sent_at: '2025-03-05T10:05:00.000Z' }, chosen).can({ type: 'import.confirm' })).toBe(false)
    // a list with rows in error still sends its ok rows
    expect(previewed('invitations', { ...batch, total: 5, counts: { ...counts, ok: 1, invalid_email: 4 } }, chosen).can({ type: 'import.confirm' })).toBe(true)
    // no role offered (a class's students): none to choose, the role given is used
    expect(previewed('invitations', batch, { settings: screens.invitations }).can({ type: 'import.confirm' })).toBe(true)
    expect(previewed('invitations', batch, { settings: screens.invitations, role: 'student' }).can({ type: 'import.confirm' })).toBe(true)
  })

  it('keeps the preview, with the error, for a failure that carries rows but is no 409 refusal', () => {
    for (const screen of ['classes', 'organizations'] as const) {
      const error = apiFailure(400, { detail: 'Refused', import: refusals[screen].rows } as never)
      const snapshot = snapshotAfter(fileImportMachine, inputs[screen], [...stepsTo(screen), done('readPreview', clean[screen]), { type: 'import.confirm' }, failed('confirmImport', error)])
      expect(snapshot.matches({ preview: 'failed' })).toBe(true)
      expect(snapshot.context.preview).toEqual(clean[screen])
      expect(snapshot.context.error).toEqual(error)
    }
  })

  it('shows a 409 without rows as a failure on the organization import too', () => {
    const error = apiFailure(409, { detail: 'Already imported.' })
    const snapshot = snapshotAfter(fileImportMachine, inputs.organizations, [...stepsTo('organizations'), done('readPreview', orgClean), { type: 'import.confirm' }, failed('confirmImport', error)])
    expect(snapshot.matches({ preview: 'failed' })).toBe(true)
    expect(snapshot.context).toMatchObject({ preview: orgClean, error })
  })

  it('lets the organization import replace a previewed file by another, and refuse a bad one, but not while confirming', () => {
    const start = [...stepsTo('organizations'), done('readPreview', orgWithErrors)]
    const rejected = snapshotAfter(fileImportMachine, inputs.organizations, [...start, { type: 'import.choose', file: pdf }])
    expect(rejected.matches({ empty: 'rejected' })).toBe(true)
    expect(rejected.context).toMatchObject({ rejection: 'type', preview: null, fileName: null })
    const again = snapshotAfter(fileImportMachine, inputs.organizations, [...start, { type: 'import.choose', file: xlsx }])
    expect(again.matches('reading')).toBe(true)
    expect(again.context).toMatchObject({ fileName: 'list.xlsx', file: xlsx, preview: null, error: null })
    const confirming = snapshotAfter(fileImportMachine, inputs.organizations, [...stepsTo('organizations'), done('readPreview', orgClean), { type: 'import.confirm' }])
    expect(confirming.can({ type: 'import.choose', file: xlsx })).toBe(false)
  })

  it('reads the page and filter asked for, from the preview and from a failure, a new filter from its first page', () => {
    const input: FileImportInput = { settings: screens.invitations, roleOffered: true, role: 'teacher' }
    const shown = [...stepsTo('invitations'), done('readPreview', batch)]
    const readPageOf = (events: ModelEvent<M>[]) => inputOf(snapshotAfter(fileImportMachine, input, [...shown, ...events]).children.readPage)
    expect(readPageOf([{ type: 'import.page', page: 3 }])).toEqual({ file: null, upload: batchUpload, page: 3, filter: 'all' })
    expect(readPageOf([{ type: 'import.page', page: 3 }, done('readPage', batch), { type: 'import.filter', filter: 'ok' }])).toEqual({ file: null, upload: batchUpload, page: 1, filter: 'ok' })
    const failedOnce: ModelEvent<M>[] = [{ type: 'import.page', page: 2 }, failed('readPage', offline)]
    expect(readPageOf([...failedOnce, { type: 'import.page', page: 4 }])).toEqual({ file: null, upload: batchUpload, page: 4, filter: 'all' })
    expect(readPageOf([...failedOnce, { type: 'import.filter', filter: 'problems' }])).toEqual({ file: null, upload: batchUpload, page: 1, filter: 'problems' })
  })

  it('takes the consent and the role given, and the bytes the upload reports', () => {
    const input: FileImportInput = { settings: screens.invitations, roleOffered: true, role: null }
    const snapshot = snapshotAfter(fileImportMachine, input, [
      { type: 'import.consent', consent: false },
      { type: 'import.role', role: 'admin' },
      { type: 'import.choose', file: csv },
      done('requestUpload', batchUpload),
      { type: 'upload.progress', loaded: 512, total: 1024 },
    ])
    expect(snapshot.context).toMatchObject({ consent: false, role: 'admin', progress: { loaded: 512, total: 1024 } })
  })

  it('keeps its settings apart: a presigned screen that replaced its file would take another one while uploading, and have no remove', () => {
    const input: FileImportInput = { settings: { ...screens.classes, replaceable: true } }
    const start: ModelEvent<M>[] = [{ type: 'import.choose', file: xlsx }]
    for (const events of [start, [...start, done('requestUpload', classUpload)]]) {
      const other = file(['PK'], 'other.xlsx')
      const snapshot = snapshotAfter(fileImportMachine, input, [...events, { type: 'import.choose', file: other }])
      expect(snapshot.matches('requestingUpload')).toBe(true)
      expect(snapshot.context).toMatchObject({ file: other, upload: null })
      expect(snapshotAfter(fileImportMachine, input, events).can({ type: 'import.remove' })).toBe(false)
    }
  })

  it.each([
    ['no rows', null],
    ['rows that are no import', 'Some rows have errors.'],
  ])('shows a 409 with %s as a failure on the organization import', (_, rows) => {
    const error = apiFailure(409, { detail: 'Refused', code: 'import_has_errors', import: rows } as never)
    const snapshot = snapshotAfter(fileImportMachine, inputs.organizations, [...stepsTo('organizations'), done('readPreview', orgClean), { type: 'import.confirm' }, failed('confirmImport', error)])
    expect(snapshot.matches({ preview: 'failed' })).toBe(true)
    expect(snapshot.context).toMatchObject({ preview: orgClean, error })
  })

  it('clears the file, the preview, its filter and page when the invitation list is removed, and keeps role and consent', () => {
    const input: FileImportInput = { settings: screens.invitations, roleOffered: true, role: null }
    const snapshot = snapshotAfter(fileImportMachine, input, [
      { type: 'import.role', role: 'admin' },
      { type: 'import.consent', consent: false },
      ...stepsTo('invitations'),
      done('readPreview', batch),
      { type: 'import.filter', filter: 'ok' },
      done('readPage', batch),
      { type: 'import.page', page: 3 },
      done('readPage', batch),
      { type: 'import.remove' },
    ])
    expect(snapshot.matches({ empty: 'waiting' })).toBe(true)
    expect(snapshot.context).toMatchObject({ fileName: null, file: null, upload: null, preview: null, filter: 'all', page: 1, rejection: null, error: null, role: 'admin', consent: false })
  })

  it('starts another file from nothing after an import', () => {
    const snapshot = snapshotAfter(fileImportMachine, inputs.classes, [...stepsTo('classes'), done('readPreview', classClean), { type: 'import.confirm' }, done('confirmImport', classImported), { type: 'import.another' }])
    expect(snapshot.matches({ empty: 'waiting' })).toBe(true)
    expect(snapshot.context).toMatchObject({ fileName: null, file: null, upload: null, preview: null, filter: 'all', page: 1, rejection: null, error: null })
  })

  it('forgets a refused file and the last error when a file is taken', () => {
    const refusedFirst = snapshotAfter(fileImportMachine, inputs.classes, [{ type: 'import.choose', file: xlsx }, failed('requestUpload', offline), { type: 'import.choose', file: csv }])
    expect(refusedFirst.context).toMatchObject({ rejection: 'type', error: null, fileName: null })
    const taken = snapshotAfter(fileImportMachine, inputs.classes, [{ type: 'import.choose', file: csv }, { type: 'import.choose', file: xlsx }])
    expect(taken.context).toMatchObject({ rejection: null, error: null, fileName: 'list.xlsx', upload: null, preview: null, filter: 'all', page: 1 })
  })
})

// ---------------------------------------------------------------------------------------------
// Each screen with actors like its own (src/api), run for real.

describe('fileImportMachine with actors', () => {
  const presignedActors = (upload: FileImportUpload, preview: FileImportPreview, result: FileImportPreview, calls: unknown[]) => ({
    requestUpload: fromPromise<FileImportUpload, FileImportRequestInput>(async ({ input }) => {
      calls.push(['requestUpload', input])
      return upload
    }),
    uploadFile: fromCallback<UploadProgressEvent, FileImportUploadInput>(({ sendBack, input }) => {
      calls.push(['uploadFile', input])
      sendBack({ type: 'upload.progress', loaded: input.file.size, total: input.file.size })
      setTimeout(() => sendBack({ type: 'upload.done' } as never), 0)
    }),
    readPreview: fromPromise<FileImportPreview, FileImportReadInput>(async ({ input }) => {
      calls.push(['readPreview', input])
      return preview
    }),
    changeRole: fromPromise<FileImportPreview, FileImportRoleInput>(async ({ input }) => {
      calls.push(['changeRole', input])
      return batch
    }),
    confirmImport: fromPromise<FileImportPreview, FileImportConfirmInput>(async ({ input }) => {
      calls.push(['confirmImport', input])
      return result
    }),
  })

  it('imports classes: an address, the upload with progress, the preview, and one confirmation announced', async () => {
    const calls: unknown[] = []
    const announced: unknown[] = []
    const machine = fileImportMachine.provide({
      actors: presignedActors(classUpload, classClean, classImported, calls),
      actions: { announceImported: (_, params) => announced.push(params) },
    })
    const actor = createActor(machine, { input: { settings: FILE_IMPORTS.classes } }).start()
    actor.send({ type: 'import.choose', file: csv })
    expect(actor.getSnapshot().context.rejection).toBe('type')
    actor.send({ type: 'import.choose', file: xlsx })
    await waitFor(actor, (s) => s.matches({ preview: 'shown' }))
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: xlsx.size, total: xlsx.size })
    actor.send({ type: 'import.confirm' })
    await waitFor(actor, (s) => s.matches('imported'))
    expect(calls).toEqual([
      ['requestUpload', { file: xlsx, role: null }],
      ['uploadFile', { upload: classUpload, file: xlsx }],
      ['readPreview', { file: xlsx, upload: classUpload, page: 1, filter: 'all' }],
      ['confirmImport', { preview: classClean, consent: true }],
    ])
    expect(announced).toEqual([{ preview: classImported }])
  })

  it('imports users into classes with the consent chosen', async () => {
    const calls: unknown[] = []
    const actor = createActor(fileImportMachine.provide({ actors: presignedActors(classUpload6, usersClean, usersImported, calls) }), {
      input: { settings: FILE_IMPORTS.classUsers },
    }).start()
    actor.send({ type: 'import.choose', file: csv })
    await waitFor(actor, (s) => s.matches({ preview: 'shown' }))
    actor.send({ type: 'import.consent', consent: false })
    actor.send({ type: 'import.confirm' })
    await waitFor(actor, (s) => s.matches('imported'))
    expect(calls.at(-1)).toEqual(['confirmImport', { preview: usersClean, consent: false }])
  })

  it('sends an invitation list once after a yes, with the role chosen', async () => {
    const calls: unknown[] = []
    const actor = createActor(fileImportMachine.provide({ actors: presignedActors(batchUpload, batchAsStudent, batchSent, calls) }), {
      input: { settings: FILE_IMPORTS.invitations, roleOffered: true, role: null },
    }).start()
    actor.send({ type: 'import.choose', file: csv })
    await waitFor(actor, (s) => s.matches({ preview: 'shown' }))
    actor.send({ type: 'import.confirm' })
    expect(actor.getSnapshot().matches({ preview: 'shown' })).toBe(true) // no role chosen yet
    actor.send({ type: 'import.role', role: 'teacher' })
    await waitFor(actor, (s) => s.matches({ preview: 'shown' }))
    actor.send({ type: 'import.confirm' })
    actor.send({ type: 'import.no' })
    actor.send({ type: 'import.confirm' })
    actor.send({ type: 'import.yes' })
    await waitFor(actor, (s) => s.matches('imported'))
    expect(calls.filter((call) => (call as [string])[0] === 'confirmImport')).toEqual([['confirmImport', { preview: batch, consent: true }]])
    expect(calls).toContainEqual(['changeRole', { preview: batchAsStudent, role: 'teacher' }])
  })

  it('imports organizations without a presigned upload: the file goes with the reading, a refusal shows its rows', async () => {
    const calls: unknown[] = []
    const announced: unknown[] = []
    let answer: () => FileImportPreview = () => {
      throw orgRefused
    }
    const machine = fileImportMachine.provide({
      actors: {
        readPreview: fromPromise<FileImportPreview, FileImportReadInput>(async ({ input }) => {
          calls.push(['readPreview', input])
          return orgClean
        }),
        confirmImport: fromPromise<FileImportPreview, FileImportConfirmInput>(async ({ input }) => {
          calls.push(['confirmImport', input])
          return answer()
        }),
      },
      actions: { announceImported: (_, params) => announced.push(params) },
    })
    const actor = createActor(machine, { input: { settings: FILE_IMPORTS.organizations } }).start()
    actor.send({ type: 'import.choose', file: csv })
    expect(actor.getSnapshot().matches('reading')).toBe(true)
    await waitFor(actor, (s) => s.matches({ preview: 'shown' }))
    actor.send({ type: 'import.confirm' })
    await waitFor(actor, (s) => !s.matches('confirming'))
    expect(actor.getSnapshot().matches({ preview: 'shown' })).toBe(true)
    expect(actor.getSnapshot().context).toMatchObject({ preview: orgNowTaken, error: null })
    actor.send({ type: 'import.choose', file: xlsx })
    await waitFor(actor, (s) => s.matches({ preview: 'shown' }))
    answer = () => orgCreated
    actor.send({ type: 'import.confirm' })
    await waitFor(actor, (s) => s.matches('imported'))
    expect(calls).toEqual([
      ['readPreview', { file: csv, upload: null, page: 1, filter: 'all' }],
      ['confirmImport', { preview: orgClean, consent: true }],
      ['readPreview', { file: xlsx, upload: null, page: 1, filter: 'all' }],
      ['confirmImport', { preview: orgClean, consent: true }],
    ])
    expect(announced).toEqual([{ preview: orgCreated }])
  })
})
