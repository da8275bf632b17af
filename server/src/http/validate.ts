import { CONTROL_CHARACTERS_MESSAGE, INVALID_REQUEST_BODY } from '@engage/contract'
import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type * as z from 'zod'
import { findControlCharacter } from './input-guard'

// Request validation with the contract's zod schemas. A failure answers 422 `{ detail, field }`: detail names
// the field and gives the contract's message ('confirmPassword: Passwords do not match'), and `field` holds
// the path alone so a client can place the message beside its input.

/** 'items[2].url' for the path ['items', 2, 'url']; '' for the body itself. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let text = ''
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`
    else text += text === '' ? String(segment) : `.${String(segment)}`
  }
  return text
}

/** The first issue as `{ detail, field }`. */
export function describeIssues(error: z.core.$ZodError): { detail: string; field: string } {
  const issue = error.issues[0]
  if (!issue) return { detail: INVALID_REQUEST_BODY, field: '' }
  const field = fieldPath(issue.path)
  // A root-level type failure (an array where an object was expected, a body that is not JSON) has no field
  // to name and its zod message is technical: answer the house text instead.
  if (field === '') {
    const technical = issue.code === 'invalid_type' || issue.code === 'unrecognized_keys'
    return { detail: technical ? INVALID_REQUEST_BODY : issue.message, field }
  }
  return { detail: `${field}: ${issue.message}`, field }
}

/**
 * zValidator with the API's 422 answer: `.post('/x', validate('json', Schema), (c) => c.req.valid('json'))`.
 * Query and path parameters use the same function with target 'query' or 'param'.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) return c.json(describeIssues(result.error), 422)
    const field = findControlCharacter(result.data)
    if (field !== null) {
      return c.json(
        {
          detail: field === '' ? CONTROL_CHARACTERS_MESSAGE : `${field}: ${CONTROL_CHARACTERS_MESSAGE}`,
          field,
        },
        422,
      )
    }
  })
}
