import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 256 random bits as base64url: session and password-reset tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** SHA-256 as hex: how tokens are stored and looked up (a leaked table holds no usable token). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** Constant-time comparison of two strings. */
export function safeEqual(left: string, right: string): boolean {
  const a = Buffer.from(left)
  const b = Buffer.from(right)
  return a.length === b.length && timingSafeEqual(a, b)
}
