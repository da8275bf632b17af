export { Dialog, DialogTrigger, dialogSizes, type DialogProps } from './Dialog'
