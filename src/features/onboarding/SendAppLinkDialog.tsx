import { useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import type { ApiFailure, AppLinkChannel, AppPlatform, SendAppLinkInput, User } from '../../../machines/types'
import { HStack, Stack } from '../../../styled-system/jsx'
import { errorMessages } from '../../api/errors'
import { Button, Dialog, ErrorPanel, Portal, Select, TextField, isEmail } from '../../ui'

export interface SendAppLinkDialogProps {
  channel: AppLinkChannel
  user: User
  busy: boolean
  error: ApiFailure | null
  onSend: (request: SendAppLinkInput) => void
  onClose: () => void
}

const PLATFORMS: AppPlatform[] = ['ios', 'android']

/**
 * The send-email-link and send-SMS-link dialogs (spec §5): the e-mail (the person's own, to start
 * with) or the phone's code and number, and the phone type; the button is enabled once each is
 * there and valid ('Please input correct email address', 'Phone should be a number').
 */
export function SendAppLinkDialog({ channel, user, busy, error, onSend, onClose }: SendAppLinkDialogProps) {
  const { LL } = useI18nContext()
  const t = LL.startLearning
  const [email, setEmail] = useState(user.email)
  const [code, setCode] = useState(user.phone_code ?? '')
  const [number, setNumber] = useState(user.phone_number ?? '')
  const [platform, setPlatform] = useState<AppPlatform | ''>('')

  const trimmedEmail = email.trim()
  const emailError = trimmedEmail !== '' && !isEmail(trimmedEmail) ? LL.validation.emailInvalid() : undefined
  const dialCode = code.trim().replace(/^\+/, '')
  const digits = number.trim()
  const codeError = dialCode !== '' && !/^[0-9]{1,4}$/.test(dialCode) ? LL.validation.phoneNotNumber() : undefined
  const numberError = digits !== '' && !/^[0-9]{4,15}$/.test(digits) ? LL.validation.phoneNotNumber() : undefined

  const request: SendAppLinkInput | null =
    platform === ''
      ? null
      : channel === 'email'
        ? trimmedEmail !== '' && !emailError
          ? { channel, email: trimmedEmail, application: platform }
          : null
        : dialCode !== '' && digits !== '' && !codeError && !numberError
          ? { channel, phone: `+${dialCode} ${digits}`, application: platform }
          : null

  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content w={{ base: 'calc(100vw - 2rem)', sm: 'md' }}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault()
                if (request && !busy) onSend(request)
              }}
            >
              <Stack gap="5" p="6">
                <Stack gap="1">
                  <Dialog.Title>{channel === 'email' ? t.emailTitle() : t.smsTitle()}</Dialog.Title>
                  <Dialog.Description>{channel === 'email' ? t.emailText() : t.smsText()}</Dialog.Description>
                </Stack>
                <ErrorPanel messages={error ? errorMessages(error, LL.errors.generic(), LL.errors.network()) : []} />
                {channel === 'email' ? (
                  <TextField
                    label={t.email()}
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    name="email"
                    required
                    value={email}
                    onChange={(event) => setEmail(event.currentTarget.value)}
                    errorText={emailError}
                  />
                ) : (
                  <HStack gap="3" alignItems="flex-start">
                    <TextField
                      label={t.phoneCode()}
                      inputMode="tel"
                      autoComplete="tel-country-code"
                      name="phone_code"
                      required
                      placeholder="+1"
                      value={code}
                      onChange={(event) => setCode(event.currentTarget.value)}
                      errorText={codeError}
                      w="24"
                    />
                    <TextField
                      label={t.phoneNumber()}
                      type="tel"
                      inputMode="tel"
                      autoComplete="tel-national"
                      name="phone_number"
                      required
                      value={number}
                      onChange={(event) => setNumber(event.currentTarget.value)}
                      errorText={numberError}
                      flex="1"
                    />
                  </HStack>
                )}
                <Select
                  label={t.phoneType()}
                  placeholder={t.choosePhoneType()}
                  items={PLATFORMS.map((value) => ({ value, label: value === 'ios' ? t.ios() : t.android() }))}
                  value={platform ? [platform] : []}
                  onValueChange={(value) => setPlatform((value[0] as AppPlatform | undefined) ?? '')}
                  required
                />
                <HStack gap="3" justify="flex-end" flexWrap="wrap">
                  <Button type="button" variant="outline" onClick={onClose}>
                    {LL.common.cancel()}
                  </Button>
                  <Button type="submit" disabled={request === null} loading={busy}>
                    {t.send()}
                  </Button>
                </HStack>
              </Stack>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
