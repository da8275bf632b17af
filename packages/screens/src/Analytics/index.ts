export {
  Analytics,
  ANALYTICS_LOAD_FAILED,
  ANALYTICS_TITLE,
  DELIVERY_LOAD_FAILED,
  type AnalyticsProps,
} from './Analytics'
