import { useActorRef, useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import { useI18nContext } from '../../../../locales/i18n-react'
import type { TranslationFunctions } from '../../../../locales/i18n-types'
import { organizationEditMachine } from '../../../../machines/organization-edit'
import type { Organization, OrganizationFormValues, SaveOrganizationProfileInput } from '../../../../machines/types'
import { Grid, Stack } from '../../../../styled-system/jsx'
import { errorMessages } from '../../../api/errors'
import { listCountries, organizationEditActors } from '../../../api/organization-profile'
import { actorOptions } from '../../../app/inspect'
import { Button, Checkbox, ErrorPanel, Select, TextField } from '../../../ui'
import { INDUSTRIES } from '../OrganizationForm'
import { ProfileDialog } from './ProfileDialog'


/** The form's fields without the platform admin's creation-only ones. */
type Values = Omit<OrganizationFormValues, 'owner_user' | 'is_verified'>
type Field = keyof Values

/** '+1 5415550100' → ['+1', '5415550100']; anything else → ['', phone]. */
function splitPhone(phone: string | null): [string, string] {
  if (!phone) return ['', '']
  const space = phone.indexOf(' ')
  return space > 0 ? [phone.slice(0, space), phone.slice(space + 1)] : ['', phone]
}

const valuesOf = (organization: Organization): Values => {
  const [phoneCode, phoneNumber] = splitPhone(organization.phone)
  return {
    name: organization.name,
    type: organization.type,
    industry: organization.industry ?? '',
    address_1: organization.address_1 ?? '',
    address_2: organization.address_2 ?? '',
    city: organization.city ?? '',
    state: organization.state ?? '',
    postal_code: organization.postal_code ?? '',
    country: organization.country ?? '',
    phone_code: phoneCode,
    phone_number: phoneNumber,
    timezone: organization.timezone ?? '',
  }
}

/** The §5 rules of the organization form, one message per field. */
function validate(LL: TranslationFunctions, v: Values): Partial<Record<Field, string>> {
  const m = LL.validation.organization
  const errors: Partial<Record<Field, string>> = {}
  const blank = (value: string) => value.trim() === ''
  if (blank(v.name)) errors.name = m.nameRequired()
  if (blank(v.type)) errors.type = m.typeRequired()
  if (blank(v.industry)) errors.industry = m.industryRequired()
  if (blank(v.address_1)) errors.address_1 = m.addressRequired()
  if (blank(v.city)) errors.city = m.cityRequired()
  if (blank(v.state)) errors.state = m.stateRequired()
  if (blank(v.postal_code)) errors.postal_code = m.postcodeRequired()
  if (blank(v.country)) errors.country = m.countryRequired()
  if (!/^\+?[0-9]{1,4}$/.test(v.phone_code.trim())) errors.phone_code = m.phoneRequired()
  if (blank(v.phone_number)) errors.phone_number = m.phoneRequired()
  else if (!/^[0-9]{4,15}$/.test(v.phone_number.trim())) errors.phone_number = LL.validation.phoneNotNumber()
  if (blank(v.timezone)) errors.timezone = m.timezoneRequired()
  return errors
}

/**
 * The edit-organization dialog of the profile (spec §2, §5 Organization form): every field of the
 * form with its §5 message, choosing a country sets the dial code, the verified box for a platform
 * admin only; save is enabled once the required fields are filled (machine organization-edit).
 */
export function EditOrganizationDialog({
  organization,
  superuser,
  onSaved,
  onClose,
}: {
  organization: Organization
  superuser: boolean
  onSaved: (next: Organization) => void
  onClose: () => void
}) {
  const { LL } = useI18nContext()
  const P = LL.organizationProfile
  const [values, setValues] = useState(() => valuesOf(organization))
  const [verified, setVerified] = useState(organization.is_verified)
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({})
  const flow = useActorRef(
    organizationEditMachine.provide({
      actors: organizationEditActors,
      actions: { announceSaved: (_, params) => onSaved(params.organization) },
    }),
    { ...actorOptions(), input: { organizationId: organization.id } },
  )
  const saving = useSelector(flow, (s) => s.hasTag('busy'))
  const error = useSelector(flow, (s) => (s.hasTag('error') ? s.context.error : null))
  const countriesActor = useActorRef(listCountries)
  const countries = useSelector(countriesActor, (s) => s.output ?? [])
  const countriesFailed = useSelector(countriesActor, (s) => s.status === 'error')

  const errors = validate(LL, values)
  const valid = Object.keys(errors).length === 0
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined)
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setTouched((current) => ({ ...current, [field]: true }))
  }
  const text = (field: Field, label: string, required = true) => ({
    label,
    name: field,
    required,
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
    errorText: shown(field),
  })

  const countryItems = useMemo(() => {
    const items = countries.map((c) => ({ value: c.iso2, label: c.name }))
    // the saved country stays choosable while the list loads or when it failed
    if (values.country && !items.some((item) => item.value === values.country)) items.unshift({ value: values.country, label: values.country })
    return items
  }, [countries, values.country])
  const timeZoneItems = useMemo(() => Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone })), [])
  const industryItems = INDUSTRIES.map((industry) => ({ value: industry, label: LL.organizationForm.industries[industry]() }))
  const typeItems = [
    { value: 'school', label: LL.terms.school.organization() },
    { value: 'company', label: LL.terms.company.organization() },
  ]

  const body = (): SaveOrganizationProfileInput['body'] => ({
    name: values.name.trim(),
    type: values.type as SaveOrganizationProfileInput['body']['type'],
    industry: values.industry as SaveOrganizationProfileInput['body']['industry'],
    address_1: values.address_1.trim(),
    address_2: values.address_2.trim() || null,
    city: values.city.trim(),
    state: values.state.trim(),
    postal_code: values.postal_code.trim(),
    country: values.country,
    phone: `${values.phone_code.trim()} ${values.phone_number.trim()}`,
    timezone: values.timezone,
    // only a platform admin may change it (the server refuses it from anyone else)
    ...(superuser ? { is_verified: verified } : {}),
  })

  return (
    <ProfileDialog onClose={onClose} title={P.edit.title()} wide>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          setTouched(Object.fromEntries(Object.keys(values).map((key) => [key, true])))
          if (valid && !saving) flow.send({ type: 'edit.save', body: body() })
        }}
      >
        <Stack gap="4">
          <ErrorPanel messages={error ? errorMessages(error, LL.errors.generic(), LL.errors.network()) : []} />
          <ErrorPanel messages={countriesFailed ? [P.edit.countriesFailed()] : []} />
          <Grid columns={{ base: 1, md: 2 }} gap="4">
            <TextField {...text('name', P.name())} autoComplete="organization" />
            <Select
              label={P.type()}
              items={typeItems}
              value={values.type ? [values.type] : []}
              onValueChange={([value]) => set('type', value ?? '')}
              placeholder={P.pick()}
              required
              errorText={shown('type')}
            />
            <Select
              label={P.industry()}
              items={industryItems}
              value={values.industry ? [values.industry] : []}
              onValueChange={([value]) => set('industry', value ?? '')}
              placeholder={P.pick()}
              required
              errorText={shown('industry')}
            />
            <TextField {...text('address_1', P.address1())} autoComplete="address-line1" />
            <TextField {...text('address_2', P.address2(), false)} autoComplete="address-line2" />
            <TextField {...text('city', P.city())} autoComplete="address-level2" />
            <TextField {...text('state', P.state())} autoComplete="address-level1" />
            <TextField {...text('postal_code', P.postalCode())} autoComplete="postal-code" />
            <Select
              label={P.country()}
              items={countryItems}
              value={values.country ? [values.country] : []}
              onValueChange={([value]) => {
                set('country', value ?? '')
                // choosing a country sets its dial code (spec §2)
                const dial = countries.find((c) => c.iso2 === value)?.dial_code
                if (dial) set('phone_code', dial)
              }}
              placeholder={P.pick()}
              required
              errorText={shown('country')}
            />
            <Grid columns={3} gap="2">
              <TextField {...text('phone_code', P.phoneCode())} inputMode="tel" autoComplete="tel-country-code" />
              <Grid gridColumn="span 2">
                <TextField {...text('phone_number', P.phoneNumber())} inputMode="tel" autoComplete="tel-national" />
              </Grid>
            </Grid>
            <Select
              label={P.timezone()}
              items={timeZoneItems}
              value={values.timezone ? [values.timezone] : []}
              onValueChange={([value]) => set('timezone', value ?? '')}
              placeholder={P.pick()}
              required
              errorText={shown('timezone')}
            />
          </Grid>
          {superuser ? (
            <Checkbox checked={verified} onCheckedChange={(details) => setVerified(details.checked === true)}>
              {P.verified()}
            </Checkbox>
          ) : null}
          <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
            <Button variant="outline" onClick={onClose}>
              {LL.common.cancel()}
            </Button>
            <Button type="submit" disabled={!valid} loading={saving}>
              {LL.common.save()}
            </Button>
          </Stack>
        </Stack>
      </form>
    </ProfileDialog>
  )
}
