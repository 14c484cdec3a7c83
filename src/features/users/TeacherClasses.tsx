import { useActorRef, useSelector } from '@xstate/react'
import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { teacherClassesMachine } from '../../../machines/teacher-classes'
import { css } from '../../../styled-system/css'
import { Flex, Stack } from '../../../styled-system/jsx'
import { assignTeacherClasses, loadTeacherClasses, removeTeacher } from '../../api/class-details'
import { errorMessage, errorMessages } from '../../api/errors'
import { paths } from '../../app/paths'
import { Button, Checkbox, Dialog, ErrorPanel, Heading, Portal, Spinner, Text, toaster } from '../../ui'

/**
 * The teacher-only actions of an organization user's profile (spec 000 §2, §5, §6): the classes the
 * teacher owns, each with "remove from" (after a confirmation), and "assign to classes" with at least
 * one class ticked. Shown to admins for members with the teacher role.
 */
export function TeacherClasses({ organizationId, teacher }: { organizationId: number; teacher: { id: number; email: string; name: string } }) {
  const { LL } = useI18nContext()
  const t = LL.classDetails.teacherClasses
  const flow = useActorRef(
    teacherClassesMachine.provide({
      actors: { loadTeacherClasses, assignTeacherClasses, removeTeacher },
      actions: {
        announceAssigned: (_, { assigned, failed }) =>
          failed.length > 0
            ? toaster.error({ title: t.failed() })
            : toaster.success({ title: t.assigned({ name: teacher.name, count: assigned.length }) }),
        announceRemoved: (_, { group }) => toaster.success({ title: t.removed({ teacher: teacher.name, name: group?.name ?? '' }) }),
      },
    }),
    { input: { organizationId, teacher: { id: teacher.id, email: teacher.email } } },
  )
  const classes = useSelector(flow, (s) => s.context.classes)
  const error = useSelector(flow, (s) => s.context.error)
  const actionError = useSelector(flow, (s) => s.context.actionError)
  const selected = useSelector(flow, (s) => s.context.selected)
  const choosing = useSelector(flow, (s) => s.matches('choosing') || s.matches('assigning'))
  const assigning = useSelector(flow, (s) => s.matches('assigning'))
  const removing = useSelector(flow, (s) => (s.matches('confirmingRemove') || s.matches('removing') ? s.context.removing : null))
  const removeBusy = useSelector(flow, (s) => s.matches('removing'))
  const owned = classes?.owned ?? []
  const choices = (classes?.all ?? []).filter((group) => !owned.some((mine) => mine.id === group.id))

  return (
    <Stack gap="3">
      <Flex gap="3" align="center" justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          {t.title()}
        </Heading>
        <Button size="sm" variant="outline" disabled={classes === null} onClick={() => flow.send({ type: 'assign.open' })}>
          {t.assign()}
        </Button>
      </Flex>
      {error ? (
        <Stack gap="2" align="flex-start">
          <ErrorPanel messages={[errorMessage(error, LL.common.genericError(), LL.errors.network())]} />
          <Button variant="outline" onClick={() => flow.send({ type: 'classes.retry' })}>
            {LL.common.retry()}
          </Button>
        </Stack>
      ) : classes === null ? (
        <Spinner label={LL.common.loading()} />
      ) : owned.length === 0 ? (
        <Text color="fg.muted">{t.none()}</Text>
      ) : (
        <Stack as="ul" gap="2" listStyle="none" p="0" m="0">
          {owned.map((group) => (
            <Flex as="li" key={group.id} gap="3" align="center" justify="space-between" wrap="wrap">
              <RouterLink href={paths.classDetails(organizationId, group.id)} className={css({ color: 'colorPalette.text', textDecoration: 'underline' })}>
                {group.name}
              </RouterLink>
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => flow.send({ type: 'classes.remove', group })}>
                {t.removeFrom({ name: group.name })}
              </Button>
            </Flex>
          ))}
        </Stack>
      )}
      {choosing ? (
        <Dialog.Root open onOpenChange={(d) => (d.open || assigning ? undefined : flow.send({ type: 'dialog.cancel' }))}>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content w={{ base: 'calc(100vw - 2rem)', sm: 'md' }} maxH="85vh" overflowY="auto">
                <form
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault()
                    flow.send({ type: 'assign.submit' })
                  }}
                >
                  <Stack gap="4" p="6">
                    <Stack gap="1">
                      <Dialog.Title>{t.assignTitle({ name: teacher.name })}</Dialog.Title>
                      <Dialog.Description>{t.assignHelp()}</Dialog.Description>
                    </Stack>
                    {actionError ? <ErrorPanel messages={errorMessages(actionError, LL.common.genericError())} /> : null}
                    {choices.length === 0 ? (
                      <Text color="fg.muted">{t.none()}</Text>
                    ) : (
                      <Stack gap="2">
                        {choices.map((group) => (
                          <Checkbox
                            key={group.id}
                            checked={selected.includes(group.id)}
                            onCheckedChange={(details) =>
                              flow.send({
                                type: 'assign.select',
                                ids: details.checked === true ? [...selected, group.id] : selected.filter((id) => id !== group.id),
                              })
                            }
                          >
                            {group.name}
                          </Checkbox>
                        ))}
                      </Stack>
                    )}
                    <Flex gap="3" justify="flex-end" wrap="wrap">
                      <Button type="button" variant="outline" disabled={assigning} onClick={() => flow.send({ type: 'dialog.cancel' })}>
                        {LL.common.cancel()}
                      </Button>
                      <Button type="submit" loading={assigning} disabled={selected.length === 0}>
                        {t.assignConfirm()}
                      </Button>
                    </Flex>
                  </Stack>
                </form>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      ) : null}
      {removing ? (
        <Dialog.Root open role="alertdialog" onOpenChange={(d) => (d.open || removeBusy ? undefined : flow.send({ type: 'dialog.cancel' }))}>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content w={{ base: 'calc(100vw - 2rem)', sm: 'md' }}>
                <Stack gap="5" p="6">
                  <Stack gap="1">
                    <Dialog.Title>{t.removeTitle({ teacher: teacher.name, name: removing.name })}</Dialog.Title>
                    <Dialog.Description>{t.removeDescription()}</Dialog.Description>
                  </Stack>
                  {actionError ? <ErrorPanel messages={errorMessages(actionError, LL.common.genericError())} /> : null}
                  <Flex gap="3" justify="flex-end" wrap="wrap">
                    <Button variant="outline" disabled={removeBusy} onClick={() => flow.send({ type: 'dialog.cancel' })}>
                      {LL.common.cancel()}
                    </Button>
                    <Button colorPalette="red" loading={removeBusy} onClick={() => flow.send({ type: 'remove.confirm' })}>
                      {LL.classDetails.remove()}
                    </Button>
                  </Flex>
                </Stack>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      ) : null}
    </Stack>
  )
}
