import { Component, createContext, type ContextType, type ErrorInfo, type ReactNode } from 'react'
import { REFRESH_PAGE, SOMETHING_WENT_WRONG } from '@engage/contract'
import { Button, Card, Heading, Stack, Text } from '@engage/ui'

export interface ErrorFallbackProps {
  /** The first line. @default 'Something went wrong' */
  title?: string
  /** What happened and what to do, under the title. */
  message?: string
  /** What Refresh Page does. @default reloads the page */
  onRefresh?: () => void
}

/** A screen that failed to render: 'Something went wrong' and a Refresh Page button. */
export function ErrorFallback({
  title = SOMETHING_WENT_WRONG,
  message,
  onRefresh = () => window.location.reload(),
}: ErrorFallbackProps) {
  return (
    <Card role="alert" elevation="raised" maxWidth="small" marginX="auto">
      <Stack gap="medium" alignItems="flex-start">
        <Heading level={1} size="large">
          {title}
        </Heading>
        {message ? <Text elementType="p">{message}</Text> : null}
        <Button onPress={onRefresh}>{REFRESH_PAGE}</Button>
      </Stack>
    </Card>
  )
}

/** Where a render failure caught by an ErrorFallbackBoundary is sent besides the console (the app: its server). */
export type RenderErrorReporter = (error: unknown, componentStack: string | undefined) => void

/** The reporter of the boundaries below it; none by default (stories, tests), where the console is enough. */
export const RenderErrorReporterContext = createContext<RenderErrorReporter | null>(null)

export interface ErrorFallbackBoundaryProps {
  /** Shown in place of the children once one of them throws while rendering. */
  fallback: ReactNode
  children: ReactNode
  /** Called with what was thrown, after it is logged and reported. */
  onError?: (error: unknown, info: ErrorInfo) => void
}

interface ErrorFallbackBoundaryState {
  hasError: boolean
}

/**
 * Catches a render error below it and shows `fallback` instead of a blank page. The error is never silent: it
 * goes to console.error with the component stack (where it was in the tree), and to the reporter of
 * RenderErrorReporterContext when there is one.
 */
export class ErrorFallbackBoundary extends Component<ErrorFallbackBoundaryProps, ErrorFallbackBoundaryState> {
  static override contextType = RenderErrorReporterContext
  declare context: ContextType<typeof RenderErrorReporterContext>
  override state: ErrorFallbackBoundaryState = { hasError: false }

  static getDerivedStateFromError(): ErrorFallbackBoundaryState {
    return { hasError: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    const componentStack = info.componentStack ?? undefined
    console.error('A screen failed to render:', error, `\nComponent stack:${componentStack ?? ' (none)'}`)
    try {
      this.context?.(error, componentStack)
    } catch (reportError) {
      console.error('Could not report the render failure', reportError)
    }
    this.props.onError?.(error, info)
  }

  override render() {
    return this.state.hasError ? this.props.fallback : this.props.children
  }
}
