export { Button, buttonSizes, buttonTones, type ButtonProps } from './Button'
export { button as buttonStyle } from './Button.css'
