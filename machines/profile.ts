import { assign, fromPromise, setup } from 'xstate'
import { toApiFailure } from './api-failure'
import type {
  ApiError,
  ApiFailure,
  ChangePasswordInput,
  DeleteAccountInput,
  PasswordChange,
  ProfileChanges,
  ResendConfirmationInput,
  SaveProfileInput,
  UploadPhotoInput,
  User,
  UserIdInput,
} from './types'

/**
 * The user's own profile (spec §2 Profile, §4 E-mail unconfirmed, §5 edit profile, change and define
 * password, delete account, avatar): the page shows the account; its dialogs are states. A new e-mail
 * opens the confirm-new-email dialog (the address waits in unconfirmed_email until its link is opened,
 * and the page offers to send the link again meanwhile). The photo is checked here (JPEG, PNG or GIF of
 * at most 2 MB), cropped square and uploaded. A deleted account ends the flow: the person is logged out.
 */

/** The image types the server takes (PUT /v1/accounts/{id}/photo/). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const
/** The contract's x-body-limit of the upload: 2 MB. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024

export interface ProfileInput {
  account: User
}

export interface ProfileContext {
  account: User
  /** Why the chosen photo was refused in the browser, or null. */
  rejection: 'type' | 'size' | null
  /** The last refusal of the server, or no answer, for the error panel of the page or the open dialog. */
  error: ApiFailure | null
}

export type ProfileEvent =
  | { type: 'profile.edit' }
  | { type: 'profile.save'; changes: ProfileChanges }
  | { type: 'profile.close' }
  | { type: 'password.edit' }
  | { type: 'password.save'; change: PasswordChange }
  | { type: 'account.delete' }
  | { type: 'account.confirmDelete'; password: string | null }
  | { type: 'account.changed'; account: User }
  | { type: 'email.resend' }
  | { type: 'photo.choose'; file: File }
  | { type: 'photo.remove' }

export const profileMachine = setup({
  types: {
    input: {} as ProfileInput,
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    /** PATCH /v1/accounts/{id} -> the account as saved */
    saveProfile: fromPromise<User, SaveProfileInput>(async () => {
      throw new Error('not provided: saveProfile')
    }),
    /** PUT /v1/accounts/{id}/password, then GET /v1/accounts/{id} (a defined password shows) */
    changePassword: fromPromise<User, ChangePasswordInput>(async () => {
      throw new Error('not provided: changePassword')
    }),
    /** DELETE /v1/accounts/{id} */
    deleteAccount: fromPromise<void, DeleteAccountInput>(async () => {
      throw new Error('not provided: deleteAccount')
    }),
    /** POST /v1/accounts/send_confirmation/ with the unconfirmed address */
    resendConfirmation: fromPromise<unknown, ResendConfirmationInput>(async () => {
      throw new Error('not provided: resendConfirmation')
    }),
    /** Crops the image square, then PUT /v1/accounts/{id}/photo/ -> the account with its photo_url */
    uploadPhoto: fromPromise<User, UploadPhotoInput>(async () => {
      throw new Error('not provided: uploadPhoto')
    }),
    /** DELETE /v1/accounts/{id}/photo/ -> the account without a photo */
    removePhoto: fromPromise<User, UserIdInput>(async () => {
      throw new Error('not provided: removePhoto')
    }),
  },
  guards: {
    isNotAllowedType: (_, params: { file: File }) => !(PHOTO_TYPES as readonly string[]).includes(params.file.type),
    isTooLarge: (_, params: { file: File }) => params.file.size > PHOTO_MAX_BYTES,
    isEmailChangeRequested: (_, params: { account: User }) => params.account.unconfirmed_email !== null,
  },
  actions: {
    assignAccount: assign((_, params: { account: User }) => ({ account: params.account, error: null, rejection: null })),
    assignRejection: assign((_, params: { rejection: 'type' | 'size' }) => ({ rejection: params.rejection, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toApiFailure(params.error), rejection: null })),
    clearErrors: assign({ error: null, rejection: null }),
    /** The session (top navigation, other screens) gets the account as it is now. */
    announceAccount: (_, _params: { account: User }) => {},
    /** A toast: saved. */
    announceSaved: () => {},
    /** A toast: the password was changed (or defined). */
    announcePasswordChanged: () => {},
    /** A toast: the confirmation link was sent again. */
    announceResent: () => {},
    /** The account is gone: the person is logged out. */
    announceDeleted: () => {},
  },
}).createMachine({
  id: 'profile',
  description: "The user's own profile and its dialogs.",
  context: ({ input }) => ({ account: input.account, rejection: null, error: null }),
  initial: 'viewing',
  states: {
    viewing: {
      description: 'The page: photo, names, e-mail (with the not-verified warning), username, phone, masked password, organizations.',
      initial: 'ready',
      on: {
        'profile.edit': { target: 'editing', actions: 'clearErrors' },
        'password.edit': { target: 'password', actions: 'clearErrors' },
        'account.delete': { target: 'deleting', actions: 'clearErrors' },
        'account.changed': {
          description: 'Another dialog changed the account (withdrawn from an organization).',
          target: '.ready',
          actions: { type: 'assignAccount', params: ({ event }) => ({ account: event.account }) },
        },
        'email.resend': {
          description: 'The not-verified warning\'s link: the confirmation is mailed to the new address again.',
          target: 'resending',
          actions: 'clearErrors',
        },
        'photo.choose': [
          {
            description: "Not a JPEG, PNG or GIF: refused before sending ('File type is not allowed').",
            guard: { type: 'isNotAllowedType', params: ({ event }) => ({ file: event.file }) },
            target: '.rejected',
            actions: { type: 'assignRejection', params: { rejection: 'type' } },
          },
          {
            description: 'Larger than 2 MB: refused before sending.',
            guard: { type: 'isTooLarge', params: ({ event }) => ({ file: event.file }) },
            target: '.rejected',
            actions: { type: 'assignRejection', params: { rejection: 'size' } },
          },
          { description: 'An image the server takes: cropped square and uploaded.', target: 'uploadingPhoto', actions: 'clearErrors' },
        ],
        'photo.remove': { target: 'removingPhoto', actions: 'clearErrors' },
      },
      states: {
        ready: {},
        rejected: { description: 'The chosen photo was refused in the browser; nothing was sent.', tags: ['error'] },
        failed: { description: 'A photo change or a resend failed; the error panel says why.', tags: ['error'] },
      },
    },
    editing: {
      description: 'The edit-profile dialog: first and last name, e-mail (a new one needs the current password), username, phone.',
      on: {
        'profile.save': { target: 'saving', actions: 'clearErrors' },
        'profile.close': { target: 'viewing' },
      },
    },
    saving: {
      description: 'The changes are saved.',
      tags: ['busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context, event }) => ({
          userId: context.account.id,
          changes:
            event.type === 'profile.save'
              ? event.changes
              : { first_name: '', last_name: '', username: null, phone_code: null, phone_number: null, email: '' },
        }),
        onDone: [
          {
            description: 'A new e-mail waits for confirmation: the confirm-new-email dialog says where the link went.',
            guard: { type: 'isEmailChangeRequested', params: ({ event }) => ({ account: event.output }) },
            target: 'emailSent',
            actions: [
              { type: 'assignAccount', params: ({ event }) => ({ account: event.output }) },
              { type: 'announceAccount', params: ({ event }) => ({ account: event.output }) },
            ],
          },
          {
            target: 'viewing',
            actions: [
              { type: 'assignAccount', params: ({ event }) => ({ account: event.output }) },
              { type: 'announceAccount', params: ({ event }) => ({ account: event.output }) },
              'announceSaved',
            ],
          },
        ],
        onError: {
          description: 'Refused (a wrong current password, an address taken) or no answer: the dialog stays open with the message.',
          target: 'editing',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    emailSent: {
      description: 'The confirm-new-email dialog: the link went to the new address; the login stays the old one until it is opened.',
      on: { 'profile.close': { target: 'viewing' } },
    },
    password: {
      description: 'The change-password dialog (current, new, confirm), or define-password for an account without one.',
      on: {
        'password.save': { target: 'savingPassword', actions: 'clearErrors' },
        'profile.close': { target: 'viewing' },
      },
    },
    savingPassword: {
      description: "The new password is saved; the account's other sessions end.",
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context, event }) => ({
          userId: context.account.id,
          change: event.type === 'password.save' ? event.change : { current_password: '', new_password: '' },
        }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignAccount', params: ({ event }) => ({ account: event.output }) },
            { type: 'announceAccount', params: ({ event }) => ({ account: event.output }) },
            'announcePasswordChanged',
          ],
        },
        onError: {
          description: 'A wrong current password, a weak new one, or no answer: the dialog stays open with the message.',
          target: 'password',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    deleting: {
      description: 'The delete-account dialog: the password and the accepted delete conditions.',
      on: {
        'account.confirmDelete': { target: 'deletingAccount', actions: 'clearErrors' },
        'profile.close': { target: 'viewing' },
      },
    },
    deletingAccount: {
      description: 'The account and its personal data are deleted.',
      tags: ['busy'],
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ context, event }) => ({
          userId: context.account.id,
          password: event.type === 'account.confirmDelete' ? event.password : null,
        }),
        onDone: { target: 'deleted', actions: 'announceDeleted' },
        onError: {
          description: 'A wrong password, or the only admin of an organization (hand it over first): the dialog says so.',
          target: 'deleting',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    deleted: {
      description: 'The account is gone; the person is logged out everywhere.',
      type: 'final',
    },
    resending: {
      description: 'The confirmation link is mailed to the unconfirmed address again.',
      tags: ['busy'],
      invoke: {
        id: 'resendConfirmation',
        src: 'resendConfirmation',
        input: ({ context }) => ({ email: context.account.unconfirmed_email ?? context.account.email }),
        onDone: { target: 'viewing', actions: 'announceResent' },
        onError: { target: 'viewing.failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    uploadingPhoto: {
      description: 'The photo is cropped square and sent.',
      tags: ['busy'],
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ context, event }) => ({ userId: context.account.id, file: event.type === 'photo.choose' ? event.file : new Blob() }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignAccount', params: ({ event }) => ({ account: event.output }) },
            { type: 'announceAccount', params: ({ event }) => ({ account: event.output }) },
          ],
        },
        onError: { target: 'viewing.failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    removingPhoto: {
      description: 'The photo is removed.',
      tags: ['busy'],
      invoke: {
        id: 'removePhoto',
        src: 'removePhoto',
        input: ({ context }) => ({ userId: context.account.id }),
        onDone: {
          target: 'viewing',
          actions: [
            { type: 'assignAccount', params: ({ event }) => ({ account: event.output }) },
            { type: 'announceAccount', params: ({ event }) => ({ account: event.output }) },
          ],
        },
        onError: { target: 'viewing.failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
})
