// Column types every table shares.

import type { Generated } from 'kysely'

/** A primary key the database assigns. */
export type Id = Generated<number>

/** An epoch-milliseconds instant. */
export type Instant = number

export type Micros = number
