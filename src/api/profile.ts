import { fromPromise } from 'xstate'
import type {
  ChangePasswordInput,
  DeleteAccountInput,
  ResendConfirmationInput,
  SaveProfileInput,
  UploadPhotoInput,
  User,
  UserIdInput,
  WithdrawFromOrganizationInput,
} from '../../machines/types'
import { api, unwrap } from './client'
import { apiError } from './errors'

/**
 * The real actors of the profile (machines profile and withdraw). Each calls the API client, forwards
 * the abort signal and throws `{status, body}` for an error response (see client.unwrap).
 */

const account = (userId: number) => ({ path: { id: userId } })

/** The side of the square photo sent: enough for every avatar size, small to send. */
const PHOTO_SIDE = 512

/**
 * The image cropped to its centred square and scaled down to at most PHOTO_SIDE, as a PNG (a JPEG
 * stays a JPEG). An image the browser cannot read throws 415 with the code `unreadable`.
 */
export const cropSquare = async (file: Blob): Promise<Blob> => {
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    throw apiError(415, { code: 'unreadable' })
  }
  const side = Math.min(bitmap.width, bitmap.height)
  const target = Math.min(side, PHOTO_SIDE)
  const canvas = document.createElement('canvas')
  canvas.width = target
  canvas.height = target
  const context = canvas.getContext('2d')
  if (!context) throw apiError(415, { code: 'unreadable' })
  context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, target, target)
  bitmap.close()
  const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png'
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9))
  if (!blob) throw apiError(415, { code: 'unreadable' })
  return blob
}

/** GET /v1/accounts/{id} */
export const reloadAccount = fromPromise<User, UserIdInput>(
  ({ input, signal }) => unwrap(api.GET('/v1/accounts/{id}', { params: account(input.userId), signal })) as Promise<User>,
)

/** PATCH /v1/accounts/{id} with the dialog's fields; the current password only with a new e-mail. */
export const saveProfile = fromPromise<User, SaveProfileInput>(
  ({ input, signal }) =>
    unwrap(
      api.PATCH('/v1/accounts/{id}', {
        params: account(input.userId),
        body: input.changes,
        signal,
      }),
    ) as Promise<User>,
)

/** PUT /v1/accounts/{id}/password, then the account again (a defined password changes has_password). */
export const changePassword = fromPromise<User, ChangePasswordInput>(async ({ input, signal }) => {
  await unwrap(
    api.PUT('/v1/accounts/{id}/password', {
      params: account(input.userId),
      body: input.change,
      signal,
    }),
  )
  return unwrap(api.GET('/v1/accounts/{id}', { params: account(input.userId), signal })) as Promise<User>
})

/** DELETE /v1/accounts/{id} {password} ({} for an account without one). */
export const deleteAccount = fromPromise<void, DeleteAccountInput>(async ({ input, signal }) => {
  await unwrap(
    api.DELETE('/v1/accounts/{id}', {
      params: account(input.userId),
      body: input.password === null ? {} : { password: input.password },
      signal,
    }),
  )
})

/** POST /v1/accounts/send_confirmation/ {email} */
export const resendConfirmation = fromPromise<unknown, ResendConfirmationInput>(({ input, signal }) =>
  unwrap(
    api.POST('/v1/accounts/send_confirmation/', {
      body: { email: input.email },
      signal,
    }),
  ),
)

/** Crops the image square (cropSquare), then PUT /v1/accounts/{id}/photo/ with it as the body. */
export const uploadPhoto = fromPromise<User, UploadPhotoInput>(async ({ input, signal }) => {
  const square = await cropSquare(input.file)
  return unwrap(
    api.PUT('/v1/accounts/{id}/photo/', {
      params: account(input.userId),
      // the contract types a binary body as a string; the Blob goes out as it is
      body: square as unknown as string,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': square.type },
      signal,
    }),
  ) as Promise<User>
})

/** DELETE /v1/accounts/{id}/photo/ */
export const removePhoto = fromPromise<User, UserIdInput>(
  ({ input, signal }) =>
    unwrap(
      api.DELETE('/v1/accounts/{id}/photo/', {
        params: account(input.userId),
        signal,
      }),
    ) as Promise<User>,
)

/** DELETE /v1/organizations/{id}/membership/ */
export const withdraw = fromPromise<void, WithdrawFromOrganizationInput>(async ({ input, signal }) => {
  await unwrap(
    api.DELETE('/v1/organizations/{id}/membership/', {
      params: { path: { id: input.organizationId } },
      signal,
    }),
  )
})

export const profileActors = {
  saveProfile,
  changePassword,
  deleteAccount,
  resendConfirmation,
  uploadPhoto,
  removePhoto,
}
export const withdrawActors = { withdraw, reloadAccount }
