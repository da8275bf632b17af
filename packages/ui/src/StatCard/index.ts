export { StatCard, type StatCardProps } from './StatCard'
