export { FetchModelsDialog, type FetchedModelChoice, type FetchModelsDialogProps } from './FetchModelsDialog'
