export { MassOrderQueue, type MassOrderQueueProps } from './MassOrderQueue'
export { type MassOrderQueueItem } from './MassOrderQueueItems'
