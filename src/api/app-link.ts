import { fromPromise } from 'xstate'
import type { SendAppLinkInput } from '../../machines/types'
import { api, unwrap } from './client'

/**
 * The real actor of the start-learning dialogs (machine send-app-link): POST /v1/invitations/email or
 * /v1/invitations/sms; answers the server's sentence saying where the link goes.
 */
export const sendAppLink = fromPromise<string, SendAppLinkInput>(async ({ input, signal }) => {
  const { application } = input
  const answer =
    input.channel === 'email'
      ? await unwrap(api.POST('/v1/invitations/email', { body: { email: input.email, application }, signal }))
      : await unwrap(api.POST('/v1/invitations/sms', { body: { phone: input.phone, application }, signal }))
  return answer.detail
})
