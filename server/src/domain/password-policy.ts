import { PASSWORD_CONTAINS_EMAIL, passwordTooEasy } from '@engage/contract'
import * as corePackage from '@zxcvbn-ts/core'
import * as commonPackage from '@zxcvbn-ts/language-common'
import * as englishPackage from '@zxcvbn-ts/language-en'

// Which passwords an account may have, beyond the contract's length rule: none an attacker tries early. The
// estimate is zxcvbn's (dictionaries of common and leaked passwords, names, keyboard patterns, dates, l33t
// substitutions), run offline on the server only, so the browser never loads its dictionaries.

// Loaded as ES modules their exports are named; loaded as CommonJS (as some runners do) they sit on `default`.
type Namespace<Module> = Module & { default?: Module }
const common = (commonPackage as Namespace<typeof commonPackage>).default ?? commonPackage
const english = (englishPackage as Namespace<typeof englishPackage>).default ?? englishPackage
const core = (corePackage as Namespace<typeof corePackage>).default ?? corePackage

/**
 * zxcvbn's "somewhat guessable" level (over 10^6 guesses): it refuses common, leaked and patterned passwords
 * while any 8 unrelated characters still pass, so the panel's 8-character minimum keeps its meaning (a score of
 * 3 would refuse every 8-character password). Stored hashes are argon2id, which slows an offline attack.
 */
export const MINIMUM_PASSWORD_SCORE = 2

/** Only the start is estimated: the matcher's work grows faster than the length, and 72 characters is ample. */
const ESTIMATED_LENGTH = 72

let estimator: InstanceType<typeof core.ZxcvbnFactory> | undefined

function estimate(password: string, userInputs: string[]) {
  estimator ??= new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  })
  return estimator.check(password.slice(0, ESTIMATED_LENGTH), userInputs)
}

/** Why `password` may not be the password of the account with `email`, or null when it may. */
export function passwordProblem(password: string, email: string): string | null {
  const lowered = password.toLowerCase()
  const address = email.trim().toLowerCase()
  const [localPart = ''] = address.split('@')
  if (lowered.includes(address) || (localPart.length >= 4 && lowered.includes(localPart))) {
    return PASSWORD_CONTAINS_EMAIL
  }
  const result = estimate(password, [address, localPart])
  if (result.score >= MINIMUM_PASSWORD_SCORE) return null
  return passwordTooEasy(result.feedback.warning)
}
