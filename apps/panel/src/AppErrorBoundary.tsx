import type { ReactNode } from 'react'
import { ErrorFallback, ErrorFallbackBoundary, RenderErrorReporterContext } from '@engage/screens'
import { reportRenderError } from './reportRenderError'

/**
 * The panel's outermost error boundary, and the reporter of every boundary below it (the dashboard's, the
 * orders page's): a page that fails to render shows 'Something went wrong' with Refresh Page, and the failure
 * goes to the console and to the server's log.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <RenderErrorReporterContext value={reportRenderError}>
      <ErrorFallbackBoundary fallback={<ErrorFallback />}>{children}</ErrorFallbackBoundary>
    </RenderErrorReporterContext>
  )
}
