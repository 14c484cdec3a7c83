import { useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { LOGO_TYPES } from '../../../machines/organization-logo'
import { Stack } from '../../../styled-system/jsx'
import { Text } from '../../ui'

/**
 * The creation dialog's logo (spec §2 avatar upload, §5: image/jpeg, image/png, image/gif only): a
 * file of another type is refused at once ('File type is not allowed'); the server checks the content
 * again when the onboarding uploads it to the new organization.
 */
export function LogoPicker({ logo, onChange }: { logo: File | null; onChange: (logo: File | null) => void }) {
  const { LL } = useI18nContext()
  const [refused, setRefused] = useState(false)
  return (
    <Stack gap="1" mb="4">
      <label>
        <Text as="span" fontWeight="medium" fontSize="sm">
          {LL.onboarding.logo()}
        </Text>
        <input
          type="file"
          accept={LOGO_TYPES.join(',')}
          style={{ display: 'block', marginTop: '0.25rem' }}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0] ?? null
            const allowed = file === null || (LOGO_TYPES as readonly string[]).includes(file.type)
            setRefused(!allowed)
            if (!allowed) event.currentTarget.value = ''
            onChange(allowed ? file : null)
          }}
        />
      </label>
      <Text fontSize="sm" color={refused ? 'fg.error' : 'fg.muted'} role={refused ? 'alert' : undefined}>
        {refused ? LL.validation.fileTypeNotAllowed() : logo ? logo.name : LL.onboarding.logoHelp()}
      </Text>
    </Stack>
  )
}
