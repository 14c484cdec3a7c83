import { expect, type APIRequestContext, type Page } from '@playwright/test'

/**
 * The development outbox (GET /dev/mail, /dev/mail.json): the server writes every mail there
 * when no SMTP_URL is set, which is how the e2e server runs.
 */

export interface OutboxMail {
  id: number
  to: string
  subject: string
  language: string
  text: string
  links: string[]
  created_at: string
}

/**
 * Opens /dev/mail like a person opens an inbox, waits (refreshing) until a mail to `to` whose
 * link leads to `linkPath` is listed, and follows the link of the newest such mail in the same tab.
 * With `count`, waits until that many such mails are listed (a second reset mail, ...).
 * Answers the subject of the mail that was opened.
 */
export async function followMailLink(
  page: Page,
  to: string,
  linkPath: string,
  options: { count?: number } = {},
): Promise<string> {
  const count = options.count ?? 1
  const mailRows = () =>
    page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: to, exact: true }) })
      .filter({ has: page.getByRole('link', { name: new RegExp(`^https?://[^/]+${escapeRegExp(linkPath)}[?/]`) }) })
  await page.goto('/dev/mail')
  await expect(async () => {
    // a person presses reload until the mail is there
    if ((await mailRows().count()) < count) {
      await page.reload()
      expect(await mailRows().count()).toBeGreaterThanOrEqual(count)
    }
  }).toPass({ timeout: 15_000 })
  // newest first
  const row = mailRows().first()
  const subject = (await row.getByRole('cell').first().getByRole('link').textContent()) ?? ''
  await row.getByRole('link', { name: new RegExp(`^https?://[^/]+${escapeRegExp(linkPath)}[?/]`) }).first().click()
  return subject.trim()
}

/** The mails to `to`, newest first, from /dev/mail.json. */
export async function mailsTo(request: APIRequestContext, to: string): Promise<OutboxMail[]> {
  const response = await request.get(`/dev/mail.json?to=${encodeURIComponent(to)}`)
  expect(response.status(), 'the dev outbox is served (NODE_ENV=development, no SMTP_URL)').toBe(200)
  return (await response.json()) as OutboxMail[]
}

/** Waits for the newest mail to `to` with a link to `linkPath` and answers that mail and link. */
export async function newestMailLink(
  request: APIRequestContext,
  to: string,
  linkPath: string,
  /** Wait until the address has at least this many mails (to skip an older one with the same link). */
  atLeast = 1,
): Promise<{ mail: OutboxMail; link: URL }> {
  let found: { mail: OutboxMail; link: URL } | undefined
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(request, to)
        if (mails.length < atLeast) return false
        for (const mail of mails) {
          // a path, or a path and one more segment (/invite/<token>)
          const link = mail.links.map((l) => new URL(l)).find((url) => url.pathname === linkPath || url.pathname.startsWith(`${linkPath}/`))
          if (link) {
            found = { mail, link }
            return true
          }
        }
        return false
      },
      { message: `a mail to ${to} with a link to ${linkPath}`, timeout: 15_000 },
    )
    .toBe(true)
  return found as { mail: OutboxMail; link: URL }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
