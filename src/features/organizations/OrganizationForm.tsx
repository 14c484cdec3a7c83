import { useActorRef, useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import { useI18nContext } from '../../../locales/i18n-react'
import type { TranslationFunctions } from '../../../locales/i18n-types'
import { organizationFormMachine } from '../../../machines/organization-form'
import type { Country, Organization, OrganizationFormValues, OrganizationType } from '../../../machines/types'
import { Grid, Stack } from '../../../styled-system/jsx'
import { errorMessages } from '../../api/errors'
import { organizationFormActors, ownOrganizationFormActors } from '../../api/organizations'
import { actorOptions } from '../../app/inspect'
import { Button, Checkbox, ErrorPanel, Select, Spinner, Text, TextField } from '../../ui'
import { type Errors, isValidEmail } from '../shared/form-rules'
import { useForm } from '../shared/use-form'

/** The industries of spec §3, in its order. */
export const INDUSTRIES = [
  'aerospace', 'transportation', 'computer_software_internet', 'telecommunication', 'food_and_agriculture', 'construction',
  'education', 'healthcare', 'travel_and_hospitality', 'entertainment_news_media_music', 'energy', 'manufacturing',
  'fashion_and_clothing', 'mining', 'consulting_services', 'other',
] as const

/** The largest number of invitations a day the contract takes. */
const MAX_INVITATIONS_PER_DAY = 1_000_000

type TextFields = Exclude<keyof OrganizationFormValues, 'is_verified' | 'owner_user' | 'username' | 'invitations_per_day'> | 'owner_user' | 'username'

/** Where the server's message for a request field is shown (the phone's answer goes under the number). */
const SERVER_FIELD: Partial<Record<TextFields, string>> = { phone_number: 'phone' }

/** The IANA time zones this browser knows (spec: Intl.supportedValuesOf('timeZone')). */
const timeZones = (): string[] => Intl.supportedValuesOf('timeZone')

/** The browser's own time zone, the default of a new organization, when it is one of the list (not 'UTC' or an alias). */
const ownTimeZone = (): string => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return timeZones().includes(zone) ? zone : ''
}

/** '+1 5415550100' → ['+1', '5415550100']; anything else → ['', phone]. */
function splitPhone(phone: string | null): [string, string] {
  if (!phone) return ['', '']
  const space = phone.indexOf(' ')
  return space > 0 ? [phone.slice(0, space), phone.slice(space + 1)] : ['', phone]
}

function initialValues(organization: Organization | null, country: string | null, own: OrganizationType | undefined): Record<TextFields, string> {
  const [phoneCode, phoneNumber] = splitPhone(organization?.phone ?? null)
  return {
    name: organization?.name ?? '',
    username: organization?.username ?? '',
    type: organization?.type ?? own ?? '',
    industry: organization?.industry ?? '',
    address_1: organization?.address_1 ?? '',
    address_2: organization?.address_2 ?? '',
    city: organization?.city ?? '',
    state: organization?.state ?? '',
    postal_code: organization?.postal_code ?? '',
    country: organization?.country ?? country ?? '',
    phone_code: phoneCode,
    phone_number: phoneNumber,
    timezone: organization?.timezone ?? (organization ? '' : ownTimeZone()),
    owner_user: '',
  }
}

/** The §5 messages of one's own school or company at onboarding: worded for it ('Please input the school name'). */
function ownMessages(LL: TranslationFunctions, type: string): TranslationFunctions['organizationForm']['validation'] {
  const m = LL.onboarding.validation
  const kind = type === 'company' ? LL.onboarding.kinds.company() : LL.onboarding.kinds.school()
  return {
    ...LL.organizationForm.validation,
    nameRequired: () => m.nameRequired({ kind }),
    typeRequired: () => m.typeRequired({ kind }),
    industryRequired: () => m.industryRequired({ kind }),
    addressRequired: () => m.addressRequired({ kind }),
    phoneRequired: () => m.phoneRequired({ kind }),
    countryRequired: () => m.countryRequired({ kind }),
    stateRequired: () => m.stateRequired({ kind }),
    cityRequired: () => m.cityRequired({ kind }),
    postcodeRequired: () => m.postcodeRequired({ kind }),
  } as TranslationFunctions['organizationForm']['validation']
}

/**
 * The §5 rules of the organization form, one message per field, in the active language; for one's
 * own organization at onboarding also the username, and a postcode of digits (as the server checks).
 */
function validate(LL: TranslationFunctions, values: Record<TextFields, string>, ownerField: boolean, own: boolean): Errors<TextFields> {
  const m = own ? ownMessages(LL, values.type) : LL.organizationForm.validation
  const errors: Errors<TextFields> = {}
  const empty = (field: TextFields) => values[field].trim() === ''
  if (own) {
    const kind = values.type === 'company' ? LL.onboarding.kinds.company() : LL.onboarding.kinds.school()
    if (empty('username')) errors.username = LL.onboarding.validation.usernameRequired({ kind })
    else if (!/^[A-Za-z0-9._-]+$/.test(values.username.trim())) errors.username = LL.onboarding.validation.usernameInvalid()
  }
  if (empty('name')) errors.name = m.nameRequired()
  if (empty('type')) errors.type = m.typeRequired()
  if (empty('industry')) errors.industry = m.industryRequired()
  if (empty('address_1')) errors.address_1 = m.addressRequired()
  if (empty('city')) errors.city = m.cityRequired()
  if (empty('state')) errors.state = m.stateRequired()
  if (empty('postal_code')) errors.postal_code = m.postcodeRequired()
  else if (own && !/^[0-9]+([ -][0-9]+)*$/.test(values.postal_code.trim())) errors.postal_code = LL.onboarding.validation.postcodeNotNumber()
  if (empty('country')) errors.country = m.countryRequired()
  if (empty('phone_code')) errors.phone_code = m.phoneRequired()
  if (empty('phone_number')) errors.phone_number = m.phoneRequired()
  else if (!/^[0-9][0-9\s-]*$/.test(values.phone_number.trim())) errors.phone_number = LL.validation.phoneNotNumber()
  if (empty('timezone')) errors.timezone = m.timezoneRequired()
  if (ownerField && empty('owner_user')) errors.owner_user = m.ownerRequired()
  else if (ownerField && !isValidEmail(values.owner_user)) errors.owner_user = m.ownerInvalid()
  return errors
}

export interface OrganizationFormProps {
  /** The organization to edit, or null to create one. */
  organization: Organization | null
  /** The platform admin's context: the owner (on creation) and the verified checkbox are shown. */
  adminContext: boolean
  /** A country admin's country: the country is fixed to it. */
  lockedCountry?: string | null | undefined
  /**
   * Onboarding: the person creates their own organization of this type (POST /v1/organizations/own/),
   * with a username, a postcode of digits and messages worded for a school or a company.
   */
  own?: OrganizationType | undefined
  onSaved: (organization: Organization) => void
  onCancel: () => void
}

/**
 * The organization form of spec §2 and §5 (create and edit dialogs): every field, its §5 message,
 * the server's messages next to their fields and the rest in the error panel. Choosing a country
 * sets its dial code. The flow (countries, checking, saving) is machines/organization-form.ts.
 */
export function OrganizationForm({ organization, adminContext, lockedCountry, own, onSaved, onCancel }: OrganizationFormProps) {
  const { LL } = useI18nContext()
  const ownerField = adminContext && organization === null && own === undefined
  const flow = useActorRef(
    organizationFormMachine.provide({ actors: own ? ownOrganizationFormActors : organizationFormActors }),
    { input: { organization }, ...actorOptions() },
    (snapshot) => {
      if (snapshot.status === 'done' && snapshot.output) onSaved(snapshot.output.organization)
    },
  )
  const countries = useSelector(flow, (s) => s.context.countries)
  const loading = useSelector(flow, (s) => s.matches('loading'))
  const loadFailed = useSelector(flow, (s) => s.matches('loadFailed'))
  const saving = useSelector(flow, (s) => s.matches('saving'))
  const incomplete = useSelector(flow, (s) => s.hasTag('incomplete'))
  const fieldErrors = useSelector(flow, (s) => s.context.fieldErrors)
  const failure = useSelector(flow, (s) => (s.matches({ editing: 'failed' }) ? s.context.error : null))
  const [verified, setVerified] = useState(organization?.is_verified ?? false)
  // a platform admin's number of invitations a day for an organization that exists; empty: the default
  const capField = adminContext && organization !== null && own === undefined
  const [cap, setCap] = useState(organization?.invitations_per_day == null ? '' : String(organization.invitations_per_day))
  const capInvalid = cap.trim() !== '' && !(/^[0-9]+$/.test(cap.trim()) && Number(cap.trim()) <= MAX_INVITATIONS_PER_DAY)
  const form = useForm(initialValues(organization, lockedCountry ?? null, own), (values) => validate(LL, values, ownerField, own !== undefined))

  const countryItems = useMemo(() => countries.map((c) => ({ value: c.iso2, label: c.name })), [countries])
  const zoneItems = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })), [])
  const industryItems = INDUSTRIES.map((value) => ({ value, label: LL.organizationForm.industries[value]() }))
  const typeItems = [
    { value: 'school', label: LL.terms.school.organization() },
    { value: 'company', label: LL.terms.company.organization() },
  ]

  if (loading) return <Spinner label={LL.common.loading()} />
  if (loadFailed)
    return (
      <Stack gap="4">
        <ErrorPanel messages={[LL.organizationForm.countriesFailed()]} />
        <Stack direction="row" justify="flex-end" gap="3">
          <Button variant="outline" onClick={onCancel}>
            {LL.common.cancel()}
          </Button>
          <Button onClick={() => flow.send({ type: 'organization.retry' })}>{LL.common.retry()}</Button>
        </Stack>
      </Stack>
    )

  // A field's local §5 message once it was touched (or after a refused submit), else the server's.
  const shown = (name: TextFields): string | undefined => {
    const own = form.field(name).errorText ?? (incomplete ? form.errors[name] : undefined)
    return own ?? fieldErrors[SERVER_FIELD[name] ?? name]?.join(' ')
  }
  const text = (name: TextFields) => {
    const props = form.field(name)
    return {
      ...props,
      errorText: shown(name),
      onChange: (event: { currentTarget: { value: string } }) => {
        props.onChange(event)
        flow.send({ type: 'organization.change', field: SERVER_FIELD[name] ?? name })
      },
    }
  }
  const choose = (name: TextFields) => (value: string[]) => text(name).onChange({ currentTarget: { value: value[0] ?? '' } })
  const chooseCountry = (value: string[]) => {
    choose('country')(value)
    const country: Country | undefined = countries.find((c) => c.iso2 === value[0])
    if (country?.dial_code) {
      form.setValue('phone_code', country.dial_code)
      flow.send({ type: 'organization.change', field: 'phone' })
    }
  }

  const submit = () => {
    form.attempt()
    const values: OrganizationFormValues = {
      ...form.values,
      owner_user: ownerField ? form.values.owner_user : null,
      is_verified: adminContext ? verified : null,
      username: own ? form.values.username : null,
      ...(capField ? { invitations_per_day: cap.trim() === '' ? null : Number(cap.trim()) } : {}),
    }
    if (capInvalid) return
    flow.send({ type: 'organization.submit', values })
  }

  return (
    <form
      noValidate
      onKeyDown={form.onKeyDown}
      onSubmit={(event) => {
        event.preventDefault()
        if (!saving) submit()
      }}
    >
      <Stack gap="5">
        <ErrorPanel messages={failure ? errorMessages(failure, LL.errors.generic(), LL.errors.network()) : []} />
        <Grid columns={{ base: 1, md: 2 }} gap="4">
          <TextField label={LL.organizationForm.name()} required autoComplete="organization" {...text('name')} />
          {own ? (
            <TextField label={LL.onboarding.username()} required autoComplete="off" helperText={LL.onboarding.usernameHelp()} {...text('username')} />
          ) : null}
          <Select label={LL.organizationForm.type()} required placeholder={LL.organizationForm.pick()} items={typeItems}
            name="type" value={form.values.type ? [form.values.type] : []} onValueChange={choose('type')} errorText={shown('type')} />
          <Select label={LL.organizationForm.industry()} required placeholder={LL.organizationForm.pick()} items={industryItems}
            name="industry" value={form.values.industry ? [form.values.industry] : []} onValueChange={choose('industry')} errorText={shown('industry')} />
          <TextField label={LL.organizationForm.address1()} required autoComplete="address-line1" {...text('address_1')} />
          <TextField label={LL.organizationForm.address2()} autoComplete="address-line2" {...text('address_2')} />
          <TextField label={LL.organizationForm.city()} required autoComplete="address-level2" {...text('city')} />
          <TextField label={LL.organizationForm.state()} required autoComplete="address-level1" {...text('state')} />
          <TextField label={LL.organizationForm.postalCode()} required autoComplete="postal-code" {...text('postal_code')} />
          <Select label={LL.organizationForm.country()} required placeholder={LL.organizationForm.pick()} items={countryItems}
            name="country" value={form.values.country ? [form.values.country] : []} onValueChange={chooseCountry}
            disabled={Boolean(lockedCountry)} errorText={shown('country')} />
          <Grid columns={3} gap="2">
            <TextField label={LL.organizationForm.phoneCode()} required inputMode="tel" autoComplete="tel-country-code" {...text('phone_code')} />
            <Grid gridColumn="span 2">
              <TextField label={LL.organizationForm.phoneNumber()} required type="tel" inputMode="tel" autoComplete="tel-national" {...text('phone_number')} />
            </Grid>
          </Grid>
          <Select label={LL.organizationForm.timezone()} required placeholder={LL.organizationForm.pick()} items={zoneItems}
            name="timezone" value={form.values.timezone ? [form.values.timezone] : []} onValueChange={choose('timezone')} errorText={shown('timezone')} />
          {ownerField ? (
            <TextField label={LL.organizationForm.owner()} required type="email" inputMode="email" autoComplete="off"
              helperText={LL.organizationForm.ownerHelp()} {...text('owner_user')} />
          ) : null}
        </Grid>
        {adminContext ? (
          <Checkbox checked={verified} onCheckedChange={(details) => setVerified(details.checked === true)}>
            {LL.organizationForm.verified()}
          </Checkbox>
        ) : null}
        {fieldErrors.is_verified ? <Text color="fg.error">{fieldErrors.is_verified.join(' ')}</Text> : null}
        {capField ? (
          <TextField
            label={LL.organizationForm.invitationsPerDay()}
            name="invitations_per_day"
            inputMode="numeric"
            autoComplete="off"
            value={cap}
            onChange={(event) => {
              setCap(event.currentTarget.value)
              flow.send({ type: 'organization.change', field: 'invitations_per_day' })
            }}
            helperText={LL.organizationForm.invitationsPerDayHelp()}
            errorText={capInvalid ? LL.organizationForm.invitationsPerDayInvalid() : fieldErrors.invitations_per_day?.join(' ')}
          />
        ) : null}
        <Stack direction={{ base: 'column-reverse', sm: 'row' }} gap="3" justify="flex-end">
          <Button variant="outline" onClick={onCancel}>
            {LL.common.cancel()}
          </Button>
          <Button type="submit" disabled={!form.valid} loading={saving}>
            {organization ? LL.organizationForm.save() : LL.organizationForm.create()}
          </Button>
        </Stack>
      </Stack>
    </form>
  )
}
