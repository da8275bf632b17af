export { AiProviderWizard, type AiProviderChoice, type AiProviderWizardProps } from './AiProviderWizard'
