import { mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { createAccount, createOrganization, invite, newPerson, organizationName } from './support/api'
import { PLATFORM_ADMIN } from './support/env'
import { SCREENSHOT_DIR } from './support/screens'
import { loginHeading, logIn, logInWith } from './support/ui'

/*
 * The flow gallery (/flows): every machine file of machines/ is drawn with as many states as its
 * machine has, counted here from the machine objects themselves; a state shows the spec text it
 * implements, by mouse and by keyboard. The built app is a production build: only a platform admin
 * may open the gallery.
 */

type StateNodeLike = { states: Record<string, StateNodeLike> }
const countStates = (node: StateNodeLike): number => Object.values(node.states).reduce((n, child) => n + 1 + countStates(child), 0)

/** Files of machines/ that build no machine (types, role predicates, the reading of an API failure). */
const NOT_MACHINES = ['api-failure', 'roles', 'types']

/** Each machine file's name and the number of states of the machine it exports. */
async function machinesOnDisk(): Promise<{ name: string; states: number }[]> {
  const dir = path.resolve('machines')
  const found: { name: string; states: number }[] = []
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts')).sort()) {
    const name = file.slice(0, -3)
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>
    const machines = Object.values(module).filter(
      (value): value is { root: StateNodeLike } => typeof value === 'object' && value !== null && 'root' in value && 'config' in value,
    )
    if (machines.length === 0) {
      expect(NOT_MACHINES, `${file} exports no machine`).toContain(name)
      continue
    }
    for (const machine of machines) found.push({ name, states: countStates(machine.root) })
  }
  return found
}

async function logInAsPlatformAdmin(page: Page): Promise<void> {
  await page.goto('/login')
  await expect(loginHeading(page)).toBeVisible()
  await logInWith(page, PLATFORM_ADMIN.email, PLATFORM_ADMIN.password)
  await expect(page).toHaveURL(/\/admin$/)
}

const flow = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const diagram = (page: Page, name: string) => flow(page, name).getByRole('group', { name: `Statechart of ${name}`, exact: true })

test('a platform admin sees every machine drawn with all its states, and a state shows the spec text it implements', async ({ page, context }) => {
  // 40-odd charts laid out one by one, on a machine that may be running other suites
  test.slow()
  const machines = await machinesOnDisk()
  expect(machines.length).toBeGreaterThanOrEqual(40)
  await logInAsPlatformAdmin(page)
  await page.goto('/flows')
  await expect(page.getByRole('heading', { name: 'Flow gallery', level: 1 })).toBeVisible({ timeout: 60_000 })

  // the layouts run one after another: the last chart may take a while on a loaded machine
  for (const { name, states } of machines) {
    await expect(diagram(page, name).getByRole('button'), name).toHaveCount(states, { timeout: 60_000 })
    // the table of states lists them too, with their descriptions and events
    await expect(flow(page, name).getByRole('table').getByRole('row'), name).toHaveCount(states + 1)
  }

  // the withdraw flow: clicking a state shows its description, its events and the spec's text
  const withdraw = flow(page, 'withdraw')
  await withdraw.scrollIntoViewIfNeeded()
  await expect(withdraw.getByText('src/features/profile/WithdrawDialog.tsx')).toBeVisible()
  await diagram(page, 'withdraw').getByRole('button', { name: 'confirmed', exact: true }).click()
  const spec = withdraw.getByRole('region', { name: 'Spec text for confirmed' })
  // the state's own sentences come first; the flow's whole text (folded, hidden) repeats some of them
  await expect(spec.getByText(/the first confirm sets a confirmed state and shows a second message/).first()).toBeVisible()
  await expect(spec.getByText('withdraw.confirm', { exact: true })).toBeVisible()

  // by keyboard: focus a state and press Enter
  const asking = diagram(page, 'withdraw').getByRole('button', { name: 'asking', exact: true })
  await asking.focus()
  await page.keyboard.press('Enter')
  await expect(withdraw.getByRole('region', { name: 'Spec text for asking' }).getByText('The first message: withdraw from this organization?')).toBeVisible()
  await expect(asking).toHaveAttribute('aria-pressed', 'true')

  // a state shows its own sentences; the whole flow's text is folded below them
  await diagram(page, 'withdraw').getByRole('button', { name: 'soleAdmin', exact: true }).click()
  const soleAdmin = withdraw.getByRole('region', { name: 'Spec text for soleAdmin' })
  await expect(soleAdmin.getByText(/a sole admin must invite another owner first/).first()).toBeVisible()
  await expect(soleAdmin.getByText(/the first confirm sets a confirmed state/)).toBeHidden()
  await soleAdmin.getByText("The whole flow's spec text").click()
  await expect(soleAdmin.getByText(/the first confirm sets a confirmed state/)).toBeVisible()
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await withdraw.screenshot({ path: path.join(SCREENSHOT_DIR, 'flows-withdraw-soleAdmin.png'), animations: 'disabled' })

  // a nested state of the class wizard: the goals step's sentences, not the wizard's steps
  const wizard = diagram(page, 'class-wizard')
  await wizard.getByRole('button', { name: 'editing.goals', exact: true }).click()
  const goals = flow(page, 'class-wizard').getByRole('region', { name: 'Spec text for editing.goals' })
  await expect(goals.getByText(/The goals step can be skipped/).first()).toBeVisible()
  await expect(goals.getByText(/Steps: details, goals, add students/)).toBeHidden()
  // its child without sentences of its own shows its parent's, and says so
  await wizard.getByRole('button', { name: 'editing.goals.editing', exact: true }).click()
  const goalsEditing = flow(page, 'class-wizard').getByRole('region', { name: 'Spec text for editing.goals.editing' })
  await expect(goalsEditing.getByText('Its parent state editing.goals implements this text.')).toBeVisible()
  await expect(goalsEditing.getByText(/The goals step can be skipped/).first()).toBeVisible()

  // the definition for the Stately editor: a createMachine call with the machine's config
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await withdraw.getByRole('button', { name: 'Copy for the Stately editor' }).click()
  await expect(withdraw.getByRole('status')).toHaveText(/Copied/)
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toContain('export const machine = createMachine(')
  expect(copied).toContain('"id": "withdraw"')
  expect(copied).toContain('"guard": "isSoleAdmin"')
})

test('a school admin cannot open the flow gallery in the production build, nor load its code', async ({ page, request }) => {
  const person = await createAccount(request, newPerson('flows-admin', 'Edna', 'Krabappel'))
  const school = await createOrganization(request, organizationName('Springfield Flows School'))
  const link = await invite(request, school, person.email, 'admin')
  await logIn(page, person)
  await page.goto(`${link.pathname}${link.search}`)
  await expect(page.getByText(school.name, { exact: true }).first()).toBeVisible()

  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  await page.goto('/flows')
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('heading', { name: 'Flow gallery' })).toBeHidden()
  expect(scripts.filter((url) => /FlowsPage/.test(url))).toEqual([])
})
