/**
 * The file import (machines/file-import.ts) on three of its four screens, one input each: the class
 * import of an organization admin (/organization/{id}/classes/import: presigned upload, one file at a
 * time, confirmed at once), the invitation list of its students (/students/import: a role to choose,
 * filters and pages, a yes or no before sending) and the platform admin's organization import (the
 * list's Import dialog: the file goes with the call that reads it, another file replaces it, a refusal
 * shows its rows). The user import into classes takes the class import's way through the machine (its
 * consent box is the invitation list's transition): it is not walked again.
 *
 * Files are made for each choice (an xlsx of classes, a csv of addresses or of organizations, with
 * names and addresses of their own, so a file is never the one imported before) and really uploaded
 * and read. The upload to the presigned address is held at the network until the walk lets it through
 * or drops it: `uploadFile` reports by the machine's own events (upload.done, upload.failed), so it is
 * `lasting` and those events are done by letting the held PUT go. What each actor outcome stands for
 * is arranged for real:
 * - requestUpload: done = the upload address; 0 = the connection drops.
 * - readPreview (also as readPage): done = the rows of the file, checked; 0 = the connection drops
 *   (class import, invitation list); 400 = the organization import's file has no row under its header.
 * - changeRole: done = the list checked again for the role; 0 = the connection drops.
 * - confirmImport: done = every row imported; 0 = the connection drops; 409 = a name of the file was
 *   taken since the preview (a class of the organization, an organization made meanwhile), so nothing
 *   was imported (the invitation list has no such refusal).
 * Not walked: a file removed while its address is asked for or while it is read (the call is too quick
 * to act in between: tests/model), the upload's progress events (the browser's own), and the preview's
 * rows beyond what the summary, the filters and the pages show.
 */
import { isDeepStrictEqual } from 'node:util'
import { expect, type APIRequestContext, type Locator, type Page, type Route } from '@playwright/test'
import ExcelJS from 'exceljs'
import type { AnyMachineSnapshot } from 'xstate'
import { FILE_IMPORT_MAX_BYTES, FILE_IMPORTS, fileImportMachine } from '../../../../machines/file-import'
import type { FileImportPreview, FileImportUpload, OrganizationRole } from '../../../../machines/types'
import { bearer, createOrganization, login, organizationName, uniqueEmail, type Organization } from '../api'
import { PLATFORM_ADMIN } from '../env'
import { apiFailure, done, failed, statusOf, type ActorCall, type MachineUi, type PathEvent } from '../machine-paths'
import { logIn, logInWith } from '../ui'
import { dropNext, memberOf, NETWORK } from './common'

type Screen = 'classes' | 'invitations' | 'organizations'

interface ImportWorld {
  request: APIRequestContext
  screen: Screen
  /** The organization of the class import and the invitation list, and its admin's token. */
  organization: Organization | null
  token: string | null
  /** The PUTs to the presigned address, held until upload.done or upload.failed lets them go. */
  held: Route[]
  /** The class names, addresses or organization names of the file chosen last. */
  names: string[]
  /** The organization import's next file is one the server refuses (no row under the header). */
  refuseFile: boolean
  /** The filter and page of the invitation list's rows on screen: the last ones read (a failed read leaves them). */
  shown: { filter: string; page: number }
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const CLASS_HEADER = ['Class name', 'Start date', 'End date', 'Days of practice per week', 'Minutes per day', 'Take assessment', 'Engagement days']
const ORGANIZATION_HEADER = 'name,type,industry,address_1,address_2,city,state,postal_code,country,phone,timezone,is_verified,owner_email'
/** The invitation list's rows: one more than a preview page of 50, and one address with a problem. */
const ADDRESSES = 52
const ROWS = ADDRESSES + 1

// A File serializes to {}: the graph tells events apart by their JSON, so each file carries its name.
const eventFile = (parts: BlobPart[], name: string): File => Object.assign(new File(parts, name), { label: name })
/** The file each screen takes, and one of a type it refuses (a csv is the others' type, not the class import's). */
const files = {
  classes: { good: eventFile(['PK'], 'classes.xlsx'), wrongType: eventFile(['Class name'], 'classes.csv') },
  invitations: { good: eventFile(['email'], 'students.csv'), wrongType: eventFile(['hello'], 'notes.txt') },
  organizations: { good: eventFile(['name'], 'organizations.csv'), wrongType: eventFile(['hello'], 'notes.txt') },
} satisfies Record<Screen, { good: File; wrongType: File }>
/** One byte over the limit of every screen. */
const huge = eventFile([new Uint8Array(FILE_IMPORT_MAX_BYTES + 1)], 'huge.xlsx')

// What the machine reads of the answers: whether the rows may be confirmed (the screens show the real ones).
const upload = { callback_id: 1, id: 1, presigned_url: '/v1/uploads/', content_type: XLSX, expires_at: '2026-01-01T00:00:00.000Z' } as FileImportUpload
const rowsOf = (total: number, withErrors: number) => ({ total, with_errors: withErrors, committed_at: null }) as unknown as FileImportPreview
const counts = { ok: ADDRESSES, invalid_email: 1, invalid_id: 0, duplicate: 0, member: 0, invited: 0, unknown_user: 0, own_address: 0, in_class: 0 }
const list = { id: 1, total: ROWS, count: ROWS, counts, sent_at: null, invited: null } as unknown as FileImportPreview
/** The list's rows with a problem: one page. */
const problems = { ...list, count: 1 } as FileImportPreview
const rowCount = (preview: FileImportPreview | null) => (preview as { count?: number } | null)?.count ?? 0
const sentList = { ...list, sent_at: '2026-01-01T00:00:00.000Z', invited: ADDRESSES, counts: { ...counts, ok: 0, invited: ADDRESSES } } as FileImportPreview
const nameTaken = (preview: FileImportPreview) => apiFailure(409, { code: 'import_has_errors', import: preview })

/** Which screen a snapshot is of, by its settings. */
const screenOf = (snapshot: AnyMachineSnapshot): Screen => {
  const { settings } = snapshot.context as { settings: unknown }
  const found = (['classes', 'invitations', 'organizations'] as const).find((screen) => isDeepStrictEqual(settings, FILE_IMPORTS[screen]))
  if (!found) throw new Error('a snapshot of no walked screen')
  return found
}

type Context = { consent: boolean; role: OrganizationRole | null; filter: string; page: number; preview: FileImportPreview | null; error: unknown; rejection: string | null; fileName: string | null }
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as Context

/** Each screen's calls, as the machine's actors make them. */
const CALLS = {
  requestUpload: { classes: { method: 'POST', path: /^\/v1\/groups\/\d+\/import\/upload\/$/ }, invitations: { method: 'POST', path: /^\/v1\/invitations\/batch\/$/ } },
  readPreview: {
    classes: { method: 'POST', path: /^\/v1\/groups\/\d+\/preview\/$/ },
    invitations: { method: 'GET', path: /^\/v1\/invitations\/batch\/\d+\/$/ },
    organizations: { method: 'POST', path: /^\/v1\/organizations\/import\/$/ },
  },
  confirmImport: {
    classes: { method: 'POST', path: /^\/v1\/groups\/\d+\/import\/$/ },
    invitations: { method: 'POST', path: /^\/v1\/invitations\/batch\/\d+\/send\/$/ },
    organizations: { method: 'POST', path: /^\/v1\/organizations\/import\/\d+\/confirm\/$/ },
  },
} satisfies Record<string, Partial<Record<Screen, ActorCall>>>
const callOf = (calls: Partial<Record<Screen, ActorCall>>, world: ImportWorld): ActorCall => {
  const call = calls[world.screen]
  if (!call) throw new Error(`the ${world.screen} screen makes no such call`)
  return call
}

/**
 * The events a state's screen sends and its calls answer: the file chooser where it is shown (the
 * organization import's stays open), "remove" where it is offered, the preview's buttons, and on the
 * invitation list the role select, the consent box, the filter tabs and the pages (each offered with
 * the value it does not have: a control sends a change only).
 */
function eventsIn(snapshot: AnyMachineSnapshot): PathEvent<typeof fileImportMachine>[] {
  const screen = screenOf(snapshot)
  const { consent, role, filter, page, preview } = contextOf(snapshot)
  const invitations = screen === 'invitations'
  const replaceable = screen === 'organizations'
  const chooser = snapshot.matches('empty') || (replaceable && (snapshot.matches({ preview: 'shown' }) || snapshot.matches({ preview: 'failed' }) || snapshot.matches('imported')))
  const shown = snapshot.matches({ preview: 'shown' }) || snapshot.matches({ preview: 'failed' })
  // the invitation list's role select and consent box are there but while busy (the role) or sending and after (both)
  const roleOffered = invitations && (snapshot.matches('empty') || shown)
  const consentOffered = invitations && (snapshot.matches('empty') || snapshot.matches('uploading') || shown)
  return [
    ...(chooser ? [{ type: 'import.choose', file: files[screen].good } as const, { type: 'import.choose', file: files[screen].wrongType } as const] : []),
    ...(chooser && snapshot.matches('empty') ? [{ type: 'import.choose', file: huge } as const] : []),
    ...(!replaceable && (snapshot.matches('uploading') || shown) ? [{ type: 'import.remove' } as const] : []),
    ...(shown ? [{ type: 'import.confirm' } as const] : []),
    ...(snapshot.matches({ preview: 'asking' }) ? [{ type: 'import.yes' } as const, { type: 'import.no' } as const] : []),
    ...(snapshot.matches('imported') && !replaceable ? [{ type: 'import.another' } as const] : []),
    ...(snapshot.matches('uploading') ? [{ type: 'upload.done' } as const, { type: 'upload.failed', status: 0 } as const] : []),
    ...(roleOffered ? [{ type: 'import.role', role: role === 'student' ? 'teacher' : 'student' } as const] : []),
    ...(consentOffered ? [{ type: 'import.consent', consent: !consent } as const] : []),
    ...(invitations && shown ? [{ type: 'import.filter', filter: filter === 'all' ? 'problems' : 'all' } as const] : []),
    // the pages of the rows read: the problems fit on one
    ...(invitations && shown && rowCount(preview) > 50 ? [{ type: 'import.page', page: page === 1 ? 2 : 1 } as const] : []),
    ...(invitations ? [done('readPage', filter === 'problems' ? problems : list)] : []),
    ...answers[screen],
  ]
}

const answers: Record<Screen, PathEvent<typeof fileImportMachine>[]> = {
  classes: [
    done('requestUpload', upload),
    failed('requestUpload', apiFailure(0)),
    done('readPreview', rowsOf(2, 0)),
    failed('readPreview', apiFailure(0)),
    done('confirmImport', { ...rowsOf(2, 0), committed_at: '2026-01-01T00:00:00.000Z' }),
    failed('confirmImport', apiFailure(0)),
    failed('confirmImport', nameTaken(rowsOf(2, 1))),
  ],
  invitations: [
    done('requestUpload', upload),
    failed('requestUpload', apiFailure(0)),
    done('readPreview', list),
    failed('readPreview', apiFailure(0)),
    failed('readPage', apiFailure(0)),
    done('changeRole', list),
    failed('changeRole', apiFailure(0)),
    done('confirmImport', sentList),
    failed('confirmImport', apiFailure(0)),
  ],
  organizations: [
    done('readPreview', rowsOf(2, 0)),
    failed('readPreview', apiFailure(400)),
    done('confirmImport', { ...rowsOf(2, 0), committed_at: '2026-01-01T00:00:00.000Z' }),
    failed('confirmImport', apiFailure(0)),
    failed('confirmImport', nameTaken(rowsOf(2, 1))),
  ],
}

const INPUTS = { 'class import': 'classes', 'invitation list': 'invitations', 'organization import': 'organizations' } as const satisfies Record<string, Screen>

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Import organizations' })
/** Where the screen is: the page, or the organization import's dialog. */
const scope = (page: Page, world: ImportWorld): Page | Locator => (world.screen === 'organizations' ? dialog(page) : page)
const chooseInput = (page: Page, world: ImportWorld) => scope(page, world).locator('input[type=file]')
const roleSelect = (page: Page) => page.getByRole('combobox', { name: 'Role' })
const consentBox = (page: Page) => page.getByRole('checkbox', { name: 'Enroll them as soon as they accept' })
const question = (page: Page) => page.getByRole('alertdialog', { name: 'Send the invitations?' })
const ROLE_LABELS: Partial<Record<OrganizationRole, string>> = { student: 'Student', teacher: 'Teacher' }
const FILTER_TABS: Record<string, string> = { all: 'All', ok: 'To invite', problems: 'With a problem' }

/** A file of this screen, with names of its own; for the organization import, one the server refuses when arranged so. */
async function fileFor(world: ImportWorld): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  switch (world.screen) {
    case 'classes': {
      world.names = [organizationName('Paths Algebra'), organizationName('Paths Biology')]
      const workbook = new ExcelJS.Workbook()
      const sheet = workbook.addWorksheet('Classes')
      for (const row of [CLASS_HEADER, ...world.names.map((name) => [name, '2026-01-05', '2099-06-30'])]) sheet.addRow(row)
      return { name: files.classes.good.name, mimeType: XLSX, buffer: Buffer.from(await workbook.xlsx.writeBuffer()) }
    }
    case 'invitations': {
      world.names = Array.from({ length: ADDRESSES }, (_, index) => uniqueEmail(`path-import-${index}`))
      return { name: files.invitations.good.name, mimeType: 'text/csv', buffer: Buffer.from(['email', ...world.names, 'not-an-email', ''].join('\n')) }
    }
    case 'organizations': {
      world.names = [organizationName('Paths Elementary'), organizationName('Paths Middle')]
      const line = (name: string) =>
        [name, 'school', 'education', '19 Plympton St', '', 'Springfield', 'OR', '97477', 'US', '+1 5415550100', 'America/Los_Angeles', 'no', uniqueEmail('path-import-owner')].join(',')
      // one refused file, then good ones again
      const lines = world.refuseFile ? [] : world.names.map(line)
      world.refuseFile = false
      return { name: files.organizations.good.name, mimeType: 'text/csv', buffer: Buffer.from([ORGANIZATION_HEADER, ...lines, ''].join('\n')) }
    }
  }
}

/**
 * The summary of the preview, and whether its confirmation is offered as the machine says; on the
 * invitation list, the tab and page asked for and the rows of `rows` (the filter and page last read).
 */
async function checkPreview(page: Page, world: ImportWorld, snapshot: AnyMachineSnapshot, rows: { filter: string; page: number }) {
  const { preview, filter, page: pageNumber } = contextOf(snapshot)
  const withErrors = (preview as { with_errors?: number }).with_errors ?? 0
  const confirmable = snapshot.can({ type: 'import.confirm' })
  switch (world.screen) {
    case 'classes': {
      await expect(page.getByText(`2 classes in the file, ${withErrors} with errors`)).toBeVisible()
      await expect(page.getByRole('tab', { name: world.names[0] })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Import 2 classes' })).toBeEnabled({ enabled: confirmable })
      break
    }
    case 'invitations': {
      await expect(page.getByText(`${ROWS} rows: ${ADDRESSES} to invite, 1 with a problem`)).toBeVisible()
      await expect(page.getByRole('tab', { name: FILTER_TABS[filter] })).toHaveAttribute('aria-selected', 'true')
      // the pages of the rows read (the problems fit on one), at the page asked for
      const pager = page.getByRole('navigation', { name: 'Pagination' })
      if (rowCount(preview) > 50) await expect(pager.getByRole('button', { name: `Go to page ${pageNumber}` })).toHaveAttribute('aria-current', 'page')
      else await expect(pager).toBeHidden()
      // the rows read: the address with a problem, the first page, or the last rows
      const table = page.getByRole('region', { name: 'Rows of the file' }).getByRole('row')
      if (rows.filter === 'problems') await expect(table).toHaveCount(2)
      else if (rows.page === 2) await expect(table.filter({ hasText: 'not-an-email' })).toBeVisible()
      else await expect(table.filter({ hasText: world.names[0] as string })).toBeVisible()
      await expect(page.getByRole('button', { name: `Send ${ADDRESSES} invitations` })).toBeEnabled({ enabled: confirmable })
      await expect(question(page)).toBeHidden()
      break
    }
    case 'organizations': {
      const found = dialog(page)
      await expect(found.getByText(`2 rows, ${withErrors} with errors`)).toBeVisible()
      await expect(found.getByRole('row').filter({ hasText: world.names[0] })).toBeVisible()
      if (withErrors > 0) await expect(found.getByRole('row').filter({ hasText: world.names[0] })).toContainText('An organization with this name already exists.')
      await expect(found.getByRole('button', { name: 'Create 2 organizations' })).toBeEnabled({ enabled: confirmable })
      await expect(found.getByRole('button', { name: 'Upload another file' })).toBeEnabled()
      break
    }
  }
}

/** The invitation list's role and consent as the machine has them. */
async function checkChoices(page: Page, world: ImportWorld, snapshot: AnyMachineSnapshot) {
  if (world.screen !== 'invitations') return
  const { role, consent } = contextOf(snapshot)
  if (role) await expect(roleSelect(page).locator('option:checked')).toHaveText(ROLE_LABELS[role] as string)
  else await expect(roleSelect(page)).toHaveValue('')
  await expect(consentBox(page)).toBeChecked({ checked: consent })
}

/** The file chooser, with no preview and no result. */
async function checkEmpty(page: Page, world: ImportWorld, snapshot: AnyMachineSnapshot) {
  await expect(scope(page, world).getByRole('button', { name: 'Choose a file', exact: true })).toBeEnabled()
  await expect(scope(page, world).getByRole('button', { name: 'Remove the file' })).toBeHidden()
  await expect(scope(page, world).getByText(/ with errors$|to invite, /)).toHaveCount(0)
  await checkChoices(page, world, snapshot)
}

const errorPanel = (page: Page, world: ImportWorld) => scope(page, world).getByRole('alert')

export const fileImport: MachineUi<typeof fileImportMachine, ImportWorld> = {
  name: 'fileImportMachine',
  machine: fileImportMachine,
  inputs: {
    'class import': { settings: FILE_IMPORTS.classes },
    // an admin's list: the role is chosen on the screen
    'invitation list': { settings: FILE_IMPORTS.invitations, roleOffered: true, role: null },
    'organization import': { settings: FILE_IMPORTS.organizations },
  },
  paths: 'tour',
  lasting: ['uploadFile'],
  events: eventsIn,
  async start(page, { inputName, request }) {
    const screen = INPUTS[inputName as keyof typeof INPUTS]
    const world: ImportWorld = { request, screen, organization: null, token: null, held: [], names: [], refuseFile: false, shown: { filter: 'all', page: 1 } }
    if (screen === 'organizations') {
      await page.goto('/login')
      await logInWith(page, PLATFORM_ADMIN.email, PLATFORM_ADMIN.password)
      await expect(page.getByRole('heading', { name: 'Organizations', level: 1 })).toBeVisible()
      await page.getByRole('button', { name: 'Import', exact: true }).click()
      await expect(dialog(page)).toBeVisible()
      return world
    }
    world.organization = await createOrganization(request, organizationName('Import Paths'))
    const admin = await memberOf(request, world.organization, 'path-import-admin', 'admin', ['Ida', 'Porter'])
    world.token = (await login(request, admin.email, admin.password)).token
    // the upload to the presigned address waits for the walk
    await page.route(
      (url) => url.pathname === '/v1/uploads/',
      async (route) => {
        if (route.request().method() !== 'PUT') return route.fallback()
        world.held.push(route)
      },
    )
    // the rows on the invitation list's screen are those of the last list read: of the filter and page
    // asked for, or (a role changed) the first page of all
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (!/^\/v1\/invitations\/batch\/\d+\/$/.test(url.pathname) || !response.ok()) return
      const query = url.searchParams
      world.shown = response.request().method() === 'GET' ? { filter: query.get('filter') ?? 'all', page: Number(query.get('page') ?? 1) } : { filter: 'all', page: 1 }
    })
    await logIn(page, admin)
    await page.goto(`/organization/${world.organization.id}/${screen === 'classes' ? 'classes' : 'students'}/import`)
    await expect(page.getByRole('button', { name: 'Choose a file', exact: true })).toBeVisible()
    return world
  },
  executors: {
    'import.choose': async (page, event, world) => {
      const { name } = event.file
      if (event.file === huge) await chooseInput(page, world).setInputFiles({ name, mimeType: XLSX, buffer: Buffer.alloc(FILE_IMPORT_MAX_BYTES + 1) })
      else if (event.file === files[world.screen].wrongType) await chooseInput(page, world).setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('hello') })
      else await chooseInput(page, world).setInputFiles(await fileFor(world))
    },
    'import.remove': async (page, _event, world) => {
      await page.getByRole('button', { name: 'Remove the file' }).click()
      // an upload under way is aborted by the browser
      for (const route of world.held.splice(0)) await route.abort().catch(() => {})
    },
    'import.role': async (page, event) => {
      await roleSelect(page).selectOption({ label: ROLE_LABELS[event.role] as string })
    },
    'import.consent': async (page) => {
      await page.getByText('Enroll them as soon as they accept').click()
    },
    'import.filter': async (page, event) => {
      await page.getByRole('tab', { name: FILTER_TABS[event.filter] }).click()
    },
    'import.page': async (page, event) => {
      await page.getByRole('button', { name: `Go to page ${event.page}` }).click()
    },
    'import.confirm': async (page, _event, world) => {
      const names = { classes: 'Import 2 classes', invitations: `Send ${ADDRESSES} invitations`, organizations: 'Create 2 organizations' }
      await scope(page, world).getByRole('button', { name: names[world.screen] }).click()
    },
    'import.yes': async (page) => {
      await question(page).getByRole('button', { name: 'Yes, send' }).click()
    },
    'import.no': async (page) => {
      await question(page).getByRole('button', { name: 'No', exact: true }).click()
    },
    'import.another': async (page) => {
      await page.getByRole('button', { name: 'Import another file' }).click()
    },
    'upload.done': async (_page, _event, world) => {
      await expect.poll(() => world.held.length, { message: 'the upload reached the presigned address' }).toBe(1)
      await world.held.shift()?.continue()
    },
    'upload.failed': async (_page, event, world) => {
      expect(event.status).toBe(0)
      await expect.poll(() => world.held.length, { message: 'the upload reached the presigned address' }).toBe(1)
      await world.held.shift()?.abort('internetdisconnected')
    },
    // not among the events walked (the browser's own, see the file's comment)
    'upload.progress': async () => {
      throw new Error('upload.progress is the browser reporting the upload: not walked')
    },
  },
  arrangements: {
    requestUpload: {
      call: (world) => callOf(CALLS.requestUpload, world),
      done: async () => {},
      error: async (page, event, world) => {
        expect(statusOf(event.error)).toBe(0)
        const { method, path } = callOf(CALLS.requestUpload, world)
        await dropNext(page, method, path)
      },
    },
    uploadFile: {
      call: { method: 'PUT', path: /^\/v1\/uploads\/$/ },
      done: async () => {
        throw new Error('uploadFile reports by upload.done and upload.failed, the events walked')
      },
      error: async () => {
        throw new Error('uploadFile reports by upload.done and upload.failed, the events walked')
      },
    },
    readPreview: {
      call: (world) => callOf(CALLS.readPreview, world),
      done: async () => {},
      error: async (page, event, world) => {
        if (world.screen === 'organizations') {
          expect(statusOf(event.error)).toBe(400)
          world.refuseFile = true
          return
        }
        expect(statusOf(event.error)).toBe(0)
        const { method, path } = callOf(CALLS.readPreview, world)
        await dropNext(page, method, path)
      },
    },
    changeRole: {
      call: { method: 'PATCH', path: /^\/v1\/invitations\/batch\/\d+\/$/ },
      done: async () => {},
      error: async (page, event) => {
        expect(statusOf(event.error)).toBe(0)
        await dropNext(page, 'PATCH', /^\/v1\/invitations\/batch\/\d+\/$/)
      },
    },
    confirmImport: {
      call: (world) => callOf(CALLS.confirmImport, world),
      done: async () => {},
      error: async (page, event, world) => {
        const { method, path } = callOf(CALLS.confirmImport, world)
        if (statusOf(event.error) === 0) return dropNext(page, method, path)
        expect(statusOf(event.error)).toBe(409)
        // the first name of the file is taken meanwhile
        const [name] = world.names as [string]
        if (world.screen === 'organizations') await createOrganization(world.request, name)
        else {
          const created = await world.request.post(`/v1/groups/${world.organization?.id}/`, {
            headers: bearer(world.token as string),
            data: { name, start_date: '2026-01-05', end_date: '2099-06-30' },
          })
          expect(created.status()).toBe(201)
        }
      },
    },
  },
  states: {
    'empty.waiting': async (page, world, snapshot) => {
      await checkEmpty(page, world, snapshot)
      await expect(errorPanel(page, world)).toHaveCount(0)
    },
    'empty.rejected': async (page, world, snapshot) => {
      await checkEmpty(page, world, snapshot)
      const tooLarge = world.screen === 'classes' ? 'The file is larger than 5 MB. Split it and upload each part.' : 'The file is too large: at most 5120 KB.'
      await expect(errorPanel(page, world)).toHaveText(contextOf(snapshot).rejection === 'size' ? tooLarge : 'File type is not allowed')
    },
    'empty.failed': async (page, world, snapshot) => {
      await checkEmpty(page, world, snapshot)
      const status = statusOf(contextOf(snapshot).error)
      if (status === 0) await expect(errorPanel(page, world)).toHaveText(NETWORK)
      else await expect(errorPanel(page, world)).toHaveText(/^The file could not be uploaded\.\s*The file has no rows under its header row\.$/)
    },
    uploading: async (page, world, snapshot) => {
      const progress = page.getByRole('progressbar', { name: `Uploading ${contextOf(snapshot).fileName}` })
      await expect(progress).toBeVisible()
      await expect(page.getByRole('button', { name: 'Remove the file' })).toBeVisible()
      await expect(errorPanel(page, world)).toHaveCount(0)
      await checkChoices(page, world, snapshot)
    },
    'preview.shown': async (page, world, snapshot) => {
      await checkPreview(page, world, snapshot, world.shown)
      await checkChoices(page, world, snapshot)
      // the organization import's own rows say what is wrong; no error panel besides
      const panel = errorPanel(page, world).filter({ hasNotText: 'Fix the rows with errors in the file and upload it again.' })
      await expect(panel).toHaveCount(0)
    },
    'preview.asking': async (page) => {
      await expect(question(page)).toContainText(`${ADDRESSES} people are invited by e-mail. Rows with a problem are left out.`)
    },
    'preview.failed': async (page, world, snapshot) => {
      await checkPreview(page, world, snapshot, world.shown)
      await checkChoices(page, world, snapshot)
      const status = statusOf(contextOf(snapshot).error)
      // the error panel above the preview, with the server's words only
      const panel = errorPanel(page, world).first()
      if (status === 0) await expect(panel).toHaveText(world.screen === 'organizations' ? `The organizations could not be created.${NETWORK}` : NETWORK)
      else await expect(panel).toHaveText('Some classes have errors: fix the file and upload it again. Nothing was imported.')
    },
    imported: async (page, world) => {
      if (world.screen === 'classes') {
        await expect(page.getByRole('heading', { name: '2 classes were imported' })).toBeVisible()
        await expect(page.getByRole('button', { name: 'Import another file' })).toBeVisible()
      } else if (world.screen === 'invitations') {
        await expect(page.getByText(`${ADDRESSES} invitations were sent.`)).toBeVisible()
        await expect(roleSelect(page)).toBeDisabled()
        await expect(consentBox(page)).toBeDisabled()
      } else {
        await expect(dialog(page).getByText('2 organizations were created and their owners invited by email.')).toBeVisible()
        await expect(dialog(page).getByRole('button', { name: 'Upload another file' })).toBeEnabled()
      }
    },
  },
}
