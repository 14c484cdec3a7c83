import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, login, startServer, type TestServer } from './harness.js'

/** The organization form's countries: dial codes, priority and area codes, names in the reader's language. */

let server: TestServer
let token: string

beforeAll(async () => {
  server = await startServer()
  await createUser(server, { email: 'someone@example.com' })
  token = await login(server, 'someone@example.com')
})
afterAll(() => server.close())

type Country = { iso2: string; name: string; dial_code: string | null; priority: number; area_codes: string | null }
const countries = async (language = 'en') =>
  (await server.api<Country[]>('GET', '/v1/countries/', { token, language })).body
const find = (list: Country[], iso2: string) => list.find((country) => country.iso2 === iso2)

describe('the countries', () => {
  it('lists every ISO country once, sorted by its English name, with dial codes', async () => {
    const list = await countries()
    expect(list).toHaveLength(249)
    expect(new Set(list.map((country) => country.iso2)).size).toBe(249)
    const names = list.map((country) => country.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare))
    expect(find(list, 'JP')).toEqual({ iso2: 'JP', name: 'Japan', dial_code: '+81', priority: 0, area_codes: null })
    expect(find(list, 'TH')?.dial_code).toBe('+66')
    // a territory without telephone numbers
    expect(find(list, 'BV')).toMatchObject({ dial_code: null })
  })

  it('ranks the countries that share a dial code and gives their area codes', async () => {
    const list = await countries()
    expect(find(list, 'US')).toMatchObject({ dial_code: '+1', priority: 0, area_codes: null })
    expect(find(list, 'CA')).toMatchObject({ dial_code: '+1' })
    expect(find(list, 'CA')!.priority).toBeGreaterThan(0)
    expect(find(list, 'AG')).toMatchObject({ dial_code: '+1', area_codes: '268' })
    expect(find(list, 'GB')).toMatchObject({ dial_code: '+44', priority: 0 })
    expect(find(list, 'IM')!.priority).toBeGreaterThan(0)
  })

  it('names them in the reader\'s language', async () => {
    expect(find(await countries('ja'), 'JP')?.name).toBe('日本')
    expect(find(await countries('es-MX'), 'DE')?.name).toBe('Alemania')
    expect(find(await countries('th'), 'TH')?.name).toBe('ไทย')
  })

  it('needs a session', async () => {
    expect((await server.api('GET', '/v1/countries/')).status).toBe(401)
  })
})
