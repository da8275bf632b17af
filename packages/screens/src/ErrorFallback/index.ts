export {
  ErrorFallback,
  ErrorFallbackBoundary,
  RenderErrorReporterContext,
  type ErrorFallbackBoundaryProps,
  type ErrorFallbackProps,
  type RenderErrorReporter,
} from './ErrorFallback'
