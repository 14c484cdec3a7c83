import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure } from './types'

/**
 * A class export downloaded from the class details (specification 001 §2 "export buttons for activity,
 * assessment and lesson detail", §6 "Export: ... for admin or teacher", GET /v1/reports/groups/{id}/export/):
 * one export at a time; while it downloads the menu is busy; a failure says why until it is dismissed or
 * an export is chosen again.
 */

export type ClassExportKind = 'activity' | 'assessment' | 'lesson'
export type ClassExportFormat = 'csv' | 'xlsx'

export interface ClassExportRequest {
  groupId: number
  kind: ClassExportKind
  format: ClassExportFormat
  /** The range shown, local dates of the organization (YYYY-MM-DD), both included. */
  from: string
  to: string
}

export interface ClassExportContext {
  /** The export asked for last. */
  request: ClassExportRequest | null
  error: ApiFailure | null
}

export type ClassExportEvent = { type: 'export.start'; request: ClassExportRequest } | { type: 'export.dismiss' }

export const classExportMachine = setup({
  types: {
    context: {} as ClassExportContext,
    events: {} as ClassExportEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET /v1/reports/groups/{id}/export/ handed to the browser as a file download */
    downloadExport: fromPromise<void, ClassExportRequest>(async () => {
      throw new Error('not provided: downloadExport')
    }),
  },
  actions: {
    assignRequest: assign((_, params: { request: ClassExportRequest }) => ({ request: params.request, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'classExport',
  description: 'The export menu of a class: activity, assessment or lesson detail, as CSV or XLSX, for the range shown.',
  context: { request: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The export menu, ready.',
      on: {
        'export.start': { target: 'downloading', actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) } },
      },
    },
    downloading: {
      description: 'The file is prepared and downloaded; the menu shows it is busy and takes no other export.',
      tags: ['busy'],
      invoke: {
        id: 'downloadExport',
        src: 'downloadExport',
        input: ({ context }) => context.request!,
        onDone: { description: 'The browser has the file.', target: 'idle' },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'Not downloaded: a message says why (the range, the right to export, the network) until dismissed or an export is chosen again.',
      tags: ['error'],
      on: {
        'export.start': { target: 'downloading', actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) } },
        'export.dismiss': { target: 'idle', actions: 'clearError' },
      },
    },
  },
})
