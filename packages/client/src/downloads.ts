// File downloads (the CSV exports): the answer is read as a Blob instead of JSON, with the bearer token and the
// server's `{ detail }` on failure, like every other call.

import { GENERIC_ERROR, requestFailedWithStatus } from '@engage/contract'
import { ApiError } from './errors'
import { errorTextOf, readJson, type FetchFunction } from './transport'

/** A query string of the filters that are set ('' and undefined left out). */
export function filterQueryText(filters: Readonly<Record<string, string | undefined>>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value.trim() !== '') search.set(key, value)
  }
  return search.size > 0 ? `?${search.toString()}` : ''
}

/** GETs `url` with the token and answers the file; a failed answer throws ApiError with its detail. */
export async function downloadFile(fetchFunction: FetchFunction, url: string, token: string): Promise<Blob> {
  let response: Response
  try {
    response = await fetchFunction(url, {
      method: 'GET',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
    })
  } catch (error) {
    throw new ApiError({ kind: 'network', status: null, detail: GENERIC_ERROR, cause: error })
  }
  if (!response.ok) {
    const body = await readJson(response)
    throw new ApiError({
      kind: 'http',
      status: response.status,
      detail: errorTextOf(body) ?? requestFailedWithStatus(response.status),
    })
  }
  return response.blob()
}
