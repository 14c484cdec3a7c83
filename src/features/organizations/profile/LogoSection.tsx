import { useActorRef, useSelector } from '@xstate/react'
import { useRef } from 'react'
import { useI18nContext } from '../../../../locales/i18n-react'
import { LOGO_TYPES, organizationLogoMachine } from '../../../../machines/organization-logo'
import type { Organization } from '../../../../machines/types'
import { Box, HStack, Stack } from '../../../../styled-system/jsx'
import { errorMessages } from '../../../api/errors'
import { organizationLogoActors } from '../../../api/organization-profile'
import { actorOptions } from '../../../app/inspect'
import { Button, ErrorPanel, Heading, Text, toaster } from '../../../ui'

/** The organization's logo, with upload and remove for its admins (machine organization-logo). */
export function LogoSection({
  organization,
  canManage,
  onChanged,
}: {
  organization: Organization
  canManage: boolean
  onChanged: (next: Organization) => void
}) {
  const { LL } = useI18nContext()
  const input = useRef<HTMLInputElement>(null)
  const flow = useActorRef(
    organizationLogoMachine.provide({
      actors: organizationLogoActors,
      actions: {
        announceChanged: (_, { organization: next }) => {
          toaster.success({ title: next.logo_url ? LL.organizationProfile.logo.saved() : LL.organizationProfile.logo.removed() })
          onChanged(next)
        },
      },
    }),
    { ...actorOptions(), input: { organizationId: organization.id } },
  )
  const uploading = useSelector(flow, (s) => s.matches('uploading'))
  const removing = useSelector(flow, (s) => s.matches('removing'))
  const rejection = useSelector(flow, (s) => s.context.rejection)
  const error = useSelector(flow, (s) => (s.hasTag('error') ? s.context.error : null))
  const busy = uploading || removing

  const messages =
    rejection === 'type'
      ? [LL.validation.fileTypeNotAllowed()]
      : rejection === 'size'
        ? [LL.organizationProfile.logo.tooLarge()]
        : error
          ? errorMessages(error, LL.errors.generic(), LL.errors.network())
          : []

  return (
    <section aria-labelledby="organization-logo-title" aria-busy={busy}>
    <Stack gap="3">
      <Heading as="h2" size="lg" id="organization-logo-title">
        {LL.organizationProfile.logo.title()}
      </Heading>
      <HStack gap="4" alignItems="center" flexWrap="wrap">
        <Box
          w="24"
          h="24"
          flexShrink="0"
          borderWidth="1px"
          borderColor="border.default"
          borderRadius="l2"
          display="flex"
          alignItems="center"
          justifyContent="center"
          overflow="hidden"
          bg="bg.subtle"
        >
          {organization.logo_url ? (
            <img
              src={organization.logo_url}
              alt={LL.organizationProfile.logo.alt({ name: organization.name })}
              style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Text size="xs" color="fg.muted" textAlign="center" px="2">
              {LL.organizationProfile.logo.none()}
            </Text>
          )}
        </Box>
        {canManage ? (
          <Stack gap="2">
            <input
              ref={input}
              type="file"
              accept={LOGO_TYPES.join(',')}
              hidden
              aria-label={LL.organizationProfile.logo.choose()}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0]
                // cleared, so that choosing the same file again is a change too
                event.currentTarget.value = ''
                if (file) flow.send({ type: 'logo.choose', file })
              }}
            />
            <HStack gap="2" flexWrap="wrap">
              <Button variant="outline" size="sm" loading={uploading} disabled={busy} onClick={() => input.current?.click()}>
                {organization.logo_url ? LL.organizationProfile.logo.replace() : LL.organizationProfile.logo.choose()}
              </Button>
              {organization.logo_url ? (
                <Button variant="ghost" size="sm" loading={removing} disabled={busy} onClick={() => flow.send({ type: 'logo.remove' })}>
                  {LL.organizationProfile.logo.remove()}
                </Button>
              ) : null}
            </HStack>
            <Text size="sm" color="fg.muted" aria-live="polite">
              {uploading ? LL.organizationProfile.logo.uploading() : LL.organizationProfile.logo.hint()}
            </Text>
          </Stack>
        ) : null}
      </HStack>
      <ErrorPanel messages={messages} />
    </Stack>
    </section>
  )
}
