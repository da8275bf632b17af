import { hash, verify } from '@node-rs/argon2'

// argon2id with the OWASP minimum parameters (m = 19 MiB, t = 2, p = 1).
// Algorithm is an ambient const enum (unusable under verbatimModuleSyntax); 2 is its Argon2id member.
const ARGON2ID = 2
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

/** Verifies against a stored hash; a malformed hash counts as a mismatch rather than an error. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let decoyHash: Promise<string> | undefined

/**
 * Spends the time of one verification when there is no account to check, so sign-in takes as long for an
 * unknown email as for a wrong password and timing does not reveal which emails have accounts.
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password for timing equality')
  await verifyPassword(await decoyHash, password)
  return false
}
