import { mkdirSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

/**
 * What is done on every screen a journey reaches: a full-page screenshot kept with the test
 * results, an accessibility check (axe, WCAG 2 A and AA, and a control's name containing its visible text) that
 * fails on any violation, and a check that nothing the page did so far (this screen or an earlier one of the tab)
 * broke the server's Content Security Policy.
 */

export const SCREENSHOT_DIR = path.resolve('test-results', 'screenshots')

/** Saves a full-page screenshot to test-results/screenshots/<name>.png and attaches it to the test. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const file = path.join(SCREENSHOT_DIR, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' })
  await test.info().attach(name, { path: file, contentType: 'image/png' })
  return file
}

/**
 * Runs axe with the WCAG 2 A and AA rules on what is on screen, plus label-content-name-mismatch
 * (WCAG 2.1 A, 2.5.3: a control's name contains its visible text), which those tags leave out;
 * fails with a readable list.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    // options() replaces the options, so it comes before withTags(); a rule set here runs whatever the tags
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze()
  const report = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').join(' ') ?? ''}`)
        .join('\n'),
  )
  expect(report, `axe (wcag2a, wcag2aa, label-content-name-mismatch) on ${name}`).toEqual([])
}

/**
 * No Content Security Policy violation in the tab since it was opened: Chromium reports each one (a
 * blocked inline script or style, a blocked load) as a console error, kept across navigations.
 */
export async function expectNoCspViolations(page: Page, name: string): Promise<void> {
  const messages = await page.consoleMessages({ filter: 'all' })
  const violations = messages.map((message) => message.text()).filter((text) => text.includes('Content Security Policy'))
  expect(violations, `Content Security Policy violations up to ${name}`).toEqual([])
}

/** A screen reached: screenshot, accessibility and CSP checks. Wait for what the person sees before calling it. */
export async function screen(page: Page, name: string): Promise<void> {
  await settle(page)
  await shot(page, name)
  await expectAccessible(page, name)
  await expectNoCspViolations(page, name)
}

/** Nothing horizontal to scroll: the page fits the viewport's width. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
      .filter((element) => getComputedStyle(element).position !== 'fixed')
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 3).join('.')} right=${Math.round(element.getBoundingClientRect().right)}`)
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide }
  })
  expect(overflow.scrollWidth, `horizontal scroll at ${overflow.clientWidth}px; too wide: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(
    overflow.clientWidth,
  )
}

export const NARROW = { width: 360, height: 740 }
export const WIDE = { width: 1440, height: 900 }

/**
 * The screen at 360 px (no horizontal scroll) and at 1440 px wide: screenshot and axe at both.
 * `ready` waits for what the person sees (it runs again after each resize).
 */
export async function screenAtWidths(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  const original = page.viewportSize()
  for (const [label, size] of [
    ['360', NARROW],
    ['1440', WIDE],
  ] as const) {
    await page.setViewportSize(size)
    await ready()
    if (label === '360') await expectNoHorizontalScroll(page)
    await screen(page, `${name}-${label}`)
  }
  if (original) await page.setViewportSize(original)
}

/** Fonts loaded and no animation running, so the screenshot shows the settled screen. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)))
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
  })
}

/**
 * axe on what is on screen in the light and then the dark theme (the `dark` class on <html>, as the kit's
 * toggle sets it), back to the theme it was in: for a dialog whose colours (a solid red confirm button)
 * must read in both.
 */
export async function expectAccessibleInBothThemes(page: Page, name: string): Promise<void> {
  const setTheme = (mode: 'light' | 'dark') =>
    page.evaluate((next) => {
      const root = document.documentElement
      const before = root.classList.contains('dark') ? 'dark' : 'light'
      root.classList.remove('light', 'dark')
      root.classList.add(next)
      root.style.colorScheme = next
      return before
    }, mode)
  const original = await setTheme('light')
  for (const mode of ['light', 'dark'] as const) {
    await setTheme(mode)
    await settle(page)
    await expectAccessible(page, `${name} (${mode})`)
  }
  await setTheme(original)
}
