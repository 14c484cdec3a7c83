/**
 * The contract's own string formats, checked by the request validators (validators.ts):
 * - `iso-country`: an ISO 3166-1 alpha-2 code, upper-case (officially assigned codes only);
 * - `time-zone`: an IANA time zone name the runtime knows (Intl.supportedValuesOf('timeZone'));
 * - `date` (replacing ajv-formats' own): a real day YYYY-MM-DD of the years EARLIEST_YEAR to 9999.
 */

// ISO 3166-1 alpha-2, the officially assigned codes
const ISO_COUNTRIES = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG EH ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
YE YT
ZA ZM ZW
`
  .trim()
  .split(/\s+/)

export const COUNTRY_CODES: ReadonlySet<string> = new Set(ISO_COUNTRIES)

export const isCountryCode = (value: string): boolean => COUNTRY_CODES.has(value)

const TIME_ZONES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('timeZone'))

/** The zone the runtime resolves a name to (an alias resolves to its canonical name), or undefined. */
const resolveTimeZone = (name: string): string | undefined => {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/**
 * A name of Intl.supportedValuesOf('timeZone'), or an IANA alias of one of them (Asia/Kolkata where
 * the runtime lists Asia/Calcutta; browsers and runtimes disagree on which is canonical), or UTC.
 * Offsets (+01:00) and mis-cased names are not time zone names.
 */
export const isTimeZone = (value: string): boolean => {
  if (TIME_ZONES.has(value)) return true
  if (!/^[A-Z][A-Za-z0-9_+-]*(\/[A-Z][A-Za-z0-9_+-]*)*$/.test(value)) return false
  const resolved = resolveTimeZone(value)
  return resolved !== undefined && (TIME_ZONES.has(resolved) || resolved === 'UTC')
}

/**
 * The first year a date may have. JSON Schema's `date` takes the year 0000, which PostgreSQL refuses
 * ("date/time field value out of range"): a report or export over it answered 500. No class or practice
 * of this product is that old, so the floor is a year a person recognizes rather than PostgreSQL's own.
 */
export const EARLIEST_YEAR = 1900

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** YYYY-MM-DD of a day that exists (30 February does not), of any four-digit year. */
export const isCalendarDate = (value: string): boolean => {
  const parts = DATE.exec(value)
  if (!parts) return false
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** A calendar date of the years EARLIEST_YEAR to 9999: what the contract's `date` format takes. */
export const isPortalDate = (value: string): boolean => isCalendarDate(value) && Number(value.slice(0, 4)) >= EARLIEST_YEAR
