import { useActorRef, useSelector } from '@xstate/react'
import { Suspense, useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { pendingInvitesMachine } from '../../../machines/pending-invites'
import type { OrganizationRole } from '../../../machines/types'
import { loadPendingInvites, resendInvitations, revokeInvitation } from '../../api/pending-invites'
import { onDemand } from '../../app/on-demand'
import { Button, toaster } from '../../ui'
import type { Terms } from '../shared/terms'

/**
 * The pending invitations of the users view (spec §2): the flow runs for the view's life so that the
 * chip shows the count; the view sends `invites.reload` after an invite is sent. Teachers load nothing.
 * The students and teachers lists show only the invitations of their role (`roles`).
 */
export function usePendingInvites(organizationId: number, canManage: boolean, roles?: OrganizationRole[]) {
  const { LL } = useI18nContext()
  return useActorRef(
    pendingInvitesMachine.provide({
      actors: { loadPendingInvites, resendInvitations, revokeInvitation },
      actions: {
        announceResent: (_, { count }) => toaster.success({ title: LL.organizationUsers.pendingInvites.resentDone({ count }) }),
        announceRevoked: (_, { email }) => toaster.success({ title: LL.organizationUsers.pendingInvites.revokedDone({ email }) }),
      },
    }),
    { input: { organizationId, enabled: canManage, roles } },
  )
}

export type PendingInvitesActor = ReturnType<typeof usePendingInvites>

/** The modal's code (its table, pager, confirmations) comes when the chip is pointed at, focused or pressed. */
const PendingInvitesDialog = onDemand(() => import('./PendingInvitesDialog').then((m) => m.PendingInvitesDialog))

/** "Pending invites (n)", shown when there is any; opens the modal. */
export function PendingInvites({ actor, organizationName, terms, revokeDescription }: {
  actor: PendingInvitesActor
  organizationName: string
  terms: Terms
  /** What removing an invite does, when not the organization's (a class's list takes only its class away). */
  revokeDescription?: (email: string) => string
}) {
  const { LL } = useI18nContext()
  const count = useSelector(actor, (s) => s.context.invitations?.count ?? 0)
  const [open, setOpen] = useState(false)
  return (
    <>
      {count > 0 ? (
        <Button size="xs" variant="subtle" borderRadius="full" {...PendingInvitesDialog.prefetch} onClick={() => setOpen(true)}>
          {LL.organizationUsers.pendingInvites.chip({ count })}
        </Button>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <PendingInvitesDialog.Component actor={actor} organizationName={organizationName} terms={terms} revokeDescription={revokeDescription} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
