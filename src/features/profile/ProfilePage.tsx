import { useActorRef, useSelector } from '@xstate/react'
import { useRef, useState } from 'react'
import { Link as RouterLink, useLocation } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { PHOTO_TYPES, profileMachine } from '../../../machines/profile'
import type { OrganizationMembership, User } from '../../../machines/types'
import { css } from '../../../styled-system/css'
import { Box, Flex, HStack, Stack } from '../../../styled-system/jsx'
import { codeOf, errorMessages } from '../../api/errors'
import { profileActors } from '../../api/profile'
import { actorOptions } from '../../app/inspect'
import { paths } from '../../app/paths'
import { useCurrentUser, useSession } from '../../app/root-context'
import { Avatar, Badge, Button, ErrorPanel, Heading, Spinner, Text, toaster } from '../../ui'
import { Detail, Details } from '../shared/Details'
import { usePageTitle } from '../shared/page'
import { roleLabel, useTerms } from '../shared/terms'
import { ConfirmEmailDialog, DeleteAccountDialog, EditProfileDialog, PasswordDialog } from './ProfileDialogs'
import { WithdrawDialog } from './WithdrawDialog'

const link = css({
  color: 'colorPalette.text',
  textDecoration: 'underline',
  cursor: 'pointer',
})

/**
 * /profile (spec §2 Profile): photo, names, e-mail (with the not-verified warning and a resend link
 * while a new address waits), username, phone, masked password with change or define, the user's
 * organizations with roles, links and a withdraw action, and the delete-account action (machine
 * profile; withdraw has its own machine). The assessment history comes once practice data exists.
 */
export function ProfilePage() {
  const { LL } = useI18nContext()
  const user = useCurrentUser()
  if (!user) return <Spinner label={LL.common.loading()} />
  return <Profile key={user.id} initial={user} />
}

function Profile({ initial }: { initial: User }) {
  const { LL } = useI18nContext()
  const t = LL.myProfile
  const session = useSession()
  const [, navigate] = useLocation()
  const input = useRef<HTMLInputElement>(null)
  const [withdrawing, setWithdrawing] = useState<OrganizationMembership | null>(null)
  const profile = useActorRef(
    profileMachine.provide({
      actors: profileActors,
      actions: {
        announceAccount: (_, { account }) => session.send({ type: 'session.userUpdated', user: account }),
        announceSaved: () => toaster.success({ title: t.saved() }),
        announcePasswordChanged: ({ context }) =>
          toaster.success({
            title: context.account.has_password ? t.passwordChanged() : t.passwordDefined(),
          }),
        announceResent: () => toaster.success({ title: t.resent() }),
        announceDeleted: () => {
          toaster.success({ title: t.deleteAccount.deleted() })
          // the server ended every session of the account: this one is cleared too
          session.send({ type: 'session.logout' })
          navigate(paths.login())
        },
      },
    }),
    { ...actorOptions(), input: { account: initial } },
  )
  const account = useSelector(profile, (s) => s.context.account)
  const state = useSelector(profile, (s) => s.value)
  const rejection = useSelector(profile, (s) => s.context.rejection)
  const error = useSelector(profile, (s) => s.context.error)
  const pageError = useSelector(profile, (s) => (s.matches({ viewing: 'failed' }) ? s.context.error : null))
  const uploading = state === 'uploadingPhoto'
  const removingPhoto = state === 'removingPhoto'
  const resending = state === 'resending'
  const close = () => profile.send({ type: 'profile.close' })

  const name = `${account.first_name} ${account.last_name}`.trim() || account.email
  usePageTitle(t.title())
  const dash = LL.common.notAvailable()
  const photoMessages =
    rejection === 'type'
      ? [LL.validation.fileTypeNotAllowed()]
      : rejection === 'size'
        ? [t.photo.tooLarge()]
        : pageError
          ? codeOf(pageError.body) === 'unreadable'
            ? [t.photo.unreadable()]
            : errorMessages(pageError, LL.errors.generic(), LL.errors.network())
          : []

  return (
    <Stack gap="8" maxW="3xl">
      <Heading as="h1" size="2xl">
        {t.title()}
      </Heading>

      <section aria-labelledby="profile-photo-title" aria-busy={uploading || removingPhoto}>
        <Stack gap="3">
          <Heading as="h2" size="lg" id="profile-photo-title">
            {t.photo.title()}
          </Heading>
          <Flex gap="4" align="center" wrap="wrap">
            {account.photo_url ? (
              <Box w="24" h="24" borderRadius="full" overflow="hidden" flexShrink="0" bg="bg.subtle">
                <img src={account.photo_url} alt={t.photo.alt({ name })} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              </Box>
            ) : (
              <Avatar name={name} decorative size="2xl" />
            )}
            <Stack gap="2">
              <input
                ref={input}
                type="file"
                accept={PHOTO_TYPES.join(',')}
                hidden
                aria-label={t.photo.choose()}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0]
                  // cleared, so that choosing the same file again is a change too
                  event.currentTarget.value = ''
                  if (file) profile.send({ type: 'photo.choose', file })
                }}
              />
              <HStack gap="2" flexWrap="wrap">
                <Button
                  variant="outline"
                  size="sm"
                  loading={uploading}
                  disabled={uploading || removingPhoto}
                  onClick={() => input.current?.click()}
                >
                  {account.photo_url ? t.photo.replace() : t.photo.choose()}
                </Button>
                {account.photo_url ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={removingPhoto}
                    disabled={uploading || removingPhoto}
                    onClick={() => profile.send({ type: 'photo.remove' })}
                  >
                    {t.photo.remove()}
                  </Button>
                ) : null}
              </HStack>
              <Text size="sm" color="fg.muted" aria-live="polite">
                {uploading ? t.photo.uploading() : t.photo.hint()}
              </Text>
            </Stack>
          </Flex>
          <ErrorPanel messages={photoMessages} />
        </Stack>
      </section>

      <section aria-labelledby="profile-details-title">
        <Stack gap="3">
          <Flex gap="3" align="center" wrap="wrap">
            <Heading as="h2" size="lg" id="profile-details-title">
              {t.details()}
            </Heading>
            <Button variant="outline" size="sm" ms="auto" onClick={() => profile.send({ type: 'profile.edit' })}>
              {t.edit()}
            </Button>
          </Flex>
          <Details>
            <Detail label={t.firstName()}>{account.first_name || dash}</Detail>
            <Detail label={t.lastName()}>{account.last_name || dash}</Detail>
            <Detail label={t.email()}>
              <Stack gap="1">
                <span>{account.email}</span>
                {account.unconfirmed_email ? (
                  <Stack gap="1" role="status" p="2" borderRadius="l2" bg="amber.a3" color="amber.12">
                    <Text fontWeight="semibold">{t.notVerified()}</Text>
                    <Text size="sm">
                      {t.notVerifiedText({
                        email: account.unconfirmed_email,
                        current: account.email,
                      })}
                    </Text>
                    <button type="button" className={link} disabled={resending} onClick={() => profile.send({ type: 'email.resend' })}>
                      {t.resend()}
                    </button>
                  </Stack>
                ) : null}
              </Stack>
            </Detail>
            <Detail label={t.username()}>{account.username || dash}</Detail>
            <Detail label={t.phone()}>{account.phone_number ? `${account.phone_code ?? ''} ${account.phone_number}`.trim() : dash}</Detail>
            <Detail label={t.password()}>
              <HStack gap="3" flexWrap="wrap">
                {account.has_password ? <span aria-hidden="true">••••••••</span> : <Text color="fg.muted">{t.noPassword()}</Text>}
                <Button variant="outline" size="xs" onClick={() => profile.send({ type: 'password.edit' })}>
                  {account.has_password ? t.changePassword() : t.definePassword()}
                </Button>
              </HStack>
            </Detail>
          </Details>
        </Stack>
      </section>

      {account.is_superuser ? null : <Organizations account={account} onWithdraw={setWithdrawing} />}

      <section aria-labelledby="profile-delete-title">
        <Stack gap="3" align="flex-start">
          <Heading as="h2" size="lg" id="profile-delete-title">
            {t.deleteAccount.title()}
          </Heading>
          <Text color="fg.muted">{t.deleteAccount.text()}</Text>
          <Button variant="outline" colorPalette="red" onClick={() => profile.send({ type: 'account.delete' })}>
            {t.deleteAccount.action()}
          </Button>
        </Stack>
      </section>

      {state === 'editing' || state === 'saving' ? (
        <EditProfileDialog
          account={account}
          busy={state === 'saving'}
          error={state === 'editing' ? error : null}
          onSave={(changes) => profile.send({ type: 'profile.save', changes })}
          onClose={close}
        />
      ) : null}
      {state === 'emailSent' ? <ConfirmEmailDialog account={account} onClose={close} /> : null}
      {state === 'password' || state === 'savingPassword' ? (
        <PasswordDialog
          define={!account.has_password}
          busy={state === 'savingPassword'}
          error={state === 'password' ? error : null}
          onSave={(change) => profile.send({ type: 'password.save', change })}
          onClose={close}
        />
      ) : null}
      {state === 'deleting' || state === 'deletingAccount' ? (
        <DeleteAccountDialog
          hasPassword={account.has_password}
          busy={state === 'deletingAccount'}
          error={state === 'deleting' ? error : null}
          onConfirm={(password) => profile.send({ type: 'account.confirmDelete', password })}
          onClose={close}
        />
      ) : null}
      {withdrawing ? (
        <WithdrawDialog
          userId={account.id}
          organization={withdrawing}
          onClose={() => setWithdrawing(null)}
          onWithdrawn={(next) => {
            toaster.success({
              title: t.withdraw.withdrawn({ name: withdrawing.name }),
            })
            setWithdrawing(null)
            if (next) {
              profile.send({ type: 'account.changed', account: next })
              session.send({ type: 'session.userUpdated', user: next })
            } else session.send({ type: 'session.refresh' })
          }}
        />
      ) : null}
    </Stack>
  )
}

/** The user's organizations with roles, a link to each and a withdraw action; none: join or create one. */
function Organizations({ account, onWithdraw }: { account: User; onWithdraw: (organization: OrganizationMembership) => void }) {
  const { LL } = useI18nContext()
  const t = LL.myProfile.organizations
  return (
    <section aria-labelledby="profile-organizations-title">
      <Stack gap="3">
        <Heading as="h2" size="lg" id="profile-organizations-title">
          {t.title()}
        </Heading>
        {account.organizations.length === 0 ? (
          <Stack gap="2" align="flex-start">
            <Text>{t.none()}</Text>
            <HStack gap="4" flexWrap="wrap">
              {/* /join: the join-by-code screen (issue 8, built beside this one) */}
              <RouterLink href="/join" className={link}>
                {t.join()}
              </RouterLink>
              <RouterLink href={paths.onboarding()} className={link}>
                {t.create()}
              </RouterLink>
            </HStack>
          </Stack>
        ) : (
          <Stack as="ul" gap="2" listStyle="none" p="0" m="0">
            {account.organizations.map((organization) => (
              <OrganizationRow key={organization.id} organization={organization} onWithdraw={() => onWithdraw(organization)} />
            ))}
          </Stack>
        )}
      </Stack>
    </section>
  )
}

function OrganizationRow({ organization, onWithdraw }: { organization: OrganizationMembership; onWithdraw: () => void }) {
  const { LL } = useI18nContext()
  const t = LL.myProfile.organizations
  const terms = useTerms(organization.type)
  return (
    <Flex as="li" gap="3" align="center" wrap="wrap" borderWidth="1px" borderColor="border.default" borderRadius="l2" px="4" py="3">
      <RouterLink href={paths.dashboard(organization.id)} className={link} aria-label={t.open({ name: organization.name })}>
        {organization.name}
      </RouterLink>
      <HStack gap="2" flexWrap="wrap">
        {organization.roles.map((role) => (
          <Badge key={role} variant="outline">
            {roleLabel(terms, role)}
          </Badge>
        ))}
      </HStack>
      <Button variant="ghost" size="sm" ms="auto" onClick={onWithdraw} aria-label={t.withdrawFrom({ name: organization.name })}>
        {t.withdraw()}
      </Button>
    </Flex>
  )
}
