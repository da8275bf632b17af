import { type Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { sha256Hex } from '../crypto/tokens'
import { countReferralVisit, REFERRAL_CODE_PATTERN, referrerOfCode } from '../domain/affiliates'
import type { AppEnv } from '../http/env'
import { clientAddress, takeAttempt } from '../http/rate-limit'

// GET /r/{code}: a customer's referral link (ADR 240). It counts the visit, keeps the code in a first-party
// cookie for 30 days and sends the visitor to the sign-up form; POST /api/signup and the Google sign-in
// callback read the cookie and attribute the new account to the link's owner.
//
// A visit counts at most once a day per visitor and link: not when the browser already carries this link's
// cookie, not from the same address twice within a day (the limit's row holds a hash of address and code, not
// the address), not for a HEAD and not for a user agent that says it is a crawler. Only a count per day is
// kept.

export const REFERRAL_COOKIE = 'engage_ref'
const REFERRAL_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60
const SIGNUP_PATH = '/auth?mode=signup'

const CRAWLER =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|headless|curl|wget|python|http-client|okhttp/i

/** The referral code the browser carries, if it looks like one. */
export function referralCodeFromCookie(c: Context<AppEnv>): string | undefined {
  const code = getCookie(c, REFERRAL_COOKIE)
  return code !== undefined && REFERRAL_CODE_PATTERN.test(code) ? code : undefined
}

/** After a sign-up the code has done its work. */
export function forgetReferralCode(c: Context<AppEnv>): void {
  if (getCookie(c, REFERRAL_COOKIE) !== undefined) deleteCookie(c, REFERRAL_COOKIE, { path: '/' })
}

async function countsAsVisit(c: Context<AppEnv>, code: string): Promise<boolean> {
  if (c.req.method !== 'GET') return false
  const agent = c.req.header('User-Agent') ?? ''
  if (agent === '' || CRAWLER.test(agent)) return false
  if (getCookie(c, REFERRAL_COOKIE) === code) return false
  const subject = `visit:${sha256Hex(`${clientAddress(c)}|${code}`)}`
  return (await takeAttempt(c, 'referral-visit', [{ subject, limit: 1 }])) === undefined
}

export const referralLinkRoutes = new Hono<AppEnv>()

referralLinkRoutes.get('/:code', async (c) => {
  const code = c.req.param('code').toLowerCase()
  const { db, clock, config } = c.get('deps')
  const referrerId = await referrerOfCode(db, code)
  if (referrerId === undefined) return c.redirect('/', 302)
  if (await countsAsVisit(c, code)) await countReferralVisit(db, referrerId, clock.now())
  setCookie(c, REFERRAL_COOKIE, code, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: REFERRAL_COOKIE_MAX_AGE_SECONDS,
  })
  c.header('Cache-Control', 'no-store')
  return c.redirect(SIGNUP_PATH, 302)
})
