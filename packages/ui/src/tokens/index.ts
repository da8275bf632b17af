import './global.css'

export { vars } from './vars.css'
export { darkTheme } from './darkTheme.css'
export { lightTheme } from './lightTheme.css'
export { applyTheme, defaultTheme, readTheme, themeClassNames, themes, type Theme } from './theme'
export { statusTones, type StatusTone } from './tones'
