import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type { ApiError, ApiFailure, InviteTokenOutput, TokenInput, ValidatedInvitation } from './types'

/**
 * The invite-token check (spec §2 Login and account dialogs): the token of the mailed link
 * /invite/<token>, or of the ?invite= payload of /login and /signup, is checked with the server. A
 * valid invitation for a new user opens the sign-up; one for an existing user pre-fills the login's
 * e-mail; an invalid one shows 'Invitation is expired or not valid' and goes to the plain login
 * page. The server's answer, not the link's text, says whether the person is new, which e-mail the
 * invitation is for, its organization and its role.
 */

export interface InviteTokenInput {
  /** The invitation token: the last segment of /invite/<token>, or the token of a ?invite= payload ('' for a damaged one). */
  token: string
}

export interface InviteTokenContext {
  token: string
  /** What the server says about the invitation (the truth for new_user and email). */
  invitation: ValidatedInvitation | null
  /** Why the server refused the invitation, if it did. */
  error: ApiFailure | null
}

export const inviteTokenMachine = setup({
  types: {
    context: {} as InviteTokenContext,
    input: {} as InviteTokenInput,
    output: {} as InviteTokenOutput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** GET /v1/invitations/validate/{token}/ -> InvitePayload (+ role) | 404 'Invitation is expired or not valid' */
    validateInvitation: fromPromise<ValidatedInvitation, TokenInput>(async () => {
      throw new Error('not provided: validateInvitation')
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    isNewUser: (_, params: { invitation: ValidatedInvitation }) => params.invitation.new_user,
  },
  actions: {
    assignInvitation: assign((_, params: { invitation: ValidatedInvitation }) => ({ invitation: params.invitation })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error) })),
    /** Toast 'Invitation is expired or not valid' (login.invalid_token). */
    notifyInvalidInvite: () => {},
    /** The app replaces the address with /login, without the ?invite= value. */
    redirectToLogin: () => {},
  },
}).createMachine({
  id: 'inviteToken',
  description: 'The check of an invite link: sign-up for a new user, pre-filled login for an existing one.',
  context: ({ input }) => ({ token: input.token, invitation: null, error: null }),
  initial: 'reading',
  output: ({ event }) => event.output as InviteTokenOutput,
  states: {
    reading: {
      description: 'The token of the link is read.',
      always: [
        {
          description: 'The link holds an invitation token.',
          guard: 'hasToken',
          target: 'validating',
        },
        { description: 'The link is damaged or not an invitation.', target: 'invalid' },
      ],
    },
    validating: {
      description: 'The server checks that the invitation exists and is still pending.',
      tags: ['busy'],
      invoke: {
        id: 'validateInvitation',
        src: 'validateInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            description: 'The invited person has no account yet: open the sign-up.',
            guard: { type: 'isNewUser', params: ({ event }) => ({ invitation: event.output }) },
            target: 'signUp',
            actions: { type: 'assignInvitation', params: ({ event }) => ({ invitation: event.output }) },
          },
          {
            description: 'The invited person has an account: the login form is pre-filled with its e-mail.',
            target: 'existingUser',
            actions: { type: 'assignInvitation', params: ({ event }) => ({ invitation: event.output }) },
          },
        ],
        onError: {
          description: 'Expired, revoked, accepted or unknown invitation (or no answer).',
          target: 'invalid',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signUp: {
      description: 'The sign-up opens stating the inviting organization and the role, with the invited e-mail fixed.',
      type: 'final',
      output: ({ context }) => ({ outcome: 'signUp', invite: context.invitation as ValidatedInvitation }),
    },
    existingUser: {
      description: "The login dialog shows the inviting organization, with the invitation's e-mail filled in.",
      type: 'final',
      output: ({ context }) => {
        const invite = context.invitation as ValidatedInvitation
        return { outcome: 'existingUser', invite, email: invite.email }
      },
    },
    invalid: {
      description: "'Invitation is expired or not valid' is shown and the plain login page opens.",
      type: 'final',
      tags: ['error'],
      entry: ['notifyInvalidInvite', 'redirectToLogin'],
      output: { outcome: 'invalid' },
    },
  },
})
