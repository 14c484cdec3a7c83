import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { joinRequestsMachine } from '../../../machines/join-requests'
import { HStack, Stack } from '../../../styled-system/jsx'
import { errorMessage } from '../../api/errors'
import { approveJoinRequest, loadJoinRequests, refuseJoinRequest } from '../../api/join-code'
import { Button, Dialog, ErrorPanel, Portal, Spinner, Table, Text, toaster } from '../../ui'
import { ConfirmAlert } from '../shared/ConfirmAlert'
import { LoadFailed } from '../shared/LoadFailed'
import { roleLabel, type Terms } from '../shared/terms'

/**
 * The join requests of the users view: the flow runs for the view's life so that the chip shows the
 * count; an approval reloads the members (`onApproved`). Teachers load nothing.
 */
export function useJoinRequests(organizationId: number, canManage: boolean, onApproved: () => void) {
  const { LL } = useI18nContext()
  return useActorRef(
    joinRequestsMachine.provide({
      actors: { loadJoinRequests, approveJoinRequest, refuseJoinRequest },
      actions: {
        announceApproved: (_, { request }) => {
          toaster.success({ title: LL.organizationUsers.joinCode.requests.approved({ email: request?.user.email ?? '' }) })
          onApproved()
        },
      },
    }),
    { input: { organizationId, enabled: canManage } },
  )
}

type JoinRequestsActor = ReturnType<typeof useJoinRequests>

/** "Join requests (n)", shown when any waits; opens the modal. */
export function JoinRequests({ actor, organizationName, terms }: { actor: JoinRequestsActor; organizationName: string; terms: Terms }) {
  const { LL } = useI18nContext()
  const count = useSelector(actor, (s) => s.context.requests?.length ?? 0)
  const [open, setOpen] = useState(false)
  return (
    <>
      {count > 0 ? (
        <Button size="xs" variant="subtle" borderRadius="full" onClick={() => setOpen(true)}>
          {LL.organizationUsers.joinCode.requests.chip({ count })}
        </Button>
      ) : null}
      {open ? <JoinRequestsDialog actor={actor} organizationName={organizationName} terms={terms} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function JoinRequestsDialog({
  actor,
  organizationName,
  terms,
  onClose,
}: {
  actor: JoinRequestsActor
  organizationName: string
  terms: Terms
  onClose: () => void
}) {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers.joinCode.requests
  const requests = useSelector(actor, (s) => s.context.requests)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const error = useSelector(actor, (s) => s.context.error)
  const actionError = useSelector(actor, (s) => s.context.actionError)
  const refusing = useSelector(actor, (s) => (s.matches('confirmingRefusal') || s.matches('refusing') ? s.context.deciding : null))
  const rows = requests ?? []

  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', md: '3xl' }} maxW="3xl">
            <Stack gap="5" p="6">
              <Stack gap="1">
                <Dialog.Title>{t.title()}</Dialog.Title>
                <Dialog.Description>{t.description({ organization: organizationName })}</Dialog.Description>
              </Stack>
              {actionError ? <ErrorPanel title={t.actionFailed()} messages={[errorMessage(actionError, LL.common.genericError(), LL.errors.network())]} /> : null}
              {error ? (
                <LoadFailed title={t.loadFailed()} messages={[errorMessage(error, LL.common.genericError(), LL.errors.network())]} onRetry={() => actor.send({ type: 'requests.retry' })} />
              ) : requests === null ? (
                <Spinner label={LL.common.loading()} />
              ) : rows.length === 0 ? (
                <Text py="4">{t.empty()}</Text>
              ) : (
                <Table.ScrollArea label={t.tableLabel()}>
                  <Table.Root size="sm" aria-busy={busy}>
                    <Table.Head>
                      <Table.Row>
                        <Table.Header>{t.name()}</Table.Header>
                        <Table.Header>{t.email()}</Table.Header>
                        <Table.Header>{t.role()}</Table.Header>
                        <Table.Header>{t.asked()}</Table.Header>
                        <Table.Header>{t.actions()}</Table.Header>
                      </Table.Row>
                    </Table.Head>
                    <Table.Body>
                      {rows.map((row) => (
                        <Table.Row key={row.id}>
                          <Table.Cell>{`${row.user.first_name} ${row.user.last_name}`.trim()}</Table.Cell>
                          <Table.Cell>{row.user.email}</Table.Cell>
                          <Table.Cell>{roleLabel(terms, row.role)}</Table.Cell>
                          <Table.Cell>{LL.common.dateTime({ value: row.created })}</Table.Cell>
                          <Table.Cell>
                            <HStack gap="1">
                              <Button
                                size="xs"
                                aria-label={t.approveOne({ email: row.user.email })}
                                disabled={busy}
                                onClick={() => actor.send({ type: 'requests.approve', request: row })}
                              >
                                {t.approve()}
                              </Button>
                              <Button
                                size="xs"
                                variant="ghost"
                                aria-label={t.refuseOne({ email: row.user.email })}
                                disabled={busy}
                                onClick={() => actor.send({ type: 'requests.refuse', request: row })}
                              >
                                {t.refuse()}
                              </Button>
                            </HStack>
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              )}
              <Stack direction={{ base: 'column', sm: 'row' }} justify="flex-end">
                <Button onClick={onClose}>{LL.common.close()}</Button>
              </Stack>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      {refusing ? (
        <ConfirmAlert
          title={t.refuseTitle({ email: refusing.user.email })}
          description={t.refuseDescription({ email: refusing.user.email })}
          confirmLabel={t.refuseConfirm()}
          busy={busy}
          outline
          onConfirm={() => actor.send({ type: 'refuse.confirm' })}
          onCancel={() => actor.send({ type: 'refuse.cancel' })}
        />
      ) : null}
    </Dialog.Root>
  )
}
