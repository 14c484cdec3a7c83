import { useEffect, useMemo, useRef, useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import { LOGO_TYPES } from '../../../machines/organization-logo'
import { Box, HStack, Stack } from '../../../styled-system/jsx'
import { Button, Text } from '../../ui'

/**
 * The creation dialog's logo (spec §2 avatar upload, §5: image/jpeg, image/png, image/gif only): a
 * file of another type is refused at once ('File type is not allowed'); the server checks the content
 * again when the onboarding uploads it to the new organization.
 * The browser's own file input is hidden: it writes "Choose File / No file chosen" in the browser's
 * language, not the portal's; a kit button opens it, and the chosen image is shown with a way to take it back.
 */
export function LogoPicker({ logo, onChange }: { logo: File | null; onChange: (logo: File | null) => void }) {
  const { LL } = useI18nContext()
  const [refused, setRefused] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const preview = useMemo(() => (logo ? URL.createObjectURL(logo) : null), [logo])
  // the preview's object URL is freed when another logo replaces it and when the dialog closes
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview])
  return (
    <Stack gap="2" mb="4">
      <Text as="span" fontWeight="medium" fontSize="sm">
        {LL.onboarding.logo()}
      </Text>
      <input
        ref={input}
        type="file"
        accept={LOGO_TYPES.join(',')}
        hidden
        aria-label={LL.onboarding.logo()}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0] ?? null
          // cleared, so that choosing the same file again is a change too
          event.currentTarget.value = ''
          if (!file) return
          const allowed = (LOGO_TYPES as readonly string[]).includes(file.type)
          setRefused(!allowed)
          onChange(allowed ? file : null)
        }}
      />
      <HStack gap="3" flexWrap="wrap">
        {preview ? (
          <Box w="12" h="12" borderWidth="1px" borderColor="border.default" borderRadius="l2" overflow="hidden" flexShrink={0}>
            <img src={preview} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          </Box>
        ) : null}
        <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
          {LL.onboarding.logoChoose()}
        </Button>
        {logo ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            {LL.onboarding.logoRemove()}
          </Button>
        ) : null}
      </HStack>
      <Text fontSize="sm" color={refused ? 'fg.error' : 'fg.muted'} role={refused ? 'alert' : undefined} wordBreak="break-all">
        {refused ? LL.validation.fileTypeNotAllowed() : logo ? logo.name : LL.onboarding.logoHelp()}
      </Text>
    </Stack>
  )
}
