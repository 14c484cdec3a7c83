import type { ReactNode } from 'react'
import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { Box, Center, Stack } from '../../../styled-system/jsx'
import { paths } from '../../app/paths'
import { Button, Card, Link, PasswordField, type PasswordFieldProps, Spinner, Text } from '../../ui'

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

/** The social login button: a real link to the provider's start (the invite goes along). */
export function SocialButton({ label, invite }: { label: string; invite: string | null }) {
  const href = invite ? `/v1/auth/social/oidc/start?invite=${encodeURIComponent(invite)}` : '/v1/auth/social/oidc/start'
  return (
    <Button asChild variant="outline" w="full">
      <a href={href}>{label}</a>
    </Button>
  )
}
