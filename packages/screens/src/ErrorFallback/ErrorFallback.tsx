import { Component, type ErrorInfo, type ReactNode } from 'react'
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

export interface ErrorFallbackBoundaryProps {
  /** Shown in place of the children once one of them throws while rendering. */
  fallback: ReactNode
  children: ReactNode
  /** Called with what was thrown (the app reports it). */
  onError?: (error: unknown, info: ErrorInfo) => void
}

interface ErrorFallbackBoundaryState {
  hasError: boolean
}

/** Catches a render error below it and shows `fallback` instead of a blank page. */
export class ErrorFallbackBoundary extends Component<ErrorFallbackBoundaryProps, ErrorFallbackBoundaryState> {
  override state: ErrorFallbackBoundaryState = { hasError: false }

  static getDerivedStateFromError(): ErrorFallbackBoundaryState {
    return { hasError: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info)
  }

  override render() {
    return this.state.hasError ? this.props.fallback : this.props.children
  }
}
