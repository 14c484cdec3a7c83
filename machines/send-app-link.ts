import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, AppLinkChannel, SendAppLinkInput } from './types'

/**
 * The start-learning screen's send-email-link and send-SMS-link dialogs (spec §2 Onboarding and
 * start-learning, §5, §7 POST /v1/invitations/email and /sms): a dialog opens for one channel; a
 * failure keeps it open with a warning and the form as it was; success closes it, resets the form and
 * says so.
 */

export interface SendAppLinkContext {
  /** The dialog open (or last open). */
  channel: AppLinkChannel
  /** What was sent last. */
  request: SendAppLinkInput | null
  error: ApiFailure | null
}

export type SendAppLinkEvent =
  | { type: 'dialog.open'; channel: AppLinkChannel }
  | { type: 'dialog.close' }
  | { type: 'link.send'; request: SendAppLinkInput }

export const sendAppLinkMachine = setup({
  types: {
    context: {} as SendAppLinkContext,
    events: {} as SendAppLinkEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** POST /v1/invitations/email or /v1/invitations/sms -> the server's sentence saying where the link goes */
    sendAppLink: fromPromise<string, SendAppLinkInput>(async () => {
      throw new Error('not provided: sendAppLink')
    }),
  },
  actions: {
    assignChannel: assign((_, params: { channel: AppLinkChannel }) => ({ channel: params.channel, error: null })),
    assignRequest: assign((_, params: { request: SendAppLinkInput }) => ({ request: params.request, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    /** A toast says where the link went (the server's words); the dialog's form is reset. */
    announceSent: (_, _params: { detail: string }) => {},
  },
}).createMachine({
  id: 'sendAppLink',
  description: 'Sending the app download link by e-mail or text message from the start-learning screen.',
  context: { channel: 'email', request: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The start-learning screen, its two ways to get the app.',
      on: {
        'dialog.open': { target: 'open', actions: { type: 'assignChannel', params: ({ event }) => ({ channel: event.channel }) } },
      },
    },
    open: {
      description: 'The dialog of one channel: e-mail (address and phone type) or SMS (phone type, code and number).',
      initial: 'editing',
      on: { 'dialog.close': { description: 'Cancel, Escape or the close button.', target: 'closed' } },
      states: {
        editing: {
          description: 'The button is enabled once every field is filled in and valid.',
          on: { 'link.send': { target: 'sending', actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) } } },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'sendAppLink',
            src: 'sendAppLink',
            input: ({ context }) => context.request!,
            onDone: {
              description: 'Sent: the dialog closes, its form is reset and a message says so.',
              target: '#sendAppLink.closed',
              actions: { type: 'announceSent', params: ({ event }) => ({ detail: event.output }) },
            },
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          description: 'Not sent: a warning says why (a field, the rate limit, the network); the form keeps its values.',
          tags: ['error'],
          on: { 'link.send': { target: 'sending', actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) } } },
        },
      },
    },
  },
})
