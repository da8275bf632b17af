export { Card, cardElevations, type CardProps } from './Card'
