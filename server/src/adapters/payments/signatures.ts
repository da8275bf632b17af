import { timingSafeEqual } from 'node:crypto'

/** Compares two signatures in constant time; only their lengths, which are public, may leak. */
export function signaturesMatch(expected: string, received: string): boolean {
  const expectedBytes = Buffer.from(expected, 'utf8')
  const receivedBytes = Buffer.from(received, 'utf8')
  return expectedBytes.length === receivedBytes.length && timingSafeEqual(expectedBytes, receivedBytes)
}
