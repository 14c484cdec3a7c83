import { useEffect, useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { css } from '../../../styled-system/css'
import { HStack, Stack } from '../../../styled-system/jsx'
import { Text } from '../../ui'
import { estimateStrength, type StrengthHint, type StrengthLevel } from './password-strength'

const FILLED: Record<StrengthLevel, number> = { weak: 1, fair: 2, good: 3, strong: 4 }
const BAR: Record<StrengthLevel, string> = {
  weak: css({ bg: 'red.9' }),
  fair: css({ bg: 'amber.9' }),
  good: css({ bg: 'teal.9' }),
  strong: css({ bg: 'teal.11' }),
}
const EMPTY = css({ bg: 'gray.a4' })
const SEGMENT = css({ h: '1', flex: '1', borderRadius: 'full' })

/**
 * The strength hint under a new password: a four-part bar (decoration) and the level in words,
 * with a tip while the password is weak or fair; announced politely as it changes. Nothing is shown
 * (nor loaded) until something is typed. `related` are the person's name and e-mail.
 */
export function PasswordStrength({ password, related = [] }: { password: string; related?: readonly string[] }) {
  const { LL } = useI18nContext()
  const [hint, setHint] = useState<StrengthHint | null>(null)
  // one string, so that a new array with the same words does not start the estimate again
  const relatedWords = related.filter(Boolean).join('\n')
  useEffect(() => {
    if (password === '') return
    let current = true
    void estimateStrength(password, relatedWords === '' ? [] : relatedWords.split('\n')).then((next) => {
      if (current) setHint(next)
    })
    return () => {
      current = false
    }
  }, [password, relatedWords])

  if (password === '' || hint === null) return null
  const texts = LL.account.passwordStrength
  const tip = hint.tip === 'common' ? texts.tipCommon() : hint.tip === 'pattern' ? texts.tipPattern() : hint.tip === 'generic' ? texts.tipGeneric() : null
  return (
    <Stack gap="1.5" aria-live="polite">
      <HStack gap="1" aria-hidden="true">
        {[1, 2, 3, 4].map((part) => (
          <span key={part} className={`${SEGMENT} ${part <= FILLED[hint.level] ? BAR[hint.level] : EMPTY}`} />
        ))}
      </HStack>
      <Text size="sm">{texts[hint.level]()}</Text>
      {tip ? (
        <Text size="sm" color="fg.muted">
          {tip}
        </Text>
      ) : null}
    </Stack>
  )
}
