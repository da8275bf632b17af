export { Stack, stackAlignments, stackDirections, stackJustifications, type StackProps } from './Stack'
