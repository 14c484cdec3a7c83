import { Link as RouterLink } from 'wouter'
import { useI18nContext } from '../../../locales/i18n-react'
import { Stack } from '../../../styled-system/jsx'
import { paths } from '../../app/paths'
import { Link, Text } from '../../ui'
import { PageHeader } from '../shared/page'

function LegalPage({ title, paragraphs }: { title: string; paragraphs: string[] }) {
  const { LL } = useI18nContext()
  return (
    <Stack gap="4" maxW="prose">
      <PageHeader title={title} />
      {paragraphs.map((text) => (
        <Text key={text}>{text}</Text>
      ))}
      <Link asChild>
        <RouterLink href={paths.login()}>{LL.account.recoverPassword.backToLogin()}</RouterLink>
      </Link>
    </Stack>
  )
}

/** /terms — the terms of use, linked from the login and sign-up forms. */
export function TermsPage() {
  const { LL } = useI18nContext()
  const t = LL.legal.terms
  return <LegalPage title={LL.common.termsOfUse()} paragraphs={[t.p1(), t.p2(), t.p3(), t.p4()]} />
}

/** /privacy — the privacy policy. */
export function PrivacyPage() {
  const { LL } = useI18nContext()
  const t = LL.legal.privacy
  return <LegalPage title={LL.common.privacyPolicy()} paragraphs={[t.p1(), t.p2(), t.p3(), t.p4()]} />
}
