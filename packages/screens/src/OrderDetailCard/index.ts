export {
  aiTextsProgress,
  OrderDetailCard,
  orderDetailTitle,
  type OrderDetailCardProps,
} from './OrderDetailCard'
