// Upstream error texts are shown to customers and written to logs, and some providers quote the key they were
// sent ("Incorrect API key provided: sk-abc...xyz"). Everything that leaves an adapter goes through here.

const redacted = '***'

// Token shapes of the four providers (OpenAI `sk-`/`sk-proj-`, DeepSeek `sk-`, OpenRouter `sk-or-v1-`,
// Replicate `r8_`), bearer credentials, and the partly masked forms providers echo back (`sk-abc***wxyz`).
const secretLookingTokens = [/\bsk-[\w*.-]{4,}/g, /\br8_[\w*]{4,}/g, /\bBearer\s+\S+/gi, /\S*\*{3,}\S*/g]

const longestReason = 300

/**
 * Removes every known secret and anything shaped like a provider key from a text meant for people, and bounds
 * its length. `secrets` are the exact keys in play (the customer's and the operator's).
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let safe = text
  for (const secret of secrets) {
    // Very short "keys" are typing mistakes, and replacing them would shred ordinary words.
    if (secret && secret.length >= 6) safe = safe.split(secret).join(redacted)
  }
  for (const pattern of secretLookingTokens) safe = safe.replace(pattern, redacted)
  safe = safe.replace(/\s+/g, ' ').trim()
  return safe.length > longestReason ? `${safe.slice(0, longestReason - 1)}…` : safe
}
