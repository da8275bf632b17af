export {
  aiTextsProgress,
  aiTextsTitle,
  OrderDetailCard,
  orderDetailTitle,
  type OrderDetailCardProps,
} from './OrderDetailCard'
