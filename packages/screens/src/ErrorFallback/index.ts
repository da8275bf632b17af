export {
  ErrorFallback,
  ErrorFallbackBoundary,
  type ErrorFallbackBoundaryProps,
  type ErrorFallbackProps,
} from './ErrorFallback'
