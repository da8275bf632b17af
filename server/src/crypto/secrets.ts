import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

// Secrets at rest (customer AI keys, upstream provider keys): AES-256-GCM under DATA_KEY.
// Stored form: 'v1:' + base64url(12-byte IV ‖ ciphertext ‖ 16-byte tag). The version prefix leaves room for
// key rotation. Answers never carry the plain secret: they show maskApiKey() of @engage/contract.

const VERSION = 'v1:'
const IV_BYTES = 12
const TAG_BYTES = 16

export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return VERSION + Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url')
}

/** Throws when the value was not written by encryptSecret under this key (wrong key, tampering). */
export function decryptSecret(key: Buffer, stored: string): string {
  if (!stored.startsWith(VERSION)) throw new Error('Unknown secret format')
  const data = Buffer.from(stored.slice(VERSION.length), 'base64url')
  if (data.length < IV_BYTES + TAG_BYTES) throw new Error('Secret too short')
  const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, IV_BYTES))
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES))
  return Buffer.concat([
    decipher.update(data.subarray(IV_BYTES, data.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8')
}
