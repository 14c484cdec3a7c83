import { useActorRef, useSelector } from '@xstate/react'
import { useId } from 'react'
import { Link as RouterLink, useLocation, useParams, useSearch } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { joinOrganizationMachine } from '../../../machines/join-organization'
import type { JoinByCodeResult } from '../../../machines/types'
import { css } from '../../../styled-system/css'
import { Stack } from '../../../styled-system/jsx'
import { errorMessages } from '../../api/errors'
import { joinByCode } from '../../api/join-code'
import { actorOptions } from '../../app/inspect'
import { paths } from '../../app/paths'
import { useSession } from '../../app/root-context'
import { Button, ErrorPanel, Text } from '../../ui'
import { PageHeader } from '../shared/page'
import { CodeBoxes } from './CodeBoxes'

const CODE_LENGTH = 6

/** The join this page made, kept in the history entry: the new organization reloads the screen (the guard decides again). */
const joinedOf = (state: unknown): JoinByCodeResult | null => {
  const joined = typeof state === 'object' && state !== null && 'joined' in state ? (state as { joined: unknown }).joined : null
  return typeof joined === 'object' && joined !== null && (joined as JoinByCodeResult).status === 'joined' ? (joined as JoinByCodeResult) : null
}

/**
 * /join and /join/:code (the join link, and what its QR code opens): an organization's code in one box
 * per character, prefilled from the link. `?role=teacher` asks to join as a teacher (an admin approves).
 * A logged-out person is sent through the login (or sign-up) and comes back here (the guard's ?next=).
 */
export function JoinPage() {
  const { LL } = useI18nContext()
  const t = LL.organizationUsers.joinCode.page
  const params = useParams<{ code?: string }>()
  const search = useSearch()
  const [location, navigate] = useLocation()
  const teacher = new URLSearchParams(search).get('role') === 'teacher'
  const session = useSession()
  const labelId = useId()
  const flow = useActorRef(
    joinOrganizationMachine.provide({
      actors: { joinByCode },
      actions: {
        // the person's organizations changed: the session (top navigation, profile) reloads them, and the
        // screen with them; the history entry keeps the result for the page shown again
        announceJoined: (_, { result }) => {
          navigate(search ? `${location}?${search}` : location, { replace: true, state: { joined: result } })
          session.send({ type: 'session.refresh' })
        },
      },
    }),
    { input: { code: params.code ?? null, role: teacher ? 'teacher' : 'student', joined: joinedOf(window.history.state) }, ...actorOptions() },
  )
  const code = useSelector(flow, (s) => s.context.code)
  const busy = useSelector(flow, (s) => s.hasTag('busy'))
  const incomplete = useSelector(flow, (s) => s.hasTag('incomplete'))
  const error = useSelector(flow, (s) => s.context.error)
  const result = useSelector(flow, (s) => s.context.result)
  const state = useSelector(flow, (s) => s.value)

  if (result && (state === 'joined' || state === 'requested')) {
    const organization = result.organization.name
    return (
      <Stack maxW="xl" gap="4">
        <PageHeader title={state === 'joined' ? t.joinedTitle({ organization }) : t.requestedTitle({ organization })}>
          {state === 'joined' ? t.joinedText() : t.requestedText()}
        </PageHeader>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button asChild>
            <RouterLink href={paths.home()}>{t.home()}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink href={paths.profile()}>{t.profile()}</RouterLink>
          </Button>
        </Stack>
      </Stack>
    )
  }

  return (
    <Stack maxW="xl" gap="2">
      <PageHeader title={teacher ? t.titleTeacher() : t.title()}>{teacher ? t.introTeacher() : t.intro()}</PageHeader>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          flow.send({ type: 'join.submit' })
        }}
      >
        <Stack gap="4" align="flex-start">
          <Stack gap="2">
            <span id={labelId} className={css({ fontWeight: 'medium', fontSize: 'sm' })}>
              {t.codeLabel()}
            </span>
            <CodeBoxes
              value={code}
              length={CODE_LENGTH}
              labelledBy={labelId}
              invalid={incomplete || error !== null}
              disabled={busy}
              onChange={(typed) => flow.send({ type: 'join.type', code: typed })}
            />
            {incomplete ? (
              <Text role="alert" color="fg.error" fontSize="sm">
                {t.incomplete()}
              </Text>
            ) : null}
          </Stack>
          {error ? <ErrorPanel title={t.failed()} messages={errorMessages(error, LL.common.genericError())} /> : null}
          <Button type="submit" loading={busy}>
            {teacher ? t.askTeacher() : t.submit()}
          </Button>
        </Stack>
      </form>
    </Stack>
  )
}
