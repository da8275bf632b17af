export { StatCards } from './StatCards'
