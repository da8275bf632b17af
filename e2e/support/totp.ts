import { createHmac } from 'node:crypto'

// A six-digit TOTP code (RFC 6238: HMAC-SHA-1, 30-second steps) computed here from the base32 secret the
// set-up shows, the way an authenticator app would: the end-to-end tests do not borrow the server's library.

function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const character of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(character)
    if (value < 0) throw new Error(`Not base32: ${character}`)
    bits += value.toString(2).padStart(5, '0')
  }
  const bytes: number[] = []
  for (let index = 0; index + 8 <= bits.length; index += 8)
    bytes.push(parseInt(bits.slice(index, index + 8), 2))
  return Buffer.from(bytes)
}

export function totpCode(secret: string, timestamp: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(timestamp / 30_000)))
  const digest = createHmac('sha1', base32Bytes(secret)).update(counter).digest()
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return String(value).padStart(6, '0')
}

/** The secret of an otpauth:// address. */
export function secretOfUri(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret')
  if (!secret) throw new Error(`No secret in ${uri}`)
  return secret
}
