import { useActorRef, useSelector } from '@xstate/react'
import { useI18nContext } from '../../../../locales/i18n-react'
import { FILE_IMPORTS, fileImportMachine } from '../../../../machines/file-import'
import type { InvitationBatch, InvitationBatchFilter, InvitationBatchKind, OrganizationRole } from '../../../../machines/types'
import { Flex, Stack, styled } from '../../../../styled-system/jsx'
import { errorMessages } from '../../../api/errors'
import { downloadBatchTemplate, invitationBatchOf, invitationImportActors, PREVIEW_PAGE_SIZE } from '../../../api/invitation-import'
import { actorOptions } from '../../../app/inspect'
import { Button, Checkbox, Dialog, ErrorPanel, NativeSelect, Portal, Tabs, Text, toaster } from '../../../ui'
import { Pager } from '../../shared/Pager'
import { useOrganizationType } from '../../shared/current'
import { ImportFile } from '../../shared/ImportFile'
import { InvitationAllowanceNotice } from '../../shared/InvitationAllowanceNotice'
import { roleLabel, ROLES, type Terms } from '../../shared/terms'
import { useFileImport } from '../../shared/use-file-import'
import { PreviewTable } from './PreviewTable'

/**
 * The file import panel of the students view (spec 000 §2 File import panels; machine file-import
 * with FILE_IMPORTS.invitations): template downloads, a file chosen or dropped, its upload with a
 * progress bar, the preview of every row with filters and pages, the role and the consent, a yes/no
 * confirmation, and the result. `kind` is the e-mail list (/students/import) or the user id list (/elsa-users/import).
 * For a class (spec 001 §2 students tab, §3 Invite upload) `groupId` names it: the people are invited
 * as students to the organization and the class. A class not created yet (the wizard) `collect`s the
 * previewed addresses instead of sending them: they join the class being built.
 */
export function InvitationImportPanel({
  organizationId,
  kind,
  terms,
  groupId,
  collect,
  onSent,
  describeSent,
}: {
  organizationId: number
  kind: InvitationBatchKind
  terms: Terms
  groupId?: number
  collect?: (emails: string[]) => void
  /** The invitations were sent: the lists that show them follow. */
  onSent?: () => void
  /** What a sent list did, in the caller's words (a class's: added, invited, skipped and why). */
  describeSent?: (sent: InvitationBatch) => { title: string; description?: string }
}) {
  const { LL } = useI18nContext()
  const T = LL.invitationImport
  const company = useOrganizationType(organizationId) === 'company'
  // a class's students are students (spec 001 §6: the invite role for a class is student)
  const forClass = groupId !== undefined || collect !== undefined
  const flow = useActorRef(
    fileImportMachine.provide({
      actors: invitationImportActors({ organizationId, kind, groupId: groupId ?? null }),
      actions: { announceImported: () => onSent?.() },
    }),
    { ...actorOptions(), input: { settings: FILE_IMPORTS.invitations, roleOffered: !forClass, role: forClass ? 'student' : null } },
  )
  const { busy, asking, confirming: sending, imported: sent, canConfirm, messages, file } = useFileImport(flow, (max) => T.fileTooLarge({ max }))
  const preview = useSelector(flow, (s) => invitationBatchOf(s.context.preview))
  const { role, consent, filter, page } = useSelector(flow, (s) => s.context)
  const download = (templateKind: InvitationBatchKind, format: 'csv' | 'xlsx') =>
    downloadBatchTemplate(templateKind, format).catch((failure: unknown) =>
      toaster.error({ title: LL.errors.generic(), description: errorMessages(failure, LL.errors.generic(), LL.errors.network()).join(' ') }),
    )
  const problems = preview ? preview.total - preview.counts.ok : 0

  return (
    <Stack gap="5" aria-busy={busy}>
      <Text>{kind === 'emails' ? T.introUsers() : T.introUserIds()}</Text>
      <Flex gap="3" wrap="wrap" align="center" role="group" aria-label={T.templates()}>
        <Text fontWeight="medium">{T.templates()}:</Text>
        <Button variant="link" onClick={() => void download('emails', 'xlsx')}>
          {T.templateUsersXlsx()}
        </Button>
        <Button variant="link" onClick={() => void download('emails', 'csv')}>
          {T.templateUsersCsv()}
        </Button>
        {forClass ? null : (
          <>
            <Button variant="link" onClick={() => void download('user_ids', 'xlsx')}>
              {T.templateIdsXlsx()}
            </Button>
            <Button variant="link" onClick={() => void download('user_ids', 'csv')}>
              {T.templateIdsCsv()}
            </Button>
          </>
        )}
      </Flex>

      <Flex gap="4" wrap="wrap" align="flex-end">
        {forClass ? null : <styled.div minW="56">
          <NativeSelect
            label={T.role()}
            items={[{ value: '', label: T.selectRole(), disabled: true }, ...ROLES.map((value) => ({ value, label: roleLabel(terms, value) }))]}
            value={role ?? ''}
            disabled={busy || sent}
            onValueChange={(value) => flow.send({ type: 'import.role', role: value as OrganizationRole })}
          />
        </styled.div>}
        {/* the wizard asks its own consent for the whole class */}
        {collect ? null : <Stack gap="1" maxW="prose">
          <Checkbox checked={consent} disabled={sending || sent} onCheckedChange={(details) => flow.send({ type: 'import.consent', consent: details.checked === true })}>
            {T.consent()}
          </Checkbox>
          <Text fontSize="sm" color="fg.muted">
            {T.consentHelp()}
          </Text>
        </Stack>}
      </Flex>

      <ImportFile
        {...file}
        texts={{ drop: T.drop(), choose: T.choose(), removeFile: T.removeFile(), uploading: (name) => T.uploading({ file: name }), reading: T.reading() }}
      />
      <ErrorPanel messages={messages} />

      {sent && preview ? (
        <Stack gap="3" role="status">
          {describeSent ? (
            <SentSummary {...describeSent(preview)} />
          ) : (
            <Text fontWeight="medium">{preview.invited ? T.sent({ count: preview.invited }) : T.sentNone()}</Text>
          )}
          <Flex>
            <Button variant="outline" onClick={() => flow.send({ type: 'import.another' })}>
              {T.another()}
            </Button>
          </Flex>
        </Stack>
      ) : null}

      {preview && !sent ? (
        <Stack gap="4">
          <Text role="status" fontWeight="medium">
            {T.summary({ total: preview.total, ok: preview.counts.ok, problems })}
          </Text>
          {collect ? null : <InvitationAllowanceNotice allowance={preview.invitation_allowance} />}
          <Tabs.Root
            value={filter}
            onValueChange={(details) => flow.send({ type: 'import.filter', filter: details.value as InvitationBatchFilter })}
            aria-label={T.filterLabel()}
          >
            <Tabs.List>
              <Tabs.Trigger value="all">{T.filterAll()}</Tabs.Trigger>
              <Tabs.Trigger value="ok">{T.filterOk()}</Tabs.Trigger>
              <Tabs.Trigger value="problems">{T.filterProblems()}</Tabs.Trigger>
              <Tabs.Indicator />
            </Tabs.List>
            {/* the selected tab's panel: the rows it filters (a tab controlling no panel is invalid ARIA) */}
            <Tabs.Content value={filter}>
              <Stack gap="4">
                <PreviewTable rows={preview.results} team={company} />
                <Pager count={preview.count} pageSize={PREVIEW_PAGE_SIZE} page={page} onPageChange={(next) => flow.send({ type: 'import.page', page: next })} />
              </Stack>
            </Tabs.Content>
          </Tabs.Root>
          {preview.counts.ok === 0 && !collect ? <ErrorPanel messages={[T.nobodyToInvite()]} /> : null}
          <Flex justify="flex-end">
            {collect ? (
              <Button
                disabled={busy || !preview.addresses?.length}
                onClick={() => {
                  collect(preview.addresses ?? [])
                  flow.send({ type: 'import.remove' })
                }}
              >
                {T.addToClass({ count: preview.addresses?.length ?? 0 })}
              </Button>
            ) : (
              <Button disabled={!canConfirm} loading={sending} loadingText={T.sending()} onClick={() => flow.send({ type: 'import.confirm' })}>
                {T.send({ count: preview.counts.ok })}
              </Button>
            )}
          </Flex>
        </Stack>
      ) : null}

      <Dialog.Root open={asking} role="alertdialog" onOpenChange={(details) => (details.open ? undefined : flow.send({ type: 'import.no' }))}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW="md">
              <Stack gap="4" p="6">
                <Dialog.Title>{T.confirmTitle()}</Dialog.Title>
                <Dialog.Description>{T.confirmText({ count: preview?.counts.ok ?? 0 })}</Dialog.Description>
                <Flex gap="3" justify="flex-end" wrap="wrap">
                  <Button variant="outline" onClick={() => flow.send({ type: 'import.no' })}>
                    {T.confirmNo()}
                  </Button>
                  <Button onClick={() => flow.send({ type: 'import.yes' })}>{T.confirmYes()}</Button>
                </Flex>
              </Stack>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  )
}

function SentSummary({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap="1">
      <Text fontWeight="medium">{title}</Text>
      {description ? <Text color="fg.muted">{description}</Text> : null}
    </Stack>
  )
}
