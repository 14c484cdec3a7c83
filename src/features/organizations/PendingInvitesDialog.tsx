import { useSelector } from '@xstate/react'
import { useI18nContext } from '../../../locales/i18n-react'
import type { PendingInvitation } from '../../../machines/types'
import { HStack, Stack } from '../../../styled-system/jsx'
import { errorMessage } from '../../api/errors'
import { Badge, Button, Checkbox, Dialog, ErrorPanel, Portal, Spinner, Table, Text } from '../../ui'
import { ConfirmAlert } from '../shared/ConfirmAlert'
import { LoadFailed } from '../shared/LoadFailed'
import { Pager } from '../shared/Pager'
import { roleLabel, type Terms } from '../shared/terms'
import type { PendingInvitesActor } from './PendingInvites'

const PAGE_SIZE = 10

/** The pending invitations' modal (PendingInvites.tsx's chip opens it): pages, selection, resend and revoke. */
export function PendingInvitesDialog({
  actor,
  organizationName,
  terms,
  revokeDescription,
  onClose,
}: {
  actor: PendingInvitesActor
  organizationName: string
  terms: Terms
  revokeDescription?: ((email: string) => string) | undefined
  onClose: () => void
}) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers.pendingInvites
  const page = useSelector(actor, (s) => s.context.invitations)
  const pageNumber = useSelector(actor, (s) => s.context.page)
  const selected = useSelector(actor, (s) => s.context.selected)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const error = useSelector(actor, (s) => s.context.error)
  const actionError = useSelector(actor, (s) => s.context.actionError)
  const confirming = useSelector(actor, (s) => (s.matches('confirmingRevoke') || s.matches('revoking') ? s.context.revoking : null))
  const rows = page?.results ?? []
  const all = rows.length > 0 && rows.every((row) => selected.includes(row.id))
  const some = selected.length > 0 && !all
  const select = (ids: number[]) => actor.send({ type: 'invites.select', ids })
  const statusLabel = (row: PendingInvitation) => (row.status === 'expired' ? t.expired() : row.status === 'resent' ? t.resent() : t.pending())

  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', md: '4xl' }} maxW="4xl">
            <Stack gap="5" p="6">
              <Stack gap="1">
                <Dialog.Title>{t.title()}</Dialog.Title>
                <Dialog.Description>{t.description({ organization: organizationName })}</Dialog.Description>
              </Stack>
              {actionError ? <ErrorPanel title={t.resendFailed()} messages={[errorMessage(actionError, LL.common.genericError(), LL.errors.network())]} /> : null}
              {error ? (
                <LoadFailed title={t.loadFailed()} messages={[errorMessage(error, LL.common.genericError(), LL.errors.network())]} onRetry={() => actor.send({ type: 'invites.retry' })} />
              ) : page === null ? (
                <Spinner label={LL.common.loading()} />
              ) : rows.length === 0 ? (
                <Text py="4">{t.empty()}</Text>
              ) : (
                <Stack gap="3" aria-busy={busy}>
                  <Table.ScrollArea label={t.tableLabel()}>
                    <Table.Root size="sm">
                      <Table.Head>
                        <Table.Row>
                          <Table.Header w="12">
                            <Checkbox
                              aria-label={t.selectAll()}
                              checked={all ? true : some ? 'indeterminate' : false}
                              onCheckedChange={(details) => select(details.checked === true ? rows.map((row) => row.id) : [])}
                            />
                          </Table.Header>
                          <Table.Header>{t.email()}</Table.Header>
                          <Table.Header>{t.role()}</Table.Header>
                          <Table.Header>{t.status()}</Table.Header>
                          <Table.Header>{t.sent()}</Table.Header>
                          <Table.Header>{t.expires()}</Table.Header>
                          <Table.Header>{t.actions()}</Table.Header>
                        </Table.Row>
                      </Table.Head>
                      <Table.Body>
                        {rows.map((row) => (
                          <Table.Row key={row.id}>
                            <Table.Cell>
                              <Checkbox
                                aria-label={t.selectOne({ email: row.email })}
                                checked={selected.includes(row.id)}
                                onCheckedChange={(details) =>
                                  select(details.checked === true ? [...selected, row.id] : selected.filter((id) => id !== row.id))
                                }
                              />
                            </Table.Cell>
                            <Table.Cell>{row.email}</Table.Cell>
                            <Table.Cell>{row.roles.map((role) => roleLabel(terms, role)).join(', ')}</Table.Cell>
                            <Table.Cell>
                              <Badge size="sm" variant="outline">
                                {statusLabel(row)}
                              </Badge>
                            </Table.Cell>
                            <Table.Cell>{LL.common.dateTime({ value: row.sent_at })}</Table.Cell>
                            <Table.Cell>{LL.common.dateTime({ value: row.expires_at })}</Table.Cell>
                            <Table.Cell>
                              <HStack gap="1">
                                <Button
                                  size="xs"
                                  variant="outline"
                                  aria-label={t.resendOne({ email: row.email })}
                                  loading={busy}
                                  onClick={() => actor.send({ type: 'invites.resend', id: row.id })}
                                >
                                  {t.resend()}
                                </Button>
                                <Button
                                  size="xs"
                                  variant="ghost"
                                  aria-label={t.revokeOne({ email: row.email })}
                                  onClick={() => actor.send({ type: 'invites.revoke', invitation: row })}
                                >
                                  {t.revoke()}
                                </Button>
                              </HStack>
                            </Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                  <Pager count={page.count} pageSize={PAGE_SIZE} page={pageNumber} onPageChange={(next) => actor.send({ type: 'invites.page', page: next })} />
                </Stack>
              )}
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="flex-end">
                <Button
                  variant="outline"
                  disabled={selected.length === 0}
                  loading={busy && selected.length > 0}
                  onClick={() => actor.send({ type: 'invites.resendSelected' })}
                >
                  {t.resendSelected({ count: selected.length })}
                </Button>
                <Button onClick={onClose}>{LL.common.close()}</Button>
              </Stack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      {confirming ? (
        <ConfirmAlert
          title={t.revokeTitle({ email: confirming.email })}
          description={revokeDescription ? revokeDescription(confirming.email) : t.revokeDescription({ email: confirming.email })}
          confirmLabel={t.revokeConfirm()}
          busy={busy}
          onConfirm={() => actor.send({ type: 'revoke.confirm' })}
          onCancel={() => actor.send({ type: 'revoke.cancel' })}
        />
      ) : null}
    </Dialog.Root>
  )
}
