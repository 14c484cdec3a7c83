import { getCountries, getCountryCallingCode, Metadata, type CountryCode } from 'libphonenumber-js'
import metadataJson from 'libphonenumber-js/metadata.min.json'
import type { Locales } from '../../locales/i18n-types.js'
import type { components } from '../../openapi/schema.js'
import type { Handler } from '../contract/handler.js'
import { COUNTRY_CODES } from '../contract/formats.js'

/**
 * The country list of the organization form: ISO 3166-1 codes, their dial codes, priority and area
 * codes from libphonenumber-js's metadata (a maintained dataset), names from Intl.DisplayNames.
 */

type Country = components['schemas']['Country']
type Dialing = Pick<Country, 'dial_code' | 'priority' | 'area_codes'>

const dialing = (): Map<string, Dialing> => {
  const metadata = new Metadata()
  // the countries of each calling code, the main one first
  const sharing = metadataJson.country_calling_codes as Record<string, string[]>
  const out = new Map<string, Dialing>()
  for (const country of getCountries()) {
    const code = getCountryCallingCode(country)
    const countries = sharing[code] ?? [country]
    metadata.selectNumberingPlan(country)
    out.set(country, {
      dial_code: `+${code}`,
      priority: Math.max(countries.indexOf(country), 0),
      area_codes: countries.length > 1 ? (metadata.numberingPlan?.leadingDigits() || null) : null,
    })
  }
  return out
}

let dialingByCountry: Map<string, Dialing> | undefined
const byLocale = new Map<Locales, Country[]>()

/** The countries named and sorted for a language (computed once per language). */
export const countriesFor = (locale: Locales): Country[] => {
  const cached = byLocale.get(locale)
  if (cached) return cached
  dialingByCountry ??= dialing()
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' })
  const collator = new Intl.Collator(locale)
  const list = [...COUNTRY_CODES]
    .map((iso2) => ({
      iso2,
      name: names.of(iso2) ?? iso2,
      ...(dialingByCountry!.get(iso2 as CountryCode) ?? { dial_code: null, priority: 0, area_codes: null }),
    }))
    .sort((a, b) => collator.compare(a.name, b.name))
  byLocale.set(locale, list)
  return list
}

/** GET /v1/countries/ */
export const listCountries: Handler<'listCountries'> = async ({ locale }) => countriesFor(locale)
