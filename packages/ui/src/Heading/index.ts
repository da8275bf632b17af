export { Heading, headingLevels, headingSizes, type HeadingProps } from './Heading'
