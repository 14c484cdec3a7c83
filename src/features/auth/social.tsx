import { useActorRef, useSelector } from '@xstate/react'
import { listSocialProviders, type SocialProvider } from '../../api/auth'
import { actorOptions } from '../../app/inspect'

const none: SocialProvider[] = []

/** The social login provider, when GET /v1/auth/social/ lists one (the button is hidden otherwise). */
export function useSocialProvider(): SocialProvider | null {
  // The actor never fails: any failure is an empty list, and the button stays hidden.
  const actor = useActorRef(listSocialProviders, actorOptions())
  const providers = useSelector(actor, (snapshot) => (snapshot.status === 'done' ? snapshot.output : none)) ?? none
  return providers[0] ?? null
}
