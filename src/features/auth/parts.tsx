import type { ReactNode } from 'react'
import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { Box, Center, Stack } from '../../../styled-system/jsx'
import { paths } from '../../app/paths'
import { Button, Card, Dialog, IconButton, Link, PasswordField, type PasswordFieldProps, Portal, Spinner, Text, XIcon } from '../../ui'

/** The centered card of the logged-out screens. */
export function AuthCard({ children, labelledBy }: { children: ReactNode; labelledBy: string }) {
  return (
    <Box display="flex" justifyContent="center" w="full">
      <Card.Root w="full" maxW="md" aria-labelledby={labelledBy} role="region">
        <Card.Body pt="6">
          <Stack gap="5">{children}</Stack>
        </Card.Body>
      </Card.Root>
    </Box>
  )
}

/** A password field with the show/hide toggle labelled in the active language. */
export function PasswordInputField(props: Omit<PasswordFieldProps, 'showLabel' | 'hideLabel'>) {
  const { LL } = useI18nContext()
  return <PasswordField showLabel={LL.common.showPassword()} hideLabel={LL.common.hidePassword()} {...props} />
}

/** A flow at work: a spinner and what is happening, announced as a status. */
export function WorkingStatus({ text, py = '16' }: { text: string; py?: '6' | '16' }) {
  return (
    <Center py={py}>
      <Stack align="center" gap="3">
        <Spinner size="lg" />
        <Text role="status">{text}</Text>
      </Stack>
    </Center>
  )
}

/** "By continuing, you agree to the Terms of use and the Privacy policy." */
export function TermsNotice() {
  const { LL } = useI18nContext()
  return (
    <Text size="sm" color="fg.muted">
      {LL.common.agreePrefix()}{' '}
      <Link asChild>
        <RouterLink href={paths.terms()}>{LL.common.termsOfUse()}</RouterLink>
      </Link>{' '}
      {LL.common.agreeAnd()}{' '}
      <Link asChild>
        <RouterLink href={paths.privacy()}>{LL.common.privacyPolicy()}</RouterLink>
      </Link>
      {LL.common.agreeSuffix()}
    </Text>
  )
}

/** A modal dialog of the auth flows: title, optional description, body; Escape or the close button closes it. */
export function AuthDialog({
  open,
  onClose,
  title,
  description,
  children,
  closable = true,
}: {
  open: boolean
  onClose: () => void
  title: string
  description?: ReactNode
  children: ReactNode
  closable?: boolean
}) {
  const { LL } = useI18nContext()
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      closeOnInteractOutside={false}
      closeOnEscape={closable}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w="full" maxW="lg">
            <Stack gap="5" p={{ base: '4', md: '6' }}>
              <Stack gap="1" pe="8">
                <Dialog.Title>{title}</Dialog.Title>
                {description ? <Dialog.Description>{description}</Dialog.Description> : null}
              </Stack>
              {children}
            </Stack>
            {closable ? (
              <Dialog.CloseTrigger asChild position="absolute" top="2" insetEnd="2">
                <IconButton aria-label={LL.common.close()} variant="ghost" size="sm">
                  <XIcon />
                </IconButton>
              </Dialog.CloseTrigger>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

/** The social login button: a real link to the provider's start (the invite goes along). */
export function SocialButton({ label, invite }: { label: string; invite: string | null }) {
  const href = invite ? `/v1/auth/social/oidc/start?invite=${encodeURIComponent(invite)}` : '/v1/auth/social/oidc/start'
  return (
    <Button asChild variant="outline" w="full">
      <a href={href}>{label}</a>
    </Button>
  )
}
