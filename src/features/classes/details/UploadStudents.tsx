import { useI18nContext } from '../../../../locales/i18n-react'
import { Flex, Stack } from '../../../../styled-system/jsx'
import { Button, Card, Text } from '../../../ui'
import { useOrganizationTerms } from '../../shared/current'
import { InvitationImportPanel } from '../../users/import/InvitationImportPanel'
import { skippedRows, useAddedSummary } from './added-summary'
import { useClassWording } from './wording'

/**
 * The invite menu's "upload e-mails" (spec 001 §2 Class details students tab, §3 Invite upload): the file
 * import panel for this class (POST /v1/invitations/batch/ with the class): sending adds the list as the
 * pasted addresses and the wizard do (the organization's students join with consent, the others are
 * invited), and the result says how many were added, invited and skipped, and why. Shown above the
 * table, not in a dialog: the panel asks its own yes/no in one.
 */
export function UploadStudents({ organizationId, groupId, className, onClose, onSent }: {
  organizationId: number
  groupId: number
  className: string
  onClose: () => void
  /** Invitations were sent: the class's counts follow. */
  onSent: () => void
}) {
  const { LL } = useI18nContext()
  const terms = useOrganizationTerms(organizationId)
  const w = useClassWording(organizationId)
  const summary = useAddedSummary(organizationId)
  return (
    <Card.Root>
      <section aria-labelledby="class-upload-title">
        <Stack gap="5" p="6">
          <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap="1">
              <h2 id="class-upload-title" style={{ fontWeight: 600, fontSize: '1.125rem' }}>
                {LL.invitationImport.fromFileTitle()}
              </h2>
              <Text color="fg.muted">{w.addTitle({ name: className })}</Text>
            </Stack>
            <Button variant="outline" onClick={onClose}>
              {LL.common.close()}
            </Button>
          </Flex>
          <InvitationImportPanel
            organizationId={organizationId}
            kind="emails"
            terms={terms}
            groupId={groupId}
            onSent={onSent}
            describeSent={(sent) => summary({ added: sent.joined ?? 0, invited: sent.invited ?? 0, skipped: skippedRows(sent.counts) })}
          />
        </Stack>
      </section>
    </Card.Root>
  )
}
