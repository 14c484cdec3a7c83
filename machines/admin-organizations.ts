import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type {
  ApiError,
  ApiFailure,
  Country,
  Organization,
  OrganizationFilter,
  OrganizationIdInput,
  OrganizationListQuery,
  OrganizationOrdering,
  Page,
  SetVerifiedInput,
  VerifyOrganizationsInput,
  VerifyOrganizationsResult,
} from './types'

/**
 * The platform admin's organization list (spec §2 Platform admin organizations screen, §4
 * Verification): one page of organizations for a query (side filter, countries, search, sort,
 * page) that the screen keeps in its address. Changing the query loads again from page 1 (a new
 * page keeps the rest); a search waits until the typing pauses. Clicking a verified cell flips
 * that organization (only its flag is sent) and offers to undo it; the selected rows can
 * be verified together. The deleted filter lists the organizations deleted in the last 30 days: one
 * of them can be restored, after a confirmation.
 */

export interface AdminOrganizationsInput {
  /** The query read from the address (a reload or a shared link). */
  query: OrganizationListQuery
}

export interface AdminOrganizationsContext {
  query: OrganizationListQuery
  /** The countries of the country filter, named in the person's language (empty if they could not be loaded). */
  countries: Country[]
  /** The page shown (kept while the next one loads, null before the first). */
  page: Page<Organization> | null
  /** Ids of the selected rows of the page shown. */
  selection: number[]
  /** The organization as it was before the last verified flip, for its undo (null when none). */
  lastFlip: Organization | null
  /** Why the page could not be loaded. */
  error: ApiFailure | null
  /** The deleted organization whose restore is being confirmed or sent (null when none). */
  toRestore: Organization | null
}

export type AdminOrganizationsEvent =
  | { type: 'list.filter'; filter: OrganizationFilter }
  | { type: 'list.countries'; countries: string[] }
  | { type: 'list.search'; search: string }
  | { type: 'list.sort'; ordering: OrganizationOrdering }
  | { type: 'list.page'; page: number }
  | { type: 'list.reload' }
  | { type: 'list.select'; ids: number[] }
  | { type: 'verify.flip'; organization: Organization }
  | { type: 'verify.undo' }
  | { type: 'verify.selected' }
  | { type: 'restore.ask'; organization: Organization }
  | { type: 'restore.confirm' }
  | { type: 'restore.cancel' }

/** How long typing must pause before a search is sent, in milliseconds. */
const SEARCH_PAUSE = 300

/** The page with one organization replaced by its saved version. */
const replaced = (page: Page<Organization> | null, organization: Organization): Page<Organization> | null =>
  page && { ...page, results: page.results.map((row) => (row.id === organization.id ? organization : row)) }

export const adminOrganizationsMachine = setup({
  types: {
    context: {} as AdminOrganizationsContext,
    events: {} as AdminOrganizationsEvent,
    input: {} as AdminOrganizationsInput,
    tags: {} as 'busy' | 'error' | 'dialog',
  },
  actors: {
    /** GET /v1/countries/ */
    loadCountries: fromPromise<Country[]>(async () => {
      throw new Error('not provided: loadCountries')
    }),
    /** GET /v1/organizations/ with the query */
    loadOrganizations: fromPromise<Page<Organization>, OrganizationListQuery>(async () => {
      throw new Error('not provided: loadOrganizations')
    }),
    /** The organization's is_verified as given (only the flag: POST /v1/organizations/verify/), answered as saved */
    setVerified: fromPromise<Organization, SetVerifiedInput>(async () => {
      throw new Error('not provided: setVerified')
    }),
    /** POST /v1/organizations/verify/ {ids, is_verified} */
    verifyOrganizations: fromPromise<VerifyOrganizationsResult, VerifyOrganizationsInput>(async () => {
      throw new Error('not provided: verifyOrganizations')
    }),
    /** POST /v1/organizations/{id}/restore/ */
    restoreOrganization: fromPromise<Organization, OrganizationIdInput>(async () => {
      throw new Error('not provided: restoreOrganization')
    }),
    /** Resolves once typing has paused (aborted by the next keystroke). */
    typingPause: fromPromise<void>(
      ({ signal }) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, SEARCH_PAUSE)
          signal.addEventListener('abort', () => clearTimeout(timer))
        }),
    ),
  },
  guards: {
    hasSelection: ({ context }) => context.selection.length > 0,
    canUndo: ({ context }) => context.lastFlip !== null,
    /** Only a deleted organization can be restored. */
    isDeleted: (_, params: { organization: Organization }) => params.organization.deleted_at !== null,
  },
  actions: {
    assignCountryList: assign((_, params: { countries: Country[] }) => ({ countries: params.countries })),
    assignFilter: assign(({ context }, params: { filter: OrganizationFilter }) => ({ query: { ...context.query, filter: params.filter, page: 1 } })),
    assignCountries: assign(({ context }, params: { countries: string[] }) => ({ query: { ...context.query, countries: params.countries, page: 1 } })),
    assignSearch: assign(({ context }, params: { search: string }) => ({ query: { ...context.query, search: params.search, page: 1 } })),
    assignOrdering: assign(({ context }, params: { ordering: OrganizationOrdering }) => ({ query: { ...context.query, ordering: params.ordering, page: 1 } })),
    assignPageNumber: assign(({ context }, params: { page: number }) => ({ query: { ...context.query, page: params.page } })),
    assignPage: assign((_, params: { page: Page<Organization> }) => ({ page: params.page, selection: [], error: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    assignSelection: assign(({ context }, params: { ids: number[] }) => ({
      selection: params.ids.filter((id) => context.page?.results.some((row) => row.id === id) ?? false),
    })),
    /** The saved organization replaces its row; the row as it was is kept for the undo. */
    assignFlipped: assign(({ context }, params: { after: Organization }) => ({
      page: replaced(context.page, params.after),
      lastFlip: context.page?.results.find((row) => row.id === params.after.id) ?? { ...params.after, is_verified: !params.after.is_verified },
    })),
    assignUndone: assign(({ context }, params: { organization: Organization }) => ({ page: replaced(context.page, params.organization), lastFlip: null })),
    assignToRestore: assign((_, params: { organization: Organization }) => ({ toRestore: params.organization })),
    clearToRestore: assign({ toRestore: null }),
    /** Writes the query into the address (provided by the screen). */
    writeQuery: (_, _params: { query: OrganizationListQuery }) => {},
    /** Toast: the organization is (not) verified now, with an undo button (provided by the screen). */
    notifyFlipped: (_, _params: { organization: Organization }) => {},
    /** Toast: this many organizations were verified (provided by the screen). */
    notifyVerified: (_, _params: { updated: number }) => {},
    /** Toast: a verification could not be changed, and why (provided by the screen). */
    notifyVerifyFailed: (_, _params: { error: ApiFailure }) => {},
    /** Toast: the organization is restored, with a button that opens it (provided by the screen). */
    notifyRestored: (_, _params: { organization: Organization }) => {},
    /** Toast: the organization could not be restored, and why (provided by the screen). */
    notifyRestoreFailed: (_, _params: { error: ApiFailure }) => {},
  },
}).createMachine({
  id: 'adminOrganizations',
  description: 'The platform admin\'s organization list: filter, search, sort, page, verify, restore a deleted one.',
  context: ({ input }) => ({ query: input.query, countries: [], page: null, selection: [], lastFlip: null, error: null, toRestore: null }),
  initial: 'starting',
  on: {
    'list.filter': {
      description: 'A side filter (all, active, inactive, verified, deleted) was chosen: page 1 of it is loaded.',
      target: '.loading',
      actions: [
        { type: 'assignFilter', params: ({ event }) => ({ filter: event.filter }) },
        { type: 'writeQuery', params: ({ context }) => ({ query: context.query }) },
      ],
    },
    'list.countries': {
      description: 'The countries filter changed: page 1 is loaded.',
      target: '.loading',
      actions: [
        { type: 'assignCountries', params: ({ event }) => ({ countries: event.countries }) },
        { type: 'writeQuery', params: ({ context }) => ({ query: context.query }) },
      ],
    },
    'list.search': {
      description: 'The search text changed: it is sent once typing pauses.',
      target: '.typing',
      actions: [
        { type: 'assignSearch', params: ({ event }) => ({ search: event.search }) },
        { type: 'writeQuery', params: ({ context }) => ({ query: context.query }) },
      ],
    },
    'list.sort': {
      description: 'A column header was clicked: page 1 is loaded in that order.',
      target: '.loading',
      actions: [
        { type: 'assignOrdering', params: ({ event }) => ({ ordering: event.ordering }) },
        { type: 'writeQuery', params: ({ context }) => ({ query: context.query }) },
      ],
    },
    'list.page': {
      description: 'Another page was chosen.',
      target: '.loading',
      actions: [
        { type: 'assignPageNumber', params: ({ event }) => ({ page: event.page }) },
        { type: 'writeQuery', params: ({ context }) => ({ query: context.query }) },
      ],
    },
  },
  states: {
    starting: {
      description: 'The countries of the filter are loaded first; without them the list shows country codes.',
      tags: ['busy'],
      invoke: {
        id: 'loadCountries',
        src: 'loadCountries',
        onDone: { target: 'loading', actions: { type: 'assignCountryList', params: ({ event }) => ({ countries: event.output }) } },
        onError: { target: 'loading' },
      },
    },
    typing: {
      description: 'The search is being typed; the list waits for a pause.',
      invoke: { id: 'typingPause', src: 'typingPause', onDone: { target: 'loading' } },
    },
    loading: {
      description: 'The page of organizations for the query is loaded (the previous page stays on screen).',
      tags: ['busy'],
      invoke: {
        id: 'loadOrganizations',
        src: 'loadOrganizations',
        input: ({ context }) => context.query,
        onDone: { target: 'loaded', actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) } },
        onError: {
          description: 'No connection, no permission, or a server failure.',
          target: 'failed',
          actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The list says it could not be loaded, and why, with a button to try again.',
      tags: ['error'],
      on: { 'list.reload': { description: 'Try again.', target: 'loading' } },
    },
    loaded: {
      description: 'The page is shown; rows can be selected, opened and verified.',
      initial: 'idle',
      on: {
        'list.select': { actions: { type: 'assignSelection', params: ({ event }) => ({ ids: event.ids }) } },
        'list.reload': { target: 'loading' },
      },
      states: {
        idle: {
          on: {
            'verify.flip': {
              description: 'The verified cell was clicked: the organization is saved with it flipped.',
              target: 'flipping',
            },
            'verify.undo': {
              description: 'The toast\'s undo: the organization is saved as it was before the flip.',
              guard: 'canUndo',
              target: 'undoing',
            },
            'verify.selected': {
              description: 'The selected organizations are marked verified together.',
              guard: 'hasSelection',
              target: 'verifying',
            },
            'restore.ask': {
              description: 'Restore was clicked on a deleted organization: a dialog asks to confirm.',
              guard: { type: 'isDeleted', params: ({ event }) => ({ organization: event.organization }) },
              target: 'confirmingRestore',
              actions: { type: 'assignToRestore', params: ({ event }) => ({ organization: event.organization }) },
            },
          },
        },
        confirmingRestore: {
          description: 'The dialog asks whether to restore the deleted organization.',
          tags: ['dialog'],
          on: {
            'restore.confirm': { description: 'Restore it.', target: 'restoring' },
            'restore.cancel': { description: 'Close the dialog; it stays deleted.', target: 'idle', actions: 'clearToRestore' },
          },
        },
        restoring: {
          description: 'The organization is restored; the page is loaded again (it leaves the deleted list).',
          tags: ['busy', 'dialog'],
          invoke: {
            id: 'restoreOrganization',
            src: 'restoreOrganization',
            input: ({ context }) => ({ organizationId: (context.toRestore as Organization).id }),
            onDone: {
              target: '#adminOrganizations.loading',
              actions: [{ type: 'notifyRestored', params: ({ event }) => ({ organization: event.output }) }, 'clearToRestore'],
            },
            onError: {
              description: 'Refused or failed (for instance purged meanwhile): a toast says why, the list is loaded again.',
              target: '#adminOrganizations.loading',
              actions: [{ type: 'notifyRestoreFailed', params: ({ event }) => ({ error: toApiFailure(event.error) }) }, 'clearToRestore'],
            },
          },
        },
        flipping: {
          description: 'The organization is saved with its verification flipped.',
          tags: ['busy'],
          invoke: {
            id: 'setVerified',
            src: 'setVerified',
            input: ({ event }) => {
              const organization = (event as { organization: Organization }).organization
              return { organization, is_verified: !organization.is_verified }
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'assignFlipped', params: ({ event }) => ({ after: event.output }) },
                { type: 'notifyFlipped', params: ({ event }) => ({ organization: event.output }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'notifyVerifyFailed', params: ({ event }) => ({ error: toApiFailure(event.error) }) },
            },
          },
        },
        undoing: {
          description: 'The flipped organization is saved back as it was.',
          tags: ['busy'],
          invoke: {
            id: 'undoVerified',
            src: 'setVerified',
            input: ({ context }) => {
              const before = context.lastFlip as Organization
              return { organization: before, is_verified: before.is_verified }
            },
            onDone: {
              target: 'idle',
              actions: { type: 'assignUndone', params: ({ event }) => ({ organization: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'notifyVerifyFailed', params: ({ event }) => ({ error: toApiFailure(event.error) }) },
            },
          },
        },
        verifying: {
          description: 'The selected organizations are marked verified; the page is loaded again.',
          tags: ['busy'],
          invoke: {
            id: 'verifyOrganizations',
            src: 'verifyOrganizations',
            input: ({ context }) => ({ ids: context.selection, is_verified: true }),
            onDone: {
              target: '#adminOrganizations.loading',
              actions: { type: 'notifyVerified', params: ({ event }) => ({ updated: event.output.updated }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'notifyVerifyFailed', params: ({ event }) => ({ error: toApiFailure(event.error) }) },
            },
          },
        },
      },
    },
  },
})
